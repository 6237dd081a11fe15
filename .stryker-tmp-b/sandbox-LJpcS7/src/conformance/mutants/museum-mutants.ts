/**
 * The bug museum: prefix breaks that real harnesses shipped, each rebuilt as the reference
 * with that one bug (reference/real-prefix-bugs.md). Where a mutant reproduces a public
 * report, it cites it; the others are classes seen often enough to need no single report.
 */
// @ts-nocheck

import { Session, buildRequest, deriveEventMessage, type NeutralRequest } from '../../fold/index.ts';
import { deepFreeze, eventsOf, isEvent, loadJsonl, type ContentBlock, type EpochHeader, type Message, type SessionLog, type StreamChunk, type TokenUsage } from '../../log/index.ts';
import { AgentLoop } from '../../loop/index.ts';
import { ChatCompletionsStreamTranslator, reportedCount, serializeDeepSeekRequest, translateSseBody, type DeepSeekUsage, type GenerateRequest, type WireRequest } from '../../wire/index.ts';
import { REFERENCE_PARTS, cutAt, type ReferenceParts } from '../reference/reference-implementation.ts';
import { inProcess } from './define.ts';
import { issue, pullRequest } from './mutant.ts';

type Body = Record<string, unknown>;
type WireMessage = { role: string; content?: unknown; reasoning_content?: string };

/** Rewrites a serialized JSON body. */
function rebody(body: string, edit: (value: Body) => Body): string {
  return JSON.stringify(edit(JSON.parse(body) as Body));
}

/** The DeepSeek bytes with the body passed through `edit`, as a translation layer after the serializer would. */
function deepSeekThen(edit: (value: Body) => Body): (request: GenerateRequest) => WireRequest {
  return (request) => {
    const wire = serializeDeepSeekRequest(request);
    return { ...wire, body: rebody(wire.body, edit) };
  };
}

/** The reference's other wire formats, with `provider`'s body passed through `edit`. */
function otherThen(provider: 'openai' | 'anthropic', edit: (value: Body) => Body): ReferenceParts['wire'] {
  const wire = REFERENCE_PARTS.wire[provider];
  const serialize = (request: GenerateRequest): WireRequest => {
    const sent = wire.serialize(request);
    return { ...sent, body: rebody(sent.body, edit) };
  };
  return { ...REFERENCE_PARTS.wire, [provider]: { ...wire, serialize } };
}

const isPrompt = (m: Message) => m.role === 'user' && m.source.kind === 'user';

/** `message` with `block` added to its content (at the start or the end), as a new frozen message. */
function withBlock(message: Message, block: ContentBlock, at: 'start' | 'end'): Message {
  return deepFreeze({ ...message, content: at === 'start' ? [block, ...message.content] : [...message.content, block] });
}

// --- Blocks that reach the request without reaching the log -------------------------------

/**
 * claude-code #43657: a reminder rode in the first message of the live request but was never
 * logged; a resumed session re-injected it into the newest message instead.
 */
class UnloggedReminderLoop extends AgentLoop {
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    const prompts = messages.flatMap((m, i) => (isPrompt(m) ? [i] : []));
    const at = this.resumed ? prompts.at(-1) : prompts[0];
    const reminder: ContentBlock = { type: 'text', text: '<system-reminder>Prefer the tools over guessing; keep answers short.</system-reminder>\n' };
    const sent = at === undefined ? messages : messages.map((m, i) => (i === at ? withBlock(m, reminder, 'start') : m));
    return buildRequest(header, sent, this.log.header.id);
  }
}

/** kilocode PR #7778: an environment block rode only on the newest user message, so each turn the older one lost it. */
class MovingEnvironmentLoop extends AgentLoop {
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    const at = messages.findLastIndex(isPrompt);
    const details: ContentBlock = { type: 'text', text: '\n<environment_details>Open tabs: src/index.ts, README.md</environment_details>' };
    return buildRequest(header, messages.map((m, i) => (i === at ? withBlock(m, details, 'end') : m)), this.log.header.id);
  }
}

/**
 * claude-code #85983: after a reply failed (retried, or the turn given up), the recovery
 * path folded a resume note into the turn's first prompt instead of appending one.
 */
class RecoveryRewritesPromptLoop extends AgentLoop {
  readonly #failedTurns = new Set<number>();
  protected override endStep(turn: number, step: number, failed: boolean): void {
    if (failed) this.#failedTurns.add(turn);
    super.endStep(turn, step, failed);
  }
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    const retried = this.log.events.filter(eventsOf('llm/retry')).map((e) => e.data.turn);
    const recovered = new Set([...this.#failedTurns, ...retried].map((turn) => this.#firstPrompt(turn)));
    const note: ContentBlock = { type: 'text', text: '\n<system-reminder>The last reply was cut off. Resume directly, no recap.</system-reminder>' };
    return buildRequest(header, messages.map((m) => (recovered.has(m.id) ? withBlock(m, note, 'end') : m)), this.log.header.id);
  }
  #firstPrompt(turn: number): string | undefined {
    const start = this.log.events.findLastIndex((e) => isEvent(e, 'turn/start') && e.data.turn === turn);
    return this.log.events.slice(start).find(eventsOf('user/message'))?.data.id;
  }
}

/** cloudflare/agents #2200: the history is cut to a budget from the front, so the window, and the first message, slide every turn. */
const WINDOW_CHARACTERS = 600;
class SlidingWindowLoop extends AgentLoop {
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    let first = 0;
    let size = messages.reduce((n, m) => n + JSON.stringify(m.content).length, 0);
    while (size > WINDOW_CHARACTERS && first < messages.length - 1) size -= JSON.stringify(messages[first++]!.content).length;
    return buildRequest(header, messages.slice(first), this.log.header.id);
  }
}

// --- Header drift across a restart ---------------------------------------------------------

/** qwen-code #6338: after a restart the tools register as their async loaders finish, not in the order they were registered first. */
class AsyncToolOrderLoop extends AgentLoop {
  protected override toolSpecs(): EpochHeader['tools'] {
    const tools = super.toolSpecs() ?? [];
    return this.resumed ? [...tools].reverse() : tools;
  }
}

/** A per-process id (a run id, a temp directory) rendered into the system prompt when the loop starts. */
class InstanceIdInSystemLoop extends AgentLoop {
  readonly #instance = `run-${this.log.length.toString(36)}`;
  protected override renderSystem(): string {
    return `${super.renderSystem()}\nWorking directory: /tmp/agent-${this.#instance}`;
  }
}

// --- The request built from the history ---------------------------------------------------

/** gptme PR #2727: reasoning-only replies were pruned from the history and the user messages around them merged. */
function prunedReasoningRequest(header: EpochHeader, messages: readonly Message[], sessionId: string): NeutralRequest {
  const kept = messages.filter((m) => !(m.role === 'assistant' && m.content.length > 0 && m.content.every((b) => b.type === 'reasoning')));
  const merged: Message[] = [];
  for (const m of kept) {
    const previous = merged.at(-1);
    if (previous !== undefined && isPrompt(previous) && isPrompt(m)) merged[merged.length - 1] = deepFreeze({ ...previous, content: [...previous.content, ...m.content] });
    else merged.push(m);
  }
  return buildRequest(header, merged, sessionId);
}
class PrunedReasoningLoop extends AgentLoop {
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    return prunedReasoningRequest(header, messages, this.log.header.id);
  }
}

/**
 * A history read back from storage after a restart: the nodes before the last
 * `session/end-seed` go through `restore`, the live ones do not.
 */
class StoredHistorySession extends Session {
  constructor(
    log: SessionLog,
    readonly restore: (message: Message) => Message | null,
  ) {
    super(log);
  }
  override deriveMessages(): Message[] {
    const seed = this.log.events.findLast((e) => e.type === 'session/end-seed')?.seq ?? -1;
    return this.log.surface.nodes.flatMap((seq) => {
      const message = deriveEventMessage(this.log.eventAt(seq)!);
      const restored = message === null || seq > seed ? message : this.restore(message);
      return restored === null ? [] : [restored === message ? message : deepFreeze(restored)];
    });
  }
}

const reloaded = (restore: (message: Message) => Message | null) => (log: SessionLog) => new StoredHistorySession(log, restore);

/** Every text a message carries (text, reasoning, tool output) mapped through `edit`; tool-call arguments through `args`. */
function mapText(message: Message, edit: (text: string, role: Message['role']) => string, args: (json: string) => string = (json) => json): Message {
  const block = (b: ContentBlock): ContentBlock => {
    if (b.type === 'text' || b.type === 'reasoning') return { ...b, text: edit(b.text, message.role) };
    if (b.type === 'tool-call') return { ...b, arguments: args(b.arguments) };
    if (b.type === 'tool-result') return { ...b, content: b.content.map(block) };
    return b;
  };
  return { ...message, content: message.content.map(block) };
}

/** Arguments re-serialized from their parsed value by `write`, when they parse. */
function reserialized(json: string, write: (value: unknown) => string): string {
  try {
    return write(JSON.parse(json));
  } catch {
    return json;
  }
}

/** How PostgreSQL prints jsonb: keys by length then bytes, a space after every colon and comma. */
function jsonbText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonbText).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((k) => `${JSON.stringify(k)}: ${jsonbText((value as Record<string, unknown>)[k])}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** JSON with every non-ASCII code unit escaped, as Python's json.dumps writes it by default. */
const asciiJson = (value: unknown) => JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** dspy #10216: tool calls stored with parsed arguments in a jsonb column come back re-serialized in another key order and spacing. */
function jsonbLine(line: string): string {
  if (!/"type":"(assistant\/message|tool\/call)"/.test(line.slice(0, 40))) return line;
  const event = JSON.parse(line) as { type: string; data: { arguments?: string; message?: Message } };
  if (event.type === 'tool/call' && typeof event.data.arguments === 'string') event.data.arguments = reserialized(event.data.arguments, jsonbText);
  if (event.type === 'assistant/message' && event.data.message !== undefined) event.data.message = mapText(event.data.message, (t) => t, (json) => reserialized(json, jsonbText));
  return JSON.stringify(event);
}

const TRUNCATE_AT = 256;

// --- Wire translations ------------------------------------------------------------------------

/** gptme #2724: the reasoning of earlier turns was dropped from the history; only the running turn keeps it. */
function earlierReasoningDropped(body: Body): Body {
  const messages = body['messages'] as WireMessage[];
  const lastPrompt = messages.findLastIndex((m) => m.role === 'user');
  return { ...body, messages: messages.map((m, i) => (i < lastPrompt && m.role === 'assistant' ? withoutReasoning(m) : m)) };
}
function withoutReasoning({ reasoning_content: _dropped, ...rest }: WireMessage): WireMessage {
  return rest;
}

/** cc-switch #3934, #7166: a translation layer folds each message into a same-role neighbour, so a new message rewrites an older one. */
function sameRoleMerged(body: Body): Body {
  const merged: WireMessage[] = [];
  for (const m of body['messages'] as WireMessage[]) {
    const previous = merged.at(-1);
    if (previous?.role === 'user' && m.role === 'user' && typeof previous.content === 'string' && typeof m.content === 'string') merged[merged.length - 1] = { ...previous, content: `${previous.content}\n\n${m.content}` };
    else merged.push(m);
  }
  return { ...body, messages: merged };
}

/** claude-tap #143: cache reads taken from one provider's field only, so the other shape's reads show as 0. */
function hitTokensOnly(usage: DeepSeekUsage): TokenUsage {
  const read = reportedCount(usage.prompt_cache_hit_tokens);
  const reasoning = reportedCount(usage.completion_tokens_details?.reasoning_tokens);
  return {
    inputTokens: (usage.prompt_tokens ?? 0) - (read ?? 0),
    outputTokens: usage.completion_tokens ?? 0,
    ...(read === undefined ? {} : { cacheReadTokens: read }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}

/** Anthropic's body with every cache_control removed. */
function withoutBreakpoints(body: Body): Body {
  return JSON.parse(JSON.stringify(body), (key, value: unknown) => (key === 'cache_control' ? undefined : value)) as Body;
}

/** The breakpoint moved from the last message block to the last tool definition. */
function breakpointOnTools(body: Body): Body {
  const moved = withoutBreakpoints(body);
  const last = (moved['tools'] as Body[] | undefined)?.at(-1);
  if (last !== undefined) last['cache_control'] = { type: 'ephemeral' };
  return moved;
}

// --- The catalog entries ----------------------------------------------------------------------

export const REMINDER_NOT_LOGGED = inProcess(
  'reminder-not-logged',
  'a reminder block is added to the first user message of each request but never logged, so a resumed session puts it on the newest message instead',
  { bugClass: 'unlogged block', citation: issue('anthropics/claude-code', 43657) },
  { parts: { loop: (o) => new UnloggedReminderLoop(o) } },
);

/** A reminder message put into each body by the HTTP client, after the system prompt: the loop and the log never see it. */
const REMINDER_MESSAGE = { role: 'user', content: '<system-reminder>Files in the context may have changed since they were read.</system-reminder>' };

export const REMINDER_SENT_NOT_LOGGED = inProcess(
  'reminder-sent-not-logged',
  'the HTTP client adds a reminder message to every request body on its way out; the loop, the log and the requests it reports never show it',
  { bugClass: 'unlogged block', citation: issue('anthropics/claude-code', 43657) },
  {
    parts: {
      client: (fetch) => (input, init) => {
        const body = JSON.parse(String(init?.body)) as { messages: unknown[] };
        body.messages.splice(1, 0, REMINDER_MESSAGE);
        return fetch(input, { ...init, body: JSON.stringify(body) });
      },
    },
  },
);

export const ENVIRONMENT_BLOCK_MOVES = inProcess(
  'environment-block-moves',
  'an environment block (open tabs) rides on the newest user message only, so every turn the previous message loses it',
  { bugClass: 'moving ephemeral block', citation: pullRequest('Kilo-Org/kilocode', 7778) },
  { parts: { loop: (o) => new MovingEnvironmentLoop(o) } },
);

export const EARLIER_REASONING_DROPPED = inProcess(
  'earlier-reasoning-dropped',
  'the reasoning_content of replies before the latest user message is left out of the body, so each new prompt rewrites the history before it',
  { bugClass: 'reasoning dropped or merged', citation: issue('gptme/gptme', 2724) },
  { parts: { serialize: deepSeekThen(earlierReasoningDropped) } },
);

export const REASONING_TURNS_MERGED = inProcess(
  'reasoning-turns-merged',
  'replies holding only reasoning are pruned from the history and the user messages on either side merged into one',
  { bugClass: 'reasoning dropped or merged', citation: pullRequest('gptme/gptme', 2727) },
  { parts: { loop: (o) => new PrunedReasoningLoop(o), request: prunedReasoningRequest } },
);

export const SLIDING_WINDOW = inProcess(
  'sliding-window',
  `the history is cut from the front to the last ${WINDOW_CHARACTERS} characters, so the window and the first message move with every turn`,
  { bugClass: 'sliding window', citation: issue('cloudflare/agents', 2200) },
  { parts: { loop: (o) => new SlidingWindowLoop(o) } },
);

export const TOOL_ARGUMENTS_JSONB = inProcess(
  'tool-arguments-jsonb',
  'tool-call arguments stored as jsonb come back re-serialized ({"path": "…"}: keys by length, spaces after colons), so reloaded history differs from what was sent',
  { bugClass: 'nested arguments re-serialized', citation: issue('stanfordnlp/dspy', 10216) },
  { parts: { load: (jsonl, options) => loadJsonl(jsonl.split('\n').map(jsonbLine).join('\n'), options) } },
);

export const TOOLS_ASYNC_ORDER_ON_RESTART = inProcess(
  'tools-async-order-on-restart',
  'after a restart the tools register in the order their loaders finish (here the reverse), so the resume header differs though nothing changed',
  { bugClass: 'tool order drift', citation: issue('QwenLM/qwen-code', 6338) },
  { parts: { loop: (o) => new AsyncToolOrderLoop(o) } },
);

export const ANTHROPIC_BREAKPOINT_DROPPED = inProcess(
  'anthropic-breakpoint-dropped',
  'the translation to Anthropic’s body drops the cache_control breakpoint, so nothing is written for the next request to read',
  { bugClass: 'marker lost in translation', citation: issue('BerriAI/litellm', 25335) },
  { parts: { wire: otherThen('anthropic', withoutBreakpoints) } },
);

export const PROMPT_CACHE_KEY_DROPPED = inProcess(
  'prompt-cache-key-dropped',
  'the OpenAI body is sent without prompt_cache_key, so requests of one session are not routed to the cache that holds their prefix',
  { bugClass: 'marker lost in translation', citation: issue('BerriAI/litellm', 33184) },
  { parts: { wire: otherThen('openai', ({ prompt_cache_key: _dropped, ...rest }) => rest) } },
);

export const BREAKPOINT_ON_TOOLS = inProcess(
  'breakpoint-on-tools',
  'the Anthropic breakpoint is put on the last tool definition instead of the last message, so reads stop at tools and system',
  'illegal marker placement',
  { parts: { wire: otherThen('anthropic', breakpointOnTools) } },
);

export const RECOVERY_REWRITES_PROMPT = inProcess(
  'recovery-rewrites-prompt',
  'after a failed reply the recovery path appends a resume note to the turn’s first prompt instead of sending a new message, rewriting the prefix',
  { bugClass: 'recovery path rewrites prefix', citation: issue('anthropics/claude-code', 85983) },
  { parts: { loop: (o) => new RecoveryRewritesPromptLoop(o) } },
);

export const PROXY_MERGES_SAME_ROLE = inProcess(
  'proxy-merges-same-role',
  'a translation layer merges consecutive user messages into one, so a message that follows another rewrites it (not prefix-monotonic)',
  { bugClass: 'non-monotonic proxy transform', citation: issue('farion1231/cc-switch', 3934) },
  { parts: { serialize: deepSeekThen(sameRoleMerged) } },
);

export const CACHE_READS_ONE_FIELD = inProcess(
  'cache-reads-one-field',
  'usage takes cache reads from prompt_cache_hit_tokens only, so a V4 stream that reports prompt_tokens_details.cached_tokens shows none',
  { bugClass: 'usage mis-mapped', citation: issue('liaohch3/claude-tap', 143) },
  { parts: { parseStream: (body, cuts): StreamChunk[] => translateSseBody(new ChatCompletionsStreamTranslator(hitTokensOnly), cutAt(body, cuts)) } },
);

export const INSTANCE_ID_IN_SYSTEM = inProcess(
  'instance-id-in-system',
  'the system prompt names a working directory made from a per-process id, so every restart logs a resume header that differs although nothing drifted',
  'per-turn data in the cached block',
  { parts: { loop: (o) => new InstanceIdInSystemLoop(o) } },
);

export const REPLY_TRIMMED_ON_RELOAD = inProcess(
  'reply-trimmed-on-reload',
  'replies read back after a restart have their surrounding whitespace trimmed, so the history no longer matches the bytes the model produced',
  'history rewritten on reload',
  { parts: { session: reloaded((m) => (m.role === 'assistant' ? mapText(m, (t) => t.trim()) : m)) } },
);

export const HISTORY_NFC_ON_RELOAD = inProcess(
  'history-nfc-on-reload',
  'history read back after a restart is Unicode-normalised (NFC), so decomposed characters the user typed change',
  'history rewritten on reload',
  { parts: { session: reloaded((m) => mapText(m, (t) => t.normalize('NFC'))) } },
);

export const ARGUMENTS_ASCII_ON_RELOAD = inProcess(
  'arguments-ascii-on-reload',
  'tool-call arguments read back after a restart are re-serialized with non-ASCII escaped (\\u00e9), so the history changes bytes',
  'nested arguments re-serialized',
  { parts: { session: reloaded((m) => mapText(m, (t) => t, (json) => reserialized(json, asciiJson))) } },
);

export const TOOL_OUTPUT_TRUNCATED_ON_RELOAD = inProcess(
  'tool-output-truncated-on-reload',
  `tool output read back after a restart is cut to ${TRUNCATE_AT} characters, so long results change in the history`,
  'history rewritten on reload',
  {
    parts: {
      session: reloaded((m) => (m.source.kind === 'tool' ? mapText(m, (t) => (t.length > TRUNCATE_AT ? `${t.slice(0, TRUNCATE_AT)}…[truncated]` : t)) : m)),
    },
  },
);

export const EMPTY_MESSAGES_DROPPED_ON_RELOAD = inProcess(
  'empty-messages-dropped-on-reload',
  'a history loader skips messages without text after a restart, so an empty prompt the model saw disappears from the prefix',
  'history rewritten on reload',
  { parts: { session: reloaded((m) => (m.content.every((b) => b.type === 'text' && b.text === '') ? null : m)) } },
);

export const MUSEUM_MUTANTS = [
  REMINDER_NOT_LOGGED,
  REMINDER_SENT_NOT_LOGGED,
  ENVIRONMENT_BLOCK_MOVES,
  EARLIER_REASONING_DROPPED,
  REASONING_TURNS_MERGED,
  SLIDING_WINDOW,
  TOOL_ARGUMENTS_JSONB,
  TOOLS_ASYNC_ORDER_ON_RESTART,
  ANTHROPIC_BREAKPOINT_DROPPED,
  PROMPT_CACHE_KEY_DROPPED,
  BREAKPOINT_ON_TOOLS,
  RECOVERY_REWRITES_PROMPT,
  PROXY_MERGES_SAME_ROLE,
  CACHE_READS_ONE_FIELD,
  INSTANCE_ID_IN_SYSTEM,
  REPLY_TRIMMED_ON_RELOAD,
  HISTORY_NFC_ON_RELOAD,
  ARGUMENTS_ASCII_ON_RELOAD,
  TOOL_OUTPUT_TRUNCATED_ON_RELOAD,
  EMPTY_MESSAGES_DROPPED_ON_RELOAD,
];
