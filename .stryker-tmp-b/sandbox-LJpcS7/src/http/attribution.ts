/**
 * Why a model call read less of the cache than its previous prompt: one taxonomy with
 * stable codes for every place that looks at calls (replay, proxy). The causes are looked
 * for in the order a harness author can act on them: what the request changed first,
 * then what time or the provider did.
 *
 * A call "breaks" when its cache read falls below the previous call's prompt. The
 * previous call is the latest earlier one on the same provider and API: the prefix it
 * wrote (prompt, then output) is what this one should extend.
 */
// @ts-nocheck

import { excerpt, sharedLength } from '../first-difference.ts';
import type { Provider } from '../wire/index.ts';
import { endOfValue } from './_internals/json-offset.ts';
import { isObject } from './_internals/json.ts';
import { breakpointReaches, idleLifetime } from './cache-rules.ts';
import type { Api } from './endpoint.ts';
import { messageKey, type Prompt, type PromptMessage } from './prompt.ts';
import type { Usage } from './usage.ts';

export const BREAK_CODES = [
  'COLD_START',
  'WARM_START',
  'ROUTE_CHANGED',
  'TOOLS_CHANGED',
  'CACHE_MARKER_CHANGED',
  'SYSTEM_CHANGED',
  'HISTORY_REWRITTEN',
  'BYTES_NOT_CANONICAL',
  'BREAKPOINT_CAPS_READS',
  'WITHIN_BOUND',
  'IDLE_EXPIRED',
  'READS_AT_SYSTEM_SIZE',
  'PROVIDER_DROP',
] as const;
export type BreakCode = (typeof BREAK_CODES)[number];

/** The lexical difference between two JSON texts that parse to the same value. */
export type CanonicalKind = 'key order' | 'whitespace' | 'escapes' | 'number format';

export interface Attribution {
  readonly code: BreakCode;
  /** One line a person reads. */
  readonly summary: string;
  readonly tool?: string;
  readonly change?: 'order' | 'schema' | 'added' | 'removed';
  /** HISTORY_REWRITTEN, BYTES_NOT_CANONICAL: the message index (in the prompt's message list) and the field. */
  readonly message?: number;
  readonly field?: string;
  readonly kind?: CanonicalKind;
  /**
   * SYSTEM_CHANGED: the first differing byte of the system text (with `context`).
   * BREAKPOINT_CAPS_READS: the byte of the request body where a breakpoint would help (the
   * end of its last block), when the request's bytes were recorded.
   */
  readonly offset?: number;
  readonly context?: { readonly before: string; readonly after: string };
}

/** What attribution needs of one model call. */
export interface CallView {
  readonly provider: Provider;
  readonly api: Api;
  readonly body: Readonly<Record<string, unknown>>;
  readonly prompt: Prompt;
  /** The assistant turn the response added (empty for Anthropic, which caches no output). */
  readonly output: readonly PromptMessage[];
  readonly usage: Usage;
  /** The most reads the session allows this call (see cache accounting); undefined when unknown. */
  readonly bound?: number;
  /** When the request was sent, milliseconds since the epoch; undefined when not recorded. */
  readonly at?: number;
  /** The request body as sent, when recorded as text: offsets are given in its bytes. */
  readonly bodyText?: string;
}

/** The cause of call `position`'s break, or undefined when it did not break (or reports no reads). */
export function attributeBreak(calls: readonly CallView[], position: number): Attribution | undefined {
  const call = calls[position]!;
  const previous = calls.slice(0, position).findLast((c) => c.provider === call.provider && c.api === call.api);
  const read = call.usage.cacheRead;
  if (previous === undefined) {
    // Reads on the first call observed came from traffic before it: the provider's cache was warm.
    if (read !== undefined && read > 0) return { code: 'WARM_START', summary: `first ${call.provider} ${call.api} call observed, yet it read ${read} tokens: the provider's cache already held this prefix from earlier traffic` };
    return { code: 'COLD_START', summary: `first ${call.provider} ${call.api} call: nothing cached yet` };
  }
  const before = previous.usage.input;
  if (read === undefined || before === undefined || read >= before) return undefined;
  return requestChange(previous, call) ?? timeOrProvider(previous, call, calls.slice(0, position));
}

function requestChange(previous: CallView, call: CallView): Attribution | undefined {
  const [was, is] = [previous.prompt.model, call.prompt.model];
  if (was !== is) return { code: 'ROUTE_CHANGED', summary: `model changed from ${was ?? 'none'} to ${is ?? 'none'}: a model's cache serves only that model` };
  return toolsChange(previous.body['tools'], call.body['tools']) ?? markerChange(previous, call) ?? systemChange(previous, call) ?? historyChange(previous, call);
}

function toolsChange(before: unknown, after: unknown): Attribution | undefined {
  const [a, b] = [list(before), list(after)];
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  const names = (tools: readonly Record<string, unknown>[]) => tools.map(toolName);
  const [na, nb] = [names(a), names(b)];
  const added = nb.find((n) => !na.includes(n));
  if (added !== undefined) return { code: 'TOOLS_CHANGED', change: 'added', tool: added, summary: `tool "${added}" was added: tools render before the messages, so nothing after them is shared` };
  const removed = na.find((n) => !nb.includes(n));
  if (removed !== undefined) return { code: 'TOOLS_CHANGED', change: 'removed', tool: removed, summary: `tool "${removed}" was removed: tools render before the messages, so nothing after them is shared` };
  const moved = nb.findIndex((n, i) => n !== na[i]);
  if (moved >= 0) return { code: 'TOOLS_CHANGED', change: 'order', tool: nb[moved]!, summary: `the tools were reordered (position ${moved} now holds "${nb[moved]}"): same tools, new prefix` };
  const index = b.findIndex((tool, i) => JSON.stringify(tool) !== JSON.stringify(a[i]));
  const kind = canonicalKind(JSON.stringify(a[index]), JSON.stringify(b[index]));
  const tool = nb[index]!;
  return {
    code: 'TOOLS_CHANGED',
    change: 'schema',
    tool,
    ...(kind === undefined ? {} : { kind }),
    summary: `tool "${tool}" kept its name but its definition changed${kind === undefined ? '' : ` (same JSON value, different ${kind})`}`,
  };
}

function markerChange(previous: CallView, call: CallView): Attribution | undefined {
  const [keyWas, keyIs] = [previous.body['prompt_cache_key'], call.body['prompt_cache_key']];
  if (keyWas !== undefined && keyWas !== keyIs) {
    return { code: 'CACHE_MARKER_CHANGED', field: 'prompt_cache_key', summary: keyIs === undefined ? 'prompt_cache_key was dropped: the request is routed to another cache' : `prompt_cache_key changed from ${JSON.stringify(keyWas)} to ${JSON.stringify(keyIs)}` };
  }
  if (call.api !== 'messages') return undefined;
  const last = previous.prompt.breakpoints.at(-1);
  if (last === undefined) return undefined;
  if (call.prompt.breakpoints.length === 0) return { code: 'CACHE_MARKER_CHANGED', field: 'cache_control', summary: 'every cache_control breakpoint was dropped: nothing can be read' };
  if (!breakpointReaches(call.prompt.breakpoints, last)) {
    return { code: 'CACHE_MARKER_CHANGED', field: 'cache_control', message: last, summary: `no breakpoint at or within 20 blocks after block ${last}, where the previous call's entry ends: the marker moved away` };
  }
  return undefined;
}

function systemChange(previous: CallView, call: CallView): Attribution | undefined {
  const [a, b] = [systemText(previous), systemText(call)];
  if (a === b) return undefined;
  const [ab, bb] = [Buffer.from(a), Buffer.from(b)];
  const offset = sharedLength(ab, bb);
  return {
    code: 'SYSTEM_CHANGED',
    offset,
    context: { before: excerpt(ab, offset), after: excerpt(bb, offset) },
    summary: `the system prompt changed at byte ${offset}: ${excerpt(ab, offset, 20)} became ${excerpt(bb, offset, 20)}`,
  };
}

function historyChange(previous: CallView, call: CallView): Attribution | undefined {
  const cached = [...previous.prompt.messages, ...previous.output];
  const mine = call.prompt.messages;
  const k = sharedLength(mine.map(messageKey), cached.map(messageKey));
  if (k === cached.length || k === mine.length) return undefined;
  const [was, is] = [cached[k]!, mine[k]!];
  const field = (['role', 'reasoning', 'content', 'toolCalls'] as const).find((f) => JSON.stringify(was[f] ?? null) !== JSON.stringify(is[f] ?? null))!;
  const kind = field === 'toolCalls' ? argumentsKind(was, is) : field === 'content' ? canonicalKind(was.content, is.content) : undefined;
  if (kind !== undefined) {
    return { code: 'BYTES_NOT_CANONICAL', message: k, field, kind, summary: `message ${k} (${is.role}) carries the same JSON in its ${field} with a different ${kind}: equal values, different bytes` };
  }
  const fresh = cached.slice(0, k).every((m) => HEAD_ROLES.has(m.role));
  const summary = fresh
    ? `message ${k} (${is.role}) starts another conversation: only the tools and system prompt are shared with the previous call`
    : `message ${k} (${was.role}) was rewritten: its ${field} differs from what the previous call sent or received`;
  return { code: 'HISTORY_REWRITTEN', message: k, field, summary };
}

function argumentsKind(was: PromptMessage, is: PromptMessage): CanonicalKind | undefined {
  const [a, b] = [was.toolCalls ?? [], is.toolCalls ?? []];
  if (a.length !== b.length) return undefined;
  let kind: CanonicalKind | undefined;
  for (const [i, call] of b.entries()) {
    if (call.name !== a[i]!.name) return undefined;
    if (call.arguments === a[i]!.arguments) continue;
    const k = canonicalKind(a[i]!.arguments, call.arguments);
    if (k === undefined) return undefined;
    kind ??= k;
  }
  return kind;
}

function timeOrProvider(previous: CallView, call: CallView, earlier: readonly CallView[]): Attribution {
  // Before the bound: the breakpoints sent set the bound, so "within the bound" would hide that they cap it.
  const capped = breakpointCap(call);
  if (capped !== undefined) return capped;
  if (call.bound !== undefined && call.usage.cacheRead! >= call.bound) {
    return { code: 'WITHIN_BOUND', summary: `reads reach the bound (${call.bound}): the rest of the previous prompt lies past the provider's read granularity (${GRANULARITY[call.provider]})` };
  }
  if (previous.at !== undefined && call.at !== undefined) {
    const idle = call.at - previous.at;
    const lifetime = idleLifetime(call.provider, retention(previous));
    if (idle > lifetime) return { code: 'IDLE_EXPIRED', summary: `${Math.round(idle / 1000)} s since the previous call, past ${call.provider}'s ${Math.round(lifetime / 60_000)}-minute cache lifetime` };
  }
  const read = call.usage.cacheRead!;
  if (read > 0 && readsAtSystemSize(call, earlier)) {
    return { code: 'READS_AT_SYSTEM_SIZE', summary: `reads stuck at ${read} tokens, as on an earlier call: only the tools and system prompt are shared, the prefix breaks right after them every call` };
  }
  return { code: 'PROVIDER_DROP', summary: 'the request extends the previous one byte for byte, yet reads dropped: the provider evicted or missed the entry' };
}

/**
 * A layout check on one request: its last cache breakpoint lies before blocks an earlier
 * call already sent (an assistant turn), so no read can reach them, however stable the
 * prefix — the commonest form is `cache_control` on the system prompt only. Providers that
 * cache the whole prefix on their own (DeepSeek, OpenAI) have no breakpoints to place.
 */
export function breakpointCap(call: CallView): Attribution | undefined {
  const { breakpoints, messages } = call.prompt;
  const last = breakpoints.at(-1);
  if (call.api !== 'messages' || last === undefined) return undefined;
  const after = messages.slice(last + 1);
  if (!after.some((m) => m.role === 'assistant')) return undefined;
  const body = call.body['messages'];
  const lastMessage = Array.isArray(body) ? (body.at(-1) as Record<string, unknown> | undefined) : undefined;
  const path = Array.isArray(lastMessage?.['content']) ? ['messages', -1, 'content', -1] : ['messages', -1];
  const offset = call.bodyText === undefined ? undefined : endOfValue(call.bodyText, path);
  const where = messages[last]!.role;
  return {
    code: 'BREAKPOINT_CAPS_READS',
    message: last,
    ...(offset === undefined ? {} : { offset }),
    summary: `the last cache breakpoint is on block ${last} (${where}), before ${after.length} blocks of which earlier calls sent some: reads can never pass it; a breakpoint on the last block${offset === undefined ? '' : ` (it ends at byte ${offset} of the request body)`} lets the next call read the whole conversation`,
  };
}

/**
 * The fingerprint of a broken prefix: the reads stop at the same size as an earlier call's
 * that also read less than its prompt. What stays shared call after call is what comes
 * first, the tools and the system prompt; the break sits right after them.
 */
function readsAtSystemSize(call: CallView, earlier: readonly CallView[]): boolean {
  const read = call.usage.cacheRead!;
  return earlier.some((c) => c.provider === call.provider && c.api === call.api && c.usage.cacheRead === read && (c.usage.input ?? 0) > read);
}

const GRANULARITY: Readonly<Record<Provider, string>> = {
  deepseek: '64-token units',
  openai: '1024 tokens, then steps of 128, or up to its last cache write',
  anthropic: 'up to the last cache breakpoint',
};

const retention = (call: CallView): string | undefined => {
  const option = call.body['prompt_cache_retention'];
  if (typeof option === 'string') return option;
  return call.prompt.hourLong.length > 0 ? '1h' : undefined;
};

/** Roles of what comes before the conversation: tool definitions (Anthropic blocks) and system prompts. */
const HEAD_ROLES = new Set(['tool-definition', 'system', 'developer']);

function systemText(call: CallView): string {
  if (call.api === 'messages') return call.prompt.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
  const head = call.prompt.messages.findIndex((m) => !HEAD_ROLES.has(m.role));
  return call.prompt.messages.slice(0, head < 0 ? undefined : head).map((m) => m.content).join('\n');
}

const toolName = (tool: Record<string, unknown>): string => {
  const fn = tool['function'];
  return String(isObject(fn) ? fn['name'] : tool['name']);
};

function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/**
 * How two texts differ when both are JSON for the same value: key order (same members,
 * other order), or, with keys in the same order, whitespace, string escapes or number
 * spelling. Undefined when they are not both JSON or hold different values.
 */
export function canonicalKind(a: string, b: string): CanonicalKind | undefined {
  if (a === b) return undefined;
  let va: unknown;
  let vb: unknown;
  try {
    va = JSON.parse(a);
    vb = JSON.parse(b);
  } catch {
    return undefined;
  }
  if (JSON.stringify(va) !== JSON.stringify(vb)) return JSON.stringify(sorted(va)) === JSON.stringify(sorted(vb)) ? 'key order' : undefined;
  const [ta, tb] = [lexemes(a), lexemes(b)];
  const i = sharedLength(ta, tb);
  if (i === ta.length && i === tb.length) return 'whitespace';
  const token = ta[i] ?? tb[i] ?? '';
  return token.startsWith('"') ? 'escapes' : /^[-\d]/.test(token) ? 'number format' : 'whitespace';
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sorted(value[k])]));
}

/** JSON text as its tokens, whitespace dropped: strings and numbers kept as spelled. */
function lexemes(text: string): string[] {
  return text.match(/"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|[{}[\]:,]|true|false|null/g) ?? [];
}
