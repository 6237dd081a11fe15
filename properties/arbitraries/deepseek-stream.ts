/**
 * Chat-completions SSE bodies as DeepSeek sends them (and, with OpenAI's usage, as OpenAI
 * does): reasoning, text of every class and several tool calls streamed in pieces; every
 * finish (stop, length, tool calls, the error reasons, none at all when the stream is cut);
 * usage in each shape the provider reports, each optional field present, null or absent,
 * on the finish chunk or on a chunk of its own, running counts on every chunk before it, or
 * no usage; with or without `[DONE]`;
 * laid out in every SSE framing (sse-framing.ts). Each stream carries what a parser must
 * read back from it (provider-stream.ts).
 */
import fc from 'fast-check';
import type { ContentBlock, TokenUsage } from '../../src/log/index.ts';
import { framing, frame, framingLabels, type Framing, type SseMessage } from './sse-framing.ts';
import { defined, expectedFinish, finishLabels, looksLikeWire, reported, streamedCalls, streamedText, tokenUsage, unreadableEvents, withUnreadable, type GeneratedStream, type StreamedCall, type UnreadableEvent } from './provider-stream.ts';
import { textLabels, toolName } from './text.ts';
import { independently } from '../_internals/independent.ts';

/** A provider's usage object, and what it must map to. */
export interface UsageDraw {
  readonly raw: Record<string, unknown>;
  readonly expected: TokenUsage;
  readonly labels: Readonly<Record<string, boolean>>;
}

type Presence = 'value' | 'null' | 'absent';
const presence = fc.constantFrom<Presence>('value', 'value', 'null', 'absent');
const put = (p: Presence, value: unknown): unknown => (p === 'value' ? value : p === 'null' ? null : undefined);

/**
 * DeepSeek's usage: the older shape (hit/miss), the V4 shape (also `prompt_tokens_details`
 * and `completion_tokens_details`), each field present, absent or (with `nullCounts`) a
 * null count; a details object may itself be null. The details' `cached_tokens` wins
 * over the hit count (spec §8.2); it may differ from it here.
 */
export function deepSeekUsage(nullCounts: boolean): fc.Arbitrary<UsageDraw> {
  const count = nullCounts ? presence : fc.constantFrom<Presence>('value', 'value', 'absent');
  return fc
    .record({
      prompt: fc.nat(200_000),
      share: fc.double({ min: 0, max: 1, noNaN: true }),
      completion: fc.nat(8000),
      reasoning: fc.nat(8000),
      hit: count,
      miss: count,
      details: fc.constantFrom('object', 'object', 'null', 'absent', 'other count', ...(nullCounts ? ['null count'] : [])),
      completionDetails: fc.constantFrom('object', 'object', 'null', 'absent', ...(nullCounts ? ['null count'] : [])),
    })
    .map(({ prompt, share, completion, reasoning, hit, miss, details, completionDetails }) => {
      const hits = Math.floor(prompt * share);
      const cached = details === 'other count' ? Math.floor(hits / 2) : hits;
      const thought = Math.min(reasoning, completion);
      const raw = defined({
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
        prompt_tokens_details: details === 'absent' ? undefined : details === 'null' ? null : { cached_tokens: details === 'null count' ? null : cached },
        completion_tokens_details: completionDetails === 'absent' ? undefined : completionDetails === 'null' ? null : { reasoning_tokens: completionDetails === 'null count' ? null : thought },
        prompt_cache_hit_tokens: put(hit, hits),
        prompt_cache_miss_tokens: put(miss, prompt - hits),
      });
      const detailsObject = raw['prompt_tokens_details'] as { cached_tokens: number | null } | null | undefined;
      const read = reported(detailsObject?.cached_tokens) ?? reported(raw['prompt_cache_hit_tokens'] as number | null | undefined);
      const thoughtReported = reported((raw['completion_tokens_details'] as { reasoning_tokens: number | null } | null | undefined)?.reasoning_tokens);
      return {
        raw,
        expected: tokenUsage(prompt - (read ?? 0), completion, read, undefined, thoughtReported),
        labels: {
          'cache read': read !== undefined,
          'cache fields absent': read === undefined,
          'V4 usage': typeof detailsObject === 'object' && detailsObject !== null,
          'null fields': Object.values(raw).includes(null) || [detailsObject, raw['completion_tokens_details']].some((d) => typeof d === 'object' && d !== null && Object.values(d).includes(null)),
          'reasoning tokens': thoughtReported !== undefined,
          'null counts': [raw['prompt_cache_hit_tokens'], raw['prompt_cache_miss_tokens'], detailsObject?.cached_tokens, (raw['completion_tokens_details'] as { reasoning_tokens?: unknown } | null | undefined)?.reasoning_tokens].includes(null),
        },
      };
    });
}

export type ChatFlavour = 'deepseek' | 'openai';

/**
 * How a call's later deltas carry its id and name: not at all (OpenAI's and DeepSeek's way),
 * repeated on every delta, as `""` or `null` on every continuation (servers such as DashScope
 * send them so), or changed on a later delta, whose value then wins (spec WIRE-5.2).
 */
type Identity =
  | { readonly kind: 'once' | 'repeated' | 'blank' | 'null' }
  | { readonly kind: 'changed'; readonly id: string; readonly name: string }
  // Not on the first delta (left out, "" or null there): a later delta names the call.
  | { readonly kind: 'late'; readonly first: 'absent' | 'blank' | 'null' };

const identity: fc.Arbitrary<Identity> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'once' as const }) },
  { weight: 3, arbitrary: fc.constantFrom({ kind: 'repeated' as const }, { kind: 'blank' as const }, { kind: 'null' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('changed' as const), id: fc.constantFrom('call_late', 'call_01_b7dZ4u9wGQ'), name: toolName }) },
);

/** The id and name a parser must give a call: the last non-empty ones its deltas carried. */
const identityOf = (call: StreamedCall, how: Identity) => (how.kind === 'changed' ? { id: how.id, name: how.name } : { id: call.id, name: call.name });

interface ChatScript {
  readonly reasoning: { readonly text: string; readonly pieces: readonly string[] } | null;
  readonly text: { readonly text: string; readonly pieces: readonly string[] } | null;
  readonly calls: readonly StreamedCall[];
  /** How each call's later deltas carry its id and name, by call. */
  readonly identities: readonly Identity[];
  readonly finish: string | null;
  readonly usage: UsageDraw | null;
  /** Usage on a chunk of its own with `choices: []` (OpenAI's way) rather than on the finish chunk (DeepSeek's). */
  readonly usageAlone: boolean;
  /** `"usage": null` on every other chunk, as both send with `include_usage`. */
  readonly usageNull: boolean;
  /** Running usage on every chunk before the last report (servers with continuous usage stats): only the latest counts. */
  readonly usageRunning: boolean;
  /**
   * A continuation delta that carries no argument text (`function` without `arguments`, with
   * `arguments: null`, or no `function` at all) after each call's first: it adds nothing.
   */
  readonly bare: 'none' | 'no arguments' | 'null arguments' | 'no function';
  /** The calls' first deltas together in one chunk, as servers that send parallel calls at once do; the rest follow call by call. */
  readonly callsTogether: boolean;
  /** Azure OpenAI's content-filter chunks: one with `choices: []` first, and choices with filter results and no `delta`. */
  readonly filterResults: boolean;
  readonly done: boolean;
  readonly framing: Framing;
  /** Chunks a reader must skip (WIRE-5.4), anywhere before `[DONE]`. */
  readonly unreadable: readonly UnreadableEvent[];
}

/**
 * Payloads that are JSON but no chunk object, and chunks whose fields are not of the format's
 * type (a choice, a delta, a tool-call entry, a text, a finish reason, usage): each adds
 * nothing, wherever it stands (WIRE-5.4).
 */
const UNREADABLE_CHUNKS: readonly SseMessage[] = [
  null, 1, -0.5, [], 'chunk', { choices: null }, { choices: 'none' }, { choices: [null] }, { choices: [7] },
  { choices: [{ index: 0, delta: null, finish_reason: null }] },
  { choices: [{ index: 0, delta: 'text', finish_reason: 5 }] },
  { choices: [{ index: 0, delta: { content: 5, reasoning_content: ['x'], tool_calls: 'call' } }] },
  { choices: [{ index: 0, delta: { tool_calls: [null, 1, 'call', []] } }] },
  { usage: 'none', choices: [] },
].map((data) => ({ data }));

/** The finish reasons a chat-completions stream ends with; `null` is a stream cut before its finish chunk. */
const ERROR_REASONS: Record<ChatFlavour, readonly string[]> = { deepseek: ['insufficient_system_resource', 'content_filter'], openai: ['content_filter', 'function_call'] };

function chatScript(flavour: ChatFlavour, usage: fc.Arbitrary<UsageDraw>): fc.Arbitrary<ChatScript> {
  return fc
    .record({
      reasoning: fc.option(streamedText, { freq: 2 }),
      text: fc.option(streamedText, { freq: 4 }),
      calls: streamedCalls,
      identities: fc.array(identity, { minLength: 3, maxLength: 3 }),
      usage: fc.option(usage, { freq: 4 }),
      usageAlone: fc.boolean(),
      usageNull: fc.boolean(),
      usageRunning: fc.boolean(),
      callsTogether: fc.boolean(),
      // Drawn apart, so every other part comes out as it did without them.
      apart: independently(
        'apart',
        fc.record({
          bare: fc.constantFrom('none' as const, 'none' as const, 'no arguments' as const, 'null arguments' as const, 'no function' as const),
          // Per call, in about one of seven, an identity named only on a later delta.
          late: fc.array(fc.option(fc.constantFrom('absent' as const, 'blank' as const, 'null' as const), { freq: 6, nil: undefined }), { minLength: 3, maxLength: 3 }),
        }),
      ),
      filterResults: fc.boolean(),
      // One stream in ten carries no content at all, whatever its finish.
      empty: fc.noBias(fc.nat(9)),
      done: fc.oneof({ weight: 5, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      framing: framing(fc.constant(false)),
      reasonDraw: fc.noBias(fc.integer({ min: 0, max: 99 })),
      unreadable: unreadableEvents('unreadable chunks', UNREADABLE_CHUNKS),
    })
    .map(({ reasonDraw, empty, apart, ...rest }) => {
      const identities = rest.identities.map((how, i): Identity => (apart.late[i] === undefined ? how : { kind: 'late', first: apart.late[i] }));
      const drawn = { ...rest, identities, bare: apart.bare };
      const s = empty === 0 ? { ...drawn, reasoning: null, text: null, calls: [] } : drawn;
      const errors = ERROR_REASONS[flavour];
      const usual = s.calls.length > 0 ? 'tool_calls' : 'stop';
      // Mostly the usual reason; then length, the error reasons, and a stream cut before its finish.
      const finish = reasonDraw < 50 ? usual : reasonDraw < 70 ? 'length' : reasonDraw < 78 ? 'stop' : reasonDraw < 90 ? errors[reasonDraw % errors.length]! : null;
      const done = finish !== null && s.done;
      // Only a terminator may lack its closing blank line: the SSE standard drops such a last event, lenient readers keep it.
      const usage = finish === null ? null : s.usage;
      return { ...s, finish, usage, usageRunning: usage !== null && s.usageRunning, callsTogether: s.calls.length > 1 && s.callsTogether, done, framing: done ? s.framing : { ...s.framing, end: 'blank' as const } };
    });
}

function encode(flavour: ChatFlavour, s: ChatScript): string {
  const model = flavour === 'deepseek' ? 'deepseek-reasoner' : 'gpt-4.1-2025-04-14';
  // A running report counts the completion tokens so far; the last report (on the finish or its own chunk) replaces it.
  let sent = 0;
  const running = () => (s.usageRunning && s.usage !== null ? { ...s.usage.raw, completion_tokens: sent++ } : undefined);
  const chunk = (choices: object[], usage: unknown = running()) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1770747154,
    model,
    choices,
    ...(usage !== undefined ? { usage } : s.usageNull ? { usage: null } : {}),
  });
  const choice = (delta: object, finish: string | null = null) => ({ index: 0, delta, logprobs: null, finish_reason: finish });
  const messages: object[] = [chunk([choice(flavour === 'deepseek' ? { role: 'assistant', content: null, reasoning_content: '' } : { role: 'assistant', content: '', refusal: null })])];
  // Azure's prompt filter results come first, on a chunk without choices; its completion filter results on a choice without a delta.
  if (s.filterResults) messages.unshift({ id: '', object: '', created: 0, model: '', choices: [], prompt_filter_results: [{ prompt_index: 0, content_filter_results: FILTERED }] });
  const filtered = () => (s.filterResults ? [chunk([{ index: 0, finish_reason: null, content_filter_results: FILTERED }])] : []);
  messages.push(...filtered());
  for (const p of s.reasoning?.pieces ?? []) messages.push(chunk([choice({ content: null, reasoning_content: p })]));
  for (const p of s.text?.pieces ?? []) messages.push(chunk([choice(flavour === 'deepseek' && s.reasoning !== null ? { content: p, reasoning_content: null } : { content: p })]), ...filtered());
  const opening = (call: StreamedCall, i: number) => {
    const how = s.identities[i];
    if (how?.kind !== 'late') return { index: i, id: call.id, type: 'function', function: { name: call.name, arguments: call.pieces[0] } };
    const unnamed = how.first === 'absent' ? {} : how.first === 'blank' ? { id: '', name: '' } : { id: null, name: null };
    const { name, ...id } = unnamed as { id?: unknown; name?: unknown };
    return { index: i, ...id, type: 'function', function: { ...(name === undefined ? {} : { name }), arguments: call.pieces[0] } };
  };
  const bare = (i: number) => (s.bare === 'no arguments' ? { index: i, function: {} } : s.bare === 'null arguments' ? { index: i, function: { arguments: null } } : { index: i });
  if (s.callsTogether) messages.push(chunk([choice({ tool_calls: s.calls.map(opening) })]));
  s.calls.forEach((call, i) => {
    if (!s.callsTogether) messages.push(chunk([choice({ tool_calls: [opening(call, i)] })]));
    const how = s.identities[i] ?? { kind: 'once' };
    if (s.bare !== 'none') messages.push(chunk([choice({ tool_calls: [bare(i)] })]));
    // A call that states its identity again gets at least one continuation delta to state it on.
    const rest = call.pieces.length > 1 || how.kind === 'once' ? call.pieces.slice(1) : [''];
    rest.forEach((p, k) => {
      const again =
        how.kind === 'repeated' ? { id: call.id, name: call.name }
        : how.kind === 'blank' ? { id: '', name: '' }
        : how.kind === 'null' ? { id: null, name: null }
        : how.kind === 'changed' && k === rest.length - 1 ? { id: how.id, name: how.name }
        : how.kind === 'late' && k === rest.length - 1 ? { id: call.id, name: call.name }
        : undefined;
      messages.push(chunk([choice({ tool_calls: [again === undefined ? { index: i, function: { arguments: p } } : { index: i, id: again.id, type: 'function', function: { name: again.name, arguments: p } }] })]));
    });
  });
  if (s.finish !== null) {
    const last = flavour === 'deepseek' ? { content: '', reasoning_content: null } : {};
    if (s.usage !== null && s.usageAlone) messages.push(chunk([choice(last, s.finish)]), chunk([], s.usage.raw));
    else messages.push(chunk([choice(last, s.finish)], s.usage?.raw));
  }
  const events: SseMessage[] = withUnreadable(messages.map((data) => ({ data })), s.unreadable);
  if (s.done) events.push({ data: '[DONE]', literal: true });
  return frame(events, s.framing);
}

function expectedBlocks(s: ChatScript): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  // The first non-empty delta opens a block (spec §8.2): an empty text opens none.
  if (s.reasoning !== null && s.reasoning.text !== '') blocks.push({ type: 'reasoning', text: s.reasoning.text });
  if (s.text !== null && s.text.text !== '') blocks.push({ type: 'text', text: s.text.text });
  s.calls.forEach((call, i) => blocks.push({ type: 'tool-call', ...identityOf(call, s.identities[i] ?? { kind: 'once' }), arguments: call.arguments }));
  return blocks;
}

/** What Azure's content filter reports of a harmless text. */
const FILTERED = { hate: { filtered: false, severity: 'safe' }, self_harm: { filtered: false, severity: 'safe' }, sexual: { filtered: false, severity: 'safe' }, violence: { filtered: false, severity: 'safe' } };

const FINISH_KINDS = { stop: 'stop', tool_calls: 'tool-calls', length: 'max-tokens' } as const;

export function chatCompletionsStream(flavour: ChatFlavour, usage: fc.Arbitrary<UsageDraw>): fc.Arbitrary<GeneratedStream> {
  return chatScript(flavour, usage).map((s) => {
    const blocks = expectedBlocks(s);
    const finish = expectedFinish(s.finish, FINISH_KINDS, blocks.length);
    const texts = [s.reasoning?.text, s.text?.text, ...s.calls.flatMap((c) => [c.arguments, c.name])].filter((t): t is string => t !== undefined);
    return {
      provider: flavour,
      body: encode(flavour, s),
      expected: { blocks, usage: s.usage?.expected ?? null, finish, ...(s.done && s.framing.end === 'blank' ? {} : { unterminated: true as const }) },
      labels: {
        ...framingLabels(s.framing),
        'no [DONE]': !s.done,
        reasoning: s.reasoning !== null && s.reasoning.text !== '',
        'tool calls': s.calls.length > 0,
        'several tool calls': s.calls.length > 1,
        usage: s.usage !== null,
        'usage absent': s.usage === null,
        'usage on its own chunk': s.usage !== null && s.usageAlone,
        'running usage': s.usageRunning,
        'calls in one chunk': s.callsTogether,
        'choice without delta': s.filterResults,
        'no block, finish not stop': blocks.length === 0 && finish.kind !== 'error',
        'argumentless delta': s.calls.length > 0 && s.bare !== 'none',
        'unreadable chunk': s.unreadable.length > 0,
        ...Object.fromEntries((['repeated', 'blank', 'null', 'changed', 'late'] as const).map((kind) => [`tool identity ${kind}`, s.calls.some((_, i) => s.identities[i]?.kind === kind)])),
        ...Object.fromEntries(Object.entries(s.usage?.labels ?? {}).map(([k, v]) => [k, v])),
        ...finishLabels(finish),
        ...textLabels(texts),
        'text: wire lookalike': texts.some(looksLikeWire),
      },
    };
  });
}

/** DeepSeek streams; null appears only where a whole details object is null. */
export const deepSeekStream: fc.Arbitrary<GeneratedStream> = chatCompletionsStream('deepseek', deepSeekUsage(false));

/** DeepSeek streams whose usage may also hold null counts, for the usage mapping itself. */
export const deepSeekUsageStream: fc.Arbitrary<GeneratedStream> = chatCompletionsStream('deepseek', deepSeekUsage(true));
