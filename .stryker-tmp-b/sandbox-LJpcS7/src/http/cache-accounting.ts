/**
 * Cache accounting for a recorded session (provider-cache.md §C, §D): per model call the
 * normalised usage and the most cache-read tokens the request sequence allows (the
 * bound), then the token-weighted read rate Σ cacheRead ÷ Σ input and the attainment
 * Σ cacheRead ÷ Σ bound.
 *
 * The bound of a call is what the best entry written earlier in the session can serve:
 *  - DeepSeek: 64-token units of the longest prefix shared with an earlier prompt plus
 *    its output (the cache is written for both); OpenAI (classic): nothing below 1024
 *    tokens, then 1024 + 128·k. When a request extends an earlier prompt plus its output
 *    message for message, the shared prefix is that call's recorded prompt + output
 *    tokens, exactly; when it repeats it, its own prompt; otherwise the tokenizer
 *    estimates where the prefix ends, anchored on the recorded totals.
 *  - OpenAI with cache writes reported (GPT-5.6 and later) and Anthropic: entries sit at
 *    breakpoints and are token-exact; an entry holds the earlier call's read + write tokens
 *    (everything up to its last breakpoint) and serves a call that keeps the same blocks
 *    up to there. Anthropic caches no output. Its counts come from the recorded usage
 *    alone: Anthropic publishes no tokenizer.
 * Tool or model changes share nothing (the tools are rendered before the messages).
 * Every earlier call is a candidate, not only the previous one: agents interleave.
 */
// @ts-nocheck

import type { Provider } from '../wire/index.ts';
import { attributeBreak, type Attribution, type CallView } from './attribution.ts';
import { breakpointReaches, readableTokens } from './cache-rules.ts';
import type { Cassette, Interaction } from './cassette.ts';
import { sharedLength } from '../first-difference.ts';
import { readInteraction, type Api } from './endpoint.ts';
import { messageKey, outputOf, promptOf, usedServerTools, type Prompt, type PromptMessage } from './prompt.ts';
import { tokenizerFor } from './tokenizers.ts';
import { usageOf, type Usage } from './usage.ts';

export interface RequestAccount extends Usage {
  /** The interaction's index in the cassette. */
  readonly index: number;
  readonly provider: Provider;
  readonly api: Api;
  readonly model?: string;
  readonly url?: string;
  /** The most cache-read tokens the session allows here; null when it cannot be computed. */
  readonly bound: number | null;
  /** How the bound was derived. */
  readonly basis: string;
  /** Why the recorded reads differ from the bound, when they do. */
  readonly why?: string;
  /** Why the reads fell below the previous call's prompt (or that this call starts cold), when they did. */
  readonly break?: Attribution;
}

export interface CacheAccount {
  readonly requests: readonly RequestAccount[];
  /** Sums of the known values; null when no call reports the count. */
  readonly totals: { readonly input: number | null; readonly cacheRead: number | null; readonly cacheWrite: number | null; readonly output: number | null; readonly bound: number | null };
  /** Σ cacheRead ÷ Σ input over calls reporting both; null when there are none. */
  readonly rate: number | null;
  /** The same without the first call, which starts cold. */
  readonly rateAfterFirst: number | null;
  /**
   * Σ cacheRead ÷ Σ max(bound, cacheRead); null when that is 0 or unknown. At most 1 by
   * construction: reads above the in-session bound (a warm start) show the provider held
   * that much, so the bound of that call was at least what it read.
   */
  readonly attainment: number | null;
  /** Σ min(cacheRead, bound) ÷ Σ bound: the attainment without the reads above the bound. */
  readonly attainmentInSession: number | null;
  /** Σ of reads above the bound (a cache warmed before the session, a server-side tool loop), reported apart (provider-cache.md §C). */
  readonly externalReads: number;
}

interface Call {
  readonly index: number;
  readonly provider: Provider;
  readonly api: Api;
  readonly url: string | undefined;
  readonly usage: Usage;
  readonly prompt: Prompt | undefined;
  readonly output: readonly PromptMessage[];
  readonly serverTools: boolean;
  readonly body: Readonly<Record<string, unknown>> | undefined;
  readonly bodyText: string | undefined;
  readonly at: number | undefined;
}

interface Candidate {
  readonly tokens: number;
  readonly basis: string;
  readonly estimated?: true;
}

export async function accountCache(cassette: Cassette): Promise<CacheAccount> {
  const accountant = new CacheAccountant(cassette.header.provider);
  for (const [index, interaction] of cassette.interactions.entries()) await accountant.add(interaction, index);
  return accountant.account();
}

/**
 * The account of a session that grows one interaction at a time (a proxy's): each call is
 * accounted against the calls before it only, so adding one costs what comparing it with
 * the earlier calls costs, not a new pass over the session.
 */
export class CacheAccountant {
  readonly #provider: Provider | undefined;
  readonly #calls: Call[] = [];
  readonly #views: CallView[] = [];
  readonly #requests: RequestAccount[] = [];

  constructor(provider: Provider | 'unknown' = 'unknown') {
    this.#provider = provider === 'unknown' ? undefined : provider;
  }

  /** Accounts interaction `index`; undefined when it is not a model call. */
  async add(interaction: Interaction, index: number): Promise<RequestAccount | undefined> {
    const call = modelCall(interaction, index, this.#provider);
    if (call === undefined) return undefined;
    const position = this.#calls.length;
    const { bound, basis, estimated } = await boundOf(call, this.#calls);
    this.#calls.push(call);
    const read = call.usage.cacheRead;
    const why = bound === null || read === undefined || read === bound ? undefined : explain(read, bound, position, this.#calls, estimated);
    let cause: Attribution | undefined;
    if (call.prompt !== undefined && call.body !== undefined) {
      this.#views.push({
        provider: call.provider, api: call.api, body: call.body, prompt: call.prompt, output: call.output, usage: call.usage,
        ...(bound === null ? {} : { bound }),
        ...(call.at === undefined ? {} : { at: call.at }),
        ...(call.bodyText === undefined ? {} : { bodyText: call.bodyText }),
      });
      cause = attributeBreak(this.#views, this.#views.length - 1);
    }
    const account: RequestAccount = {
      index: call.index,
      provider: call.provider,
      api: call.api,
      ...(call.prompt?.model === undefined ? {} : { model: call.prompt.model }),
      ...(call.url === undefined ? {} : { url: call.url }),
      ...call.usage,
      bound,
      basis,
      ...(why === undefined ? {} : { why }),
      ...(cause === undefined ? {} : { break: cause }),
    };
    this.#requests.push(account);
    return account;
  }

  /** The session so far. */
  account(): CacheAccount {
    const requests = [...this.#requests];
    const sum = (values: ReadonlyArray<number | null | undefined>) => values.reduce<number>((total, v) => total + (v ?? 0), 0);
    const known = (values: ReadonlyArray<number | null | undefined>) => (values.some((v) => v !== undefined && v !== null) ? sum(values) : null);
    const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
    const rated = (list: readonly RequestAccount[]) => list.filter((r) => r.input !== undefined && r.cacheRead !== undefined);
    const bounded = requests.filter((r) => r.bound !== null && r.cacheRead !== undefined);
    return {
      requests,
      totals: {
        input: known(requests.map((r) => r.input)),
        cacheRead: known(requests.map((r) => r.cacheRead)),
        cacheWrite: known(requests.map((r) => r.cacheWrite)),
        output: known(requests.map((r) => r.output)),
        bound: known(requests.map((r) => r.bound)),
      },
      rate: ratio(sum(rated(requests).map((r) => r.cacheRead)), sum(rated(requests).map((r) => r.input))),
      rateAfterFirst: ratio(sum(rated(requests.slice(1)).map((r) => r.cacheRead)), sum(rated(requests.slice(1)).map((r) => r.input))),
      attainment: ratio(sum(bounded.map((r) => r.cacheRead)), sum(bounded.map((r) => Math.max(r.bound!, r.cacheRead!)))),
      attainmentInSession: ratio(sum(bounded.map((r) => Math.min(r.cacheRead!, r.bound!))), sum(bounded.map((r) => r.bound))),
      externalReads: sum(bounded.map((r) => Math.max(0, r.cacheRead! - r.bound!))),
    };
  }
}

function modelCall(interaction: Interaction, index: number, provider: Provider | undefined): Call | undefined {
  const { request, response, endpoint } = readInteraction(interaction, provider);
  if (endpoint === undefined || response === undefined) return undefined;
  return {
    index,
    ...endpoint,
    url: interaction.request?.url,
    usage: usageOf(endpoint.api, response) ?? {},
    prompt: request === undefined ? undefined : promptOf(endpoint.api, request),
    output: outputOf(endpoint.api, response),
    serverTools: usedServerTools(response),
    body: request,
    bodyText: interaction.request?.body,
    at: dateOf(interaction.response.headers['date']),
  };
}

/** A response's Date header in epoch milliseconds (second resolution: enough for cache lifetimes of minutes). */
function dateOf(header: string | undefined): number | undefined {
  const ms = header === undefined ? NaN : Date.parse(header);
  return Number.isFinite(ms) ? ms : undefined;
}

async function boundOf(call: Call, earlier: readonly Call[]): Promise<{ bound: number | null; basis: string; estimated?: true }> {
  const { prompt, usage } = call;
  if (prompt === undefined) return { bound: null, basis: 'no request recorded (response only)' };
  if (usage.input === undefined) return { bound: null, basis: 'the response reports no usage' };
  if (call.api === 'messages' && call.provider !== 'anthropic') return { bound: null, basis: `${call.provider}'s Anthropic-format endpoint: its cache rules are not modelled` };
  const breakpointCaching = call.api === 'messages' || (call.provider === 'openai' && usage.cacheWrite !== undefined);
  const candidates: Candidate[] = [];
  for (const entry of earlier) {
    if (entry.prompt === undefined || entry.provider !== call.provider || entry.api !== call.api || entry.usage.input === undefined) continue;
    const name = `#${entry.index}${entry === earlier.at(-1) ? '' : ' (not the previous call: agents interleave)'}`;
    if (entry.prompt.head !== prompt.head) {
      candidates.push({ tokens: 0, basis: `model or tool definitions differ from ${name}` });
      continue;
    }
    candidates.push(breakpointCaching ? breakpointEntry(prompt, entry, name) : await prefixEntry(call, entry, name));
  }
  if (candidates.length === 0) return { bound: 0, basis: 'first call of its kind: nothing cached yet' };
  const best = candidates.reduce((a, b) => (b.tokens >= a.tokens ? b : a));
  const tokens = Math.min(best.tokens, usage.input);
  const bound = breakpointCaching ? tokens : readableTokens(call.provider, tokens);
  return { bound, basis: best.basis, ...(best.estimated ? { estimated: true as const } : {}) };
}

/** DeepSeek and classic OpenAI: the cache holds an earlier prompt followed by its output. */
async function prefixEntry(call: Call, entry: Call, name: string): Promise<Candidate> {
  const mine = call.prompt!.messages;
  const cached = [...entry.prompt!.messages, ...entry.output];
  const shared = sharedLength(mine.map(messageKey), cached.map(messageKey));
  const prompt = entry.usage.input!;
  const output = entry.usage.output ?? 0;
  if (shared === cached.length) return { tokens: prompt + output, basis: `extends ${name}: its prompt + output, ${prompt} + ${output} tokens` };
  if (shared === mine.length) return { tokens: call.usage.input!, basis: `repeats a prefix of ${name}` };
  // Only DeepSeek and OpenAI reach here: Anthropic entries are breakpoint entries.
  const tokenizer = await tokenizerFor(call.provider as 'deepseek' | 'openai', call.prompt!.model);
  // Anchor on the end of the entry, whose length the provider reported, and subtract what is not shared.
  const entryText = tokenizer.render(cached, false);
  const sent = tokenizer.render(mine, true);
  const tokens = Math.max(0, prompt + output - tokenizer.count(entryText.slice(sharedLength(entryText, sent))));
  return { tokens, basis: `shares ${shared} of ${cached.length} messages with ${name}, then diverges inside a message (${tokenizer.name} estimate)`, estimated: true };
}

/**
 * Anthropic, and OpenAI with reported writes: after an earlier call the cache holds its
 * prompt up to where its uncached tail begins, read + write tokens long. The tail is the
 * call's remaining input tokens; which blocks it spans is found by walking back from the
 * last breakpoint at 4 bytes a token (Anthropic publishes no tokenizer, so this is the one
 * estimate; the token counts themselves are the recorded ones).
 */
function breakpointEntry(prompt: Prompt, entry: Call, name: string): Candidate {
  const tokens = (entry.usage.cacheRead ?? 0) + (entry.usage.cacheWrite ?? 0);
  if (tokens === 0) return { tokens: 0, basis: `${name} cached nothing` };
  const blocks = entry.prompt!.messages;
  let tail = entry.usage.input! - tokens;
  // An Anthropic entry never reaches past the last breakpoint.
  let end = entry.api === 'messages' ? (entry.prompt!.breakpoints.at(-1) ?? -1) + 1 : blocks.length;
  for (let size = estimate(blocks[end - 1]); end > 0 && size <= tail; size = estimate(blocks[end - 1])) {
    tail -= size;
    end--;
  }
  const shared = sharedLength(prompt.messages.map(messageKey), blocks.map(messageKey));
  const looked = entry.api !== 'messages' || breakpointReaches(prompt.breakpoints, end - 1);
  if (shared < end || !looked) return { tokens: 0, basis: `changes a block ${name} cached, or has no breakpoint within 20 blocks after it` };
  return { tokens, basis: `reads what ${name} cached: its read + write, ${tokens} tokens over ${end} of its ${blocks.length} blocks` };
}

const estimate = (block: PromptMessage | undefined): number => (block === undefined ? Infinity : Math.ceil(Buffer.byteLength(messageKey(block)) / 4));

function explain(read: number, bound: number, position: number, calls: readonly Call[], estimated: true | undefined): string {
  if (read > bound) {
    const loop = calls.slice(0, position).find((c) => c.serverTools);
    if (loop !== undefined) return `server-side tool loop in #${loop.index}: the provider cached prefixes of model calls it made itself, which the HTTP log does not show`;
    if (position === 0) return 'warm cache: the provider held this prefix before the session began (the recording was made again against a warm cache)';
    return 'reads beyond the in-session bound: a cache warmed outside this session';
  }
  if (estimated) return 'not append-only: the previous output is re-sent inside a longer message, so the bound is a tokenizer estimate; the provider matched less (best effort, or the junction tokenises differently)';
  return 'best effort: the provider does not guarantee a hit, and entries expire';
}
