/**
 * Valid session logs, generated. A plan (turns → steps → replies, with compactions,
 * tool-result trims, resumes, header changes, retries, failed and unstreamed replies,
 * noise and an open last turn) is drawn by fast-check, so it shrinks; a builder turns
 * the plan into events and canonical JSONL, packing runs of three or more deltas into
 * chunk rows as a DSH writer does.
 *
 * Every free-text field is drawn from text.ts (every value class), and turns written by
 * an "older harness" are stored in the older shapes the loader upgrades (spec §5.3 item
 * 3, the `apps/web` corpus logs). The builder knows both forms: `jsonl` holds what is
 * stored, `events` what a reader must load, and `expected` the messages and header a
 * fold must derive — all written directly, without the reference: a generator that
 * used the code under test could not find that code's bugs.
 */
import fc from 'fast-check';
import { independently } from '../_internals/independent.ts';
import type { Mutable } from '../../src/_internals/mutable.ts';
import { isEvent } from '../../src/log/index.ts';
import type {
  AssistantMessageData,
  ChunkData,
  ContentBlock,
  EpochHeader,
  EventDataMap,
  EventType,
  HeaderReason,
  JsonObject,
  JsonValue,
  LlmCallConfig,
  LlmFailure,
  Message,
  MessageSource,
  SessionEvent,
  SessionHeader,
  StreamChunk,
  TokenUsage,
  ToolResultData,
  ToolSpec,
  TurnEndReason,
} from '../../src/log/index.ts';
import { anyText, textLabels, toolName } from './text.ts';
import { PROTOTYPE_KEYS, RC8_TYPES } from './vocabulary.ts';

export interface GeneratedLog {
  readonly header: SessionHeader;
  /** The events a reader must load: older shapes already upgraded. */
  readonly events: readonly SessionEvent[];
  /** Canonical JSONL as stored: header line, then events (older shapes as written) with delta runs packed into rows. */
  readonly jsonl: string;
  readonly stats: LogStats;
  /** Events as stored, where they differ from `events` (older shapes). */
  readonly stored?: readonly SessionEvent[];
  /** What the builder knows a fold must derive; absent for a log read back from a file. */
  readonly expected?: LogExpectation;
}

export interface LogExpectation {
  /** The derived messages after the first `k` events. */
  messagesAt(k: number): JsonValue[];
  /** The folded request header after the first `k` events (null before the first). */
  headerAt(k: number): EpochHeader | null;
}

export interface LogStats {
  readonly replaces: number;
  readonly toolPairs: number;
  readonly headerChanges: number;
  readonly resumes: number;
  readonly chunkRows: number;
  readonly ignorable: number;
  readonly injections: number;
  /** Labels of what else the log holds: text classes per field, legacy shapes, usage fields, boundary kinds. */
  readonly labels?: Readonly<Record<string, boolean>>;
}

type Text = string;
/** Optional usage fields, each present or absent (spec §2.1 TokenUsage). */
interface UsagePlan {
  readonly input: number;
  readonly read: number | null;
  readonly output?: number;
  readonly write?: number;
  readonly reasoning?: number;
}
interface ToolOutputPlan {
  readonly blocks: readonly Text[];
  /** The result block's flag: true, false or left out. */
  readonly isError: boolean | undefined;
  /** The tool/result's error data (with or without a reason) and metadata, each present or absent. */
  readonly error?: { readonly reason: Text | null } | null;
  readonly meta?: JsonValue | null;
}
interface ReplyPlan {
  readonly reasoning: Text | null;
  readonly text: Text | null;
  readonly calls: number;
  readonly deltas: number;
  /** Raw argument strings of the calls, in order (a default path object where absent). */
  readonly args?: readonly Text[];
  /** Names of the calls, in order, where the model named a tool outside the list (null: a listed tool). */
  readonly names?: readonly (Text | null)[];
  /** Whether each argument delta names the tool, or only the first (as OpenAI-style streams do). */
  readonly namedDeltas?: 'every' | 'first';
  /** Free data the model source carries beside provider and model (a replay state). */
  readonly replayState?: JsonValue | null;
  /** The stream ended by the token limit (a reply without calls). */
  readonly maxTokens?: boolean;
}
/** How the reply reached the log (spec §2.3 llm/retry, §4.5, §2.4 sourceEventSeqs). */
export type Boundary = 'streamed' | 'retry' | 'error finish' | 'unstreamed' | 'unrecorded' | 'interrupted';
interface StepPlan {
  readonly injects: readonly Text[];
  readonly header: 'keep' | 'system' | 'tools' | 'config' | 'noncanonical';
  readonly reply: ReplyPlan;
  readonly usage: UsagePlan | null;
  readonly noise: readonly NoiseKind[];
  readonly systemText?: Text;
  /** A config change: the stop list it sets (absent, empty or not) and its temperature. */
  readonly stop?: readonly Text[] | null;
  readonly temperature?: number;
  /** A tools change: a tool added, the list reversed, or every tool removed. */
  readonly tools?: 'add' | 'reverse' | 'clear';
  readonly outputs?: readonly ToolOutputPlan[];
  readonly boundary?: Boundary;
  /** A config change: which optional values it sets and which of them the adapter filled in (spec §2.2 adapterDefaults). */
  readonly config?: ConfigPlan;
  /** How a retry is logged: its mode, its delay and the optional facts of its failure. */
  readonly retry?: RetryPlan;
  /** Free data of the noise events (plugin payloads). */
  readonly noiseData?: JsonValue;
}
interface ConfigPlan {
  readonly reasoningEffort: Text | null;
  readonly maxTokens: boolean;
  readonly markers: readonly ('reasoningEffort' | 'maxTokens')[];
}
interface RetryPlan {
  readonly mode: 'normal' | 'always';
  readonly delayMs: number;
  readonly facts: Pick<LlmFailure, 'status' | 'providerRetryAfterMs' | 'requestId'>;
}
/** The optional parts of a compaction, each present or absent (spec §2.3). */
interface CompactionPlan {
  readonly command: boolean;
  /** The summary's one-shot envelope (provider, model, maxTokens) and usage. */
  readonly envelope: boolean;
  readonly usage: boolean;
  readonly error: JsonValue | null;
  /** Run between turns (turn: null). */
  readonly outsideTurn: boolean;
}
type TurnEnd = 'completed' | 'max-tokens' | 'error' | 'aborted' | 'disposed' | 'blocked' | 'interrupted';
interface TurnPlan {
  readonly prompt: Text;
  readonly steps: readonly StepPlan[];
  readonly compactKeep: number | null;
  readonly trimPick: number | null;
  readonly resume: boolean;
  readonly end: TurnEnd;
  readonly compaction?: CompactionPlan;
  /** Free data an aborting hook gave as its reason. */
  readonly abortReason?: JsonValue | null;
}
/** Older shapes a turn of an older harness is stored in. */
export type LegacyShape = 'turn/start trigger' | 'pre-identity user' | 'pre-identity assistant' | 'pre-identity tool result' | 'steering' | 'old turn/end';
export const LEGACY_SHAPES: readonly LegacyShape[] = ['turn/start trigger', 'pre-identity user', 'pre-identity assistant', 'pre-identity tool result', 'steering', 'old turn/end'];
interface LegacyPlan {
  /** Turns 1..turns were written by the older harness. */
  readonly turns: number;
  readonly shapes: readonly LegacyShape[];
  /** The optional facts an old error reason's failure carries, each present or absent. */
  readonly facts?: Pick<LlmFailure, 'status' | 'providerRetryAfterMs' | 'requestId'>;
  /** Shifts which of the three old error forms each turn is stored in, so that every form can fall on every turn. */
  readonly errorForm?: number;
}
/**
 * How the first turn with older turn/end reasons ends (when it does not fail by itself): a reason
 * that had an older form, so that a log with that shape holds one (the others kept their form).
 * Read from draws the plan has (no draw of its own, so other logs stay as they were), and so
 * that an error falls on each old error form: the form of turn 1 is (1 + errorForm) % 3.
 */
const OLD_ENDS = ['error', 'aborted', 'disposed'] as const;
const legacyEnd = (legacy: LegacyPlan): TurnEnd => OLD_ENDS[((legacy.errorForm ?? 0) + legacy.turns) % OLD_ENDS.length]!;
export interface LogPlan {
  readonly turns: readonly TurnPlan[];
  readonly system?: Text;
  readonly tools?: readonly string[];
  readonly legacy?: LegacyPlan | null;
  /** A last turn left open (a crash before its turn/end), with this prompt. */
  readonly openTail?: Text | null;
  /** The session header's optional fields (spec §1.5), each present or absent. */
  readonly session?: Partial<Pick<SessionHeader, 'cwd' | 'parentSession' | 'seedLength' | 'origin' | 'delegationDepth' | 'agentPreset'>>;
  /** The event types whose every event carries the ignorable marker: a reader that knows the type reads it as any other (LOG-2.3). */
  readonly marked?: readonly string[];
  /** Where the clock starts: epoch milliseconds, before 1970 too (LOG-2.1). */
  readonly epoch?: number;
  /** Free data in the prompts' source, beside its kind. */
  readonly userSource?: JsonValue | null;
  /** The first current assistant/message and tool/result also hold their older shape's keys, as data (vocabulary UNKNOWN_KEYS). */
  readonly unknownKeys?: boolean;
  /** A log-only event in the first step whose data holds the words that make a request/header legacy (LEGACY_WORDS). */
  readonly legacyWords?: boolean;
}

/** What spec §5.1 refuses in a request/header, as the free data of a log-only event (hook/result), which holds no such rule. */
export const LEGACY_WORDS: JsonObject = { reason: 'fallback' };

/**
 * Log-only noise: every type of DSH rc.8's vocabulary the builder does not write in its own
 * place (spec §5.3 item 5, plugin types included), and an ignorable type outside it.
 */
export const NOISE_TYPES: readonly string[] = RC8_TYPES.filter(
  (type) => !/^(turn|step|assistant|compaction|llm)\/|^(user\/message|tool\/call|tool\/result|request\/header|session\/end-seed)$/.test(type),
);
type NoiseKind = string;

/**
 * Types a log may hold marked ignorable that no v0 reader knows: a harness's own, and those the
 * released formats v1–v4 added (dsh-eras §1.3), which a v0 log can only hold as unknown types.
 */
export const IGNORABLE_TYPES: readonly string[] = ['x-harness/annotation', 'image/offload', 'system/message', 'developer/message', 'assistant/attempt', 'model/selection', 'workspace/changes'];

/** Typed event types a log may hold marked ignorable (the types of its structure; plugin types are marked through noise). */
const MARKABLE: readonly EventType[] = ['turn/start', 'turn/end', 'step/start', 'step/end', 'user/message', 'assistant/chunk', 'assistant/message', 'tool/call', 'tool/result', 'request/header', 'request/context', 'session/end-seed', 'agent/inbox/spliced', 'compaction/start', 'compaction/summary', 'compaction/end', 'compaction/prune', 'llm/retry', 'llm/retry-started'];

/** An object with `entries` as its own keys, `__proto__` included as plain data (as JSON.parse makes it). */
function own(entries: ReadonlyArray<readonly [string, JsonValue]>): JsonValue {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** Free JSON as plugins and tools write it: keys JavaScript gives a meaning, and numbers of every sign and kind. */
export const freeJson: fc.Arbitrary<JsonValue> = fc
  .tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'note', 'value'), fc.constantFrom(0, -1, -273.15, 0.5, 42, 1e-7, -(2 ** 40)), anyText, fc.nat(3))
  .map(([key, n, text, form]) => {
    if (form === 0) return own([[key, n], ['note', text]]);
    if (form === 1) return own([['nested', own([[key, own([['value', n]])]])], ['list', [n, text, null, true]]]);
    if (form === 2) return own([['count', n], [key, text]]);
    return own([[key, own([])], ['n', n]]);
  });

/** Tool arguments: the model's raw JSON string, as models write it (spacing, nesting, empty). */
const toolArguments: fc.Arbitrary<Text> = fc
  .tuple(anyText, fc.constantFrom('compact', 'pretty', 'padded', 'empty', 'nested', 'prototype keys'))
  .map(([value, form]) => {
    if (form === 'prototype keys') return JSON.stringify(own([['__proto__', own([['path', value]])], ['constructor', 'x'], ['toString', -1.5], ['hasOwnProperty', 0]]));
    if (form === 'empty') return '';
    if (form === 'pretty') return JSON.stringify({ path: value }, null, 2);
    if (form === 'padded') return ` ${JSON.stringify({ path: value })}\n`;
    if (form === 'nested') return JSON.stringify({ edits: [{ old: value, new: value.toUpperCase() }], options: { dryRun: false, depth: 2 } });
    return JSON.stringify({ path: value });
  });

/** A count: zero as often as not-quite-zero, since a reader that drops zero counts shows only on them. */
const count = (max: number) => fc.oneof(fc.constant(0), fc.nat(max));
const usagePlan: fc.Arbitrary<UsagePlan> = fc.record(
  { input: count(4000), read: fc.option(count(4000)), output: count(2000), write: count(1000), reasoning: count(1000) },
  { requiredKeys: ['input', 'read'] },
);

const step: fc.Arbitrary<StepPlan> = fc.record({
  injects: fc.array(anyText, { maxLength: 2 }),
  header: fc.constantFrom<StepPlan['header']>('keep', 'keep', 'keep', 'keep', 'system', 'tools', 'config', 'noncanonical'),
  reply: fc.oneof(
    {
      weight: 9,
      arbitrary: fc.record({
        reasoning: fc.option(anyText),
        text: fc.option(anyText),
        calls: fc.nat(2),
        deltas: fc.nat(5),
        args: fc.array(toolArguments, { maxLength: 2 }),
        names: fc.array(fc.option(anyText, { freq: 2, nil: null }), { maxLength: 2 }),
        namedDeltas: fc.constantFrom<'every' | 'first'>('every', 'first'),
        replayState: fc.option(freeJson, { freq: 3, nil: null }),
        maxTokens: fc.boolean(),
      }),
    },
    // A reply with no content at all (a usage-only step): logged, but never a message (spec §3.1).
    { weight: 1, arbitrary: fc.constant({ reasoning: null, text: null, calls: 0, deltas: 0 }) },
  ),
  usage: fc.option(usagePlan, { freq: 3 }),
  // The typed noise (its payload has a shape a reader may check) drawn more often than each plugin type.
  noise: fc.array(fc.constantFrom<NoiseKind>(...NOISE_TYPES, 'request/context', 'agent/inbox/spliced', 'ignorable'), { maxLength: 2 }),
  noiseData: freeJson,
  systemText: anyText,
  stop: fc.option(fc.array(anyText, { maxLength: 2 }), { nil: null }),
  temperature: fc.constantFrom(0, 0.3, 1, 2, -0.5),
  tools: fc.constantFrom<'add' | 'reverse' | 'clear'>('add', 'reverse', 'clear'),
  outputs: fc.array(
    fc.record({
      blocks: fc.array(anyText, { maxLength: 2 }),
      isError: fc.constantFrom(true, false, undefined),
      error: fc.option(fc.record({ reason: fc.option(anyText, { nil: null }) }), { freq: 2, nil: null }),
      meta: fc.option(freeJson, { freq: 2, nil: null }),
    }),
    { maxLength: 2 },
  ),
  boundary: fc.constantFrom<Boundary>('streamed', 'streamed', 'streamed', 'streamed', 'retry', 'error finish', 'unstreamed', 'unrecorded', 'interrupted'),
  config: fc.record({
    reasoningEffort: fc.option(fc.constantFrom('high', 'low', 'max'), { freq: 2, nil: null }),
    maxTokens: fc.boolean(),
    markers: fc.subarray(['reasoningEffort', 'maxTokens'] as const),
  }),
  retry: fc.record({
    mode: fc.constantFrom<'normal' | 'always'>('normal', 'always'),
    delayMs: fc.constantFrom(0, 1, 250),
    facts: fc.record({ status: fc.integer({ min: 400, max: 599 }), providerRetryAfterMs: count(60_000), requestId: anyText }, { requiredKeys: [] }),
  }),
});

const turn: fc.Arbitrary<TurnPlan> = fc.record({
  prompt: anyText,
  steps: fc.array(step, { minLength: 1, maxLength: 3 }),
  compactKeep: fc.option(fc.nat(3), { freq: 4 }),
  trimPick: fc.option(fc.nat(), { freq: 4 }),
  resume: fc.boolean(),
  end: fc.constantFrom<TurnEnd>('completed', 'completed', 'completed', 'max-tokens', 'error', 'aborted', 'disposed', 'blocked', 'interrupted'),
  compaction: fc.record({ command: fc.boolean(), envelope: fc.boolean(), usage: fc.boolean(), error: fc.option(freeJson, { freq: 3, nil: null }), outsideTurn: fc.boolean() }),
  abortReason: fc.option(freeJson, { nil: null }),
});

/** The provenance an older harness stored beside a pre-identity assistant message's content. */
const OLD_PROVENANCE = { provider: 'deepseek', model: 'deepseek-chat' } as const;

/** Plans of at most `maxTurns` turns. */
export function logPlanOf(maxTurns: number): fc.Arbitrary<LogPlan> {
  // Drawn apart, so that adding them left every earlier plan as it was (a tuple draws its first
  // part first: the unknown keys are those drawn before the legacy words were added).
  const extras = fc.tuple(fc.constantFrom(false, false, true), fc.constantFrom(false, false, true));
  return fc.tuple(planOf(maxTurns), independently('extras', extras)).map(([plan, [unknownKeys, legacyWords]]) => ({ ...plan, ...(unknownKeys ? { unknownKeys } : {}), ...(legacyWords ? { legacyWords } : {}) }));
}

function planOf(maxTurns: number): fc.Arbitrary<LogPlan> {
  return fc.record({
    turns: fc.array(turn, { minLength: 1, maxLength: maxTurns }),
    system: anyText,
    // Names as registries spell them, and now and then any text at all: nothing in the log format restricts them.
    tools: fc.uniqueArray(fc.oneof({ weight: 3, arbitrary: toolName }, { weight: 1, arbitrary: anyText }), { minLength: 1, maxLength: 3 }),
    legacy: fc.option(
      fc.record({
        turns: fc.integer({ min: 1, max: maxTurns }),
        shapes: fc.subarray([...LEGACY_SHAPES], { minLength: 1 }),
        facts: fc.record({ status: fc.integer({ min: 400, max: 599 }), providerRetryAfterMs: count(60_000), requestId: anyText }, { requiredKeys: [] }),
        errorForm: fc.nat(2),
      }),
      { freq: 3, nil: null },
    ),
    openTail: fc.option(anyText, { freq: 3, nil: null }),
    session: fc.record(
      {
        // Absolute paths: any text after the root.
        cwd: anyText.map((t) => `/${t}`),
        parentSession: anyText,
        seedLength: fc.nat(),
        origin: fc.constant<'subagent'>('subagent'),
        delegationDepth: fc.nat(3),
        agentPreset: anyText,
      },
      { requiredKeys: [] },
    ),
    marked: fc.option(fc.subarray([...MARKABLE], { maxLength: 6 }), { freq: 2, nil: [] }),
    epoch: fc.constantFrom(1_700_000_000_000, 1_700_000_000_000, 1_700_000_000_000, -315_619_200_000),
    userSource: fc.option(freeJson, { freq: 3, nil: null }),
  });
}

export const logPlan: fc.Arbitrary<LogPlan> = logPlanOf(4);

/** Valid logs. With `noise: false` the same plan builds without log-only noise events. */
export function sessionLog(options: { noise?: boolean } = {}): fc.Arbitrary<GeneratedLog> {
  return logPlan.map((plan) => buildLog(plan, options));
}

const BASE_TOOLS: readonly ToolSpec[] = [
  { name: 'read_file', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  { name: 'run', description: 'Run a command.', parameters: { type: 'object', properties: { command: { type: 'string' } } } },
];

type Rec = Record<string, JsonValue>;
type Extra = Partial<Pick<SessionEvent, 'sourceEventSeqs' | 'surfaceOp' | 'ignorable'>>;
/** How an older harness stored an event: a shape outside the vocabulary, so any JSON. */
type AsStored = { type?: string; data: JsonValue };
/** The blocks a generated reply holds. */
type ReplyBlock = Extract<ContentBlock, { readonly type: 'text' | 'reasoning' | 'tool-call' }>;

export function buildLog(plan: LogPlan, options: { noise?: boolean } = {}): GeneratedLog {
  const noise = options.noise !== false;
  // Keys in the order of spec §1.5, as DSH writes them (delegationDepth always).
  const { cwd, parentSession, seedLength, origin, delegationDepth, agentPreset } = plan.session ?? {};
  const header: SessionHeader = {
    type: 'session',
    version: 0,
    id: 'gen-session',
    createdAt: 1_700_000_000_000,
    ...(cwd === undefined ? {} : { cwd }),
    ...(parentSession === undefined ? {} : { parentSession }),
    ...(seedLength === undefined ? {} : { seedLength }),
    ...(origin === undefined ? {} : { origin }),
    // A JSONL writer writes it always (spec §1.5; DSH rc.8's reader refuses a header line without it).
    delegationDepth: delegationDepth ?? 0,
    ...(agentPreset === undefined ? {} : { agentPreset }),
  };
  const events: SessionEvent[] = [];
  const stored: SessionEvent[] = [];
  const nodes: number[] = [];
  const headers: Array<{ seq: number; header: EpochHeader }> = [];
  let time = plan.epoch ?? 1_700_000_000_000;
  const marked = new Set(plan.marked ?? []);
  let ids = 0;
  const stats = { replaces: 0, toolPairs: 0, headerChanges: 0, resumes: 0, chunkRows: 0, ignorable: 0, injections: 0 };
  const texts: Record<string, string[]> = { system: [], user: [], reply: [], reasoning: [], arguments: [], 'tool output': [], 'tool name': [] };
  const seen = new Set<string>();
  let legacyTurn = false;
  // Only the first event of each type gets them, so a log with them also holds the type without.
  const unknownKeysGiven = new Set<string>();
  const unknownKeys = (type: string): boolean => {
    if (plan.unknownKeys !== true || unknownKeysGiven.has(type)) return false;
    unknownKeysGiven.add(type);
    return true;
  };
  const old = (shape: LegacyShape) => legacyTurn && plan.legacy!.shapes.includes(shape);
  const id = (prefix: string) => `${prefix}-${++ids}`;
  const legacyId = (seq: number) => `legacy-message:${header.id}:${seq}`;
  /**
   * Appends an event as a reader must load it; `asStored` is how an older harness wrote it, when it differs.
   * A type of the vocabulary takes its payload (`EventDataMap`); any other type takes any JSON.
   */
  function push<K extends EventType>(type: K, data: EventDataMap[K], extra?: Extra, asStored?: AsStored): number;
  function push<T extends string>(type: T extends EventType ? never : T, data: JsonValue, extra?: Extra, asStored?: AsStored): number;
  function push(type: string, data: JsonValue, extra: Extra = {}, asStored?: AsStored): number {
    const seq = events.length;
    // Times mostly rise but sometimes step back, as real logs allow.
    time += seq % 7 === 6 ? -2 : 1 + (seq % 3);
    // A marked type carries the marker after the surface fields, in the key order of LOG-1.6.
    if (marked.has(type)) extra = { ...extra, ignorable: true };
    const event: SessionEvent = { type, seq, time, data, ...extra };
    events.push(event);
    stored.push(asStored === undefined ? event : { type: asStored.type ?? type, seq, time, data: asStored.data, ...extra });
    if (extra.surfaceOp === 'append') nodes.push(seq);
    else if (typeof extra.surfaceOp === 'object') {
      const from = nodes.indexOf(extra.surfaceOp.start);
      nodes.splice(from, nodes.indexOf(extra.surfaceOp.end) - from + 1, seq);
      stats.replaces++;
    }
    return seq;
  }

  const toolNames = plan.tools ?? BASE_TOOLS.map((t) => t.name);
  const initialTools = toolNames.map((name, i): ToolSpec => ({ ...BASE_TOOLS[i % BASE_TOOLS.length]!, name }));
  let current: { config: LlmCallConfig; adapterDefaults?: EpochHeader['adapterDefaults']; system: string; tools: readonly ToolSpec[] } = {
    config: { provider: 'deepseek', model: 'deepseek-chat', reasoningEffort: 'high', maxTokens: 8192 },
    adapterDefaults: { reasoningEffort: true, maxTokens: true },
    system: plan.system ?? 'You are a careful agent.',
    tools: initialTools,
  };
  texts['system']!.push(current.system);
  texts['tool name']!.push(...toolNames);
  let headerOwed: Exclude<HeaderReason, 'change'> | null = 'initial';
  let changes = 0;

  /** A user/message: the current shape, or the pre-identity one an older harness wrote. */
  const userMessage = (content: Text, source: MessageSource, extra: Extra = { surfaceOp: 'append' }): number => {
    texts['user']!.push(content);
    if (old('pre-identity user')) {
      seen.add('pre-identity user');
      // As the apps/web logs store them: the prompt's source names the RPC that carried it.
      const body: Pick<Message, 'content' | 'source'> = { content: [{ type: 'text', text: content }], source: source.kind === 'user' ? { ...source, rpcId: `rpc-${events.length}` } : source };
      return push('user/message', { ...body, id: legacyId(events.length), role: 'user' }, extra, { data: body });
    }
    return push('user/message', { content: [{ type: 'text', text: content }], source, role: 'user', id: id('u') }, extra);
  };
  /** An injected user message: an older harness logged it as a steering/message. */
  const injected = (content: Text, turnNo: number): number => {
    if (!old('steering')) return userMessage(content, { kind: 'user' });
    seen.add('steering');
    texts['user']!.push(content);
    const body: Pick<Message, 'content' | 'source'> = { content: [{ type: 'text', text: content }], source: { kind: 'user' } };
    const seq = events.length;
    // Two older forms: the message wrapped, or its fields inline.
    if (stats.injections % 2 === 0) {
      const message: Message = { ...body, role: 'user', id: id('u') };
      return push('user/message', message, { surfaceOp: 'append' }, { type: 'steering/message', data: { turn: turnNo, message } });
    }
    return push('user/message', { ...body, id: legacyId(seq), role: 'user' }, { surfaceOp: 'append' }, { type: 'steering/message', data: { turn: turnNo, ...body } });
  };
  const noiseEvent = (kind: NoiseKind, turnNo: number, free: JsonValue) => {
    if (!noise) return;
    if (kind !== 'ignorable' && !NOISE_TYPES.includes(kind)) throw new Error(`generator: "${kind}" is not a noise type`);
    const variant = (events.length + turnNo) % 4;
    if (kind === 'todo/write') push('todo/write', { todos: [{ content: `task ${turnNo}`, status: 'in_progress' }] });
    else if (kind === 'request/context') {
      // contextWindow absent clears an older one (spec §2.2); systemPromptUpdate as a later writer adds it.
      push('request/context', { provider: 'deepseek', model: 'deepseek-chat', ...(variant === 0 ? {} : { contextWindow: 128000 }), ...(variant === 1 ? { systemPromptUpdate: `rules of turn ${turnNo}` } : {}) });
    } else if (kind === 'agent/inbox/spliced') {
      const inserted: Message[] = variant % 2 === 0 ? [] : [{ id: `inbox-${events.length}`, role: 'user', content: [{ type: 'text', text: `queued at turn ${turnNo}` }], source: { kind: 'user' }}];
      push('agent/inbox/spliced', { target: variant < 2 ? 'next-turn' : 'next-step', start: variant === 0 ? 0 : nodes.length, ...(variant === 3 ? {} : { removedCount: variant % 2 }), inserted, ...(variant === 2 ? { outcome: 'canceled' } : {}) });
    } else if (kind === 'ignorable') {
      // A type outside the v0 vocabulary: a harness's own, or one a later format added, in the later
      // format's shape (an image/offload naming a current user node's first image). Marked, it is kept
      // as stored and read as nothing (spec §5.3 item 5): a v0 reader never acts on what it does not know.
      // Each of them, from a rotating start: a draw of this noise is rare, the types are few.
      const user = nodes.findLast((seq) => events[seq]!.type === 'user/message');
      IGNORABLE_TYPES.forEach((_, i) => {
        const type = IGNORABLE_TYPES[(events.length + turnNo + i) % IGNORABLE_TYPES.length]!;
        // An image/offload keeps its v3 shape even without a target: the fresh fold (src/fold/fold-surface.ts) reads any event of that type.
        const data: JsonValue = type === 'x-harness/annotation' ? { note: `noise at turn ${turnNo}` } : type === 'image/offload' ? { targets: user === undefined ? [] : [{ seq: user, imageIndexes: [0] }] } : free;
        push(type as 'x-harness/annotation', data, { ignorable: true });
        stats.ignorable++;
      });
    } else push(kind as 'x-plugin/noise', free);
  };
  const turnStart = (turnNo: number) => {
    if (!old('turn/start trigger')) return push('turn/start', { turn: turnNo });
    seen.add('turn/start trigger');
    const source = turnNo % 2 === 0 ? { kind: 'user' } : { kind: 'user', rpcId: `rpc-${events.length}` };
    return push('turn/start', { turn: turnNo }, {}, { data: { turn: turnNo, trigger: { kind: 'message', source } } });
  };

  plan.turns.forEach((turnPlan, t) => {
    const turnNo = t + 1;
    legacyTurn = plan.legacy != null && turnNo <= plan.legacy.turns;
    if (turnPlan.resume && t > 0) {
      push('session/end-seed', {});
      headerOwed = 'resume';
      stats.resumes++;
    }
    turnStart(turnNo);
    if (turnPlan.compactKeep !== null && nodes.length > 0) compact(turnPlan.compactKeep, turnNo, turnPlan.compaction);
    if (turnPlan.trimPick !== null) trim(turnPlan.trimPick, turnNo);
    let failed: { step: number; message: string; code: string; end?: TurnEnd } | undefined;
    for (const [s, stepPlan] of turnPlan.steps.entries()) {
      const stepNo = s + 1;
      push('step/start', { turn: turnNo, step: stepNo });
      for (const kind of stepPlan.noise) noiseEvent(kind, turnNo, stepPlan.noiseData ?? null);
      if (noise && plan.legacyWords === true && turnNo === 1 && s === 0) push('hook/result' as 'x-plugin/noise', LEGACY_WORDS);
      if (s === 0) userMessage(turnPlan.prompt, plan.userSource == null ? { kind: 'user' } : (own([['kind', 'user'], ['client', plan.userSource]]) as MessageSource));
      for (const text of stepPlan.injects) {
        injected(text, turnNo);
        stats.injections++;
      }
      writeHeader(stepPlan);
      failed = reply(stepPlan, turnNo, stepNo);
      push('step/end', { turn: turnNo, step: stepNo });
      if (failed !== undefined) break;
    }
    const end = turnNo === 1 && old('old turn/end') ? legacyEnd(plan.legacy!) : turnPlan.end;
    turnEnd(turnNo, failed === undefined ? end : (failed.end ?? 'error'), failed, turnPlan.abortReason ?? null);
  });
  legacyTurn = false;
  if (plan.openTail != null) openTurn(plan.openTail, plan.turns.length + 1);

  /** Writes the reply of one step; returns the failure when its stream ended in an error. */
  function reply(stepPlan: StepPlan, turnNo: number, stepNo: number): { step: number; message: string; code: string; end?: TurnEnd } | undefined {
    const boundary = stepPlan.boundary ?? 'streamed';
    seen.add(`boundary: ${boundary}`);
    const chunk = (c: StreamChunk) => push('assistant/chunk', { turn: turnNo, step: stepNo, chunk: c });
    if (boundary === 'error finish' || boundary === 'retry') {
      const failure: LlmFailure = { message: 'the provider failed', code: boundary === 'retry' ? 'RATE_LIMIT' : 'SERVER', ...(stepPlan.retry?.facts ?? {}) };
      if (stepPlan.usage !== null) chunk({ type: 'usage', usage: { inputTokens: 0, outputTokens: 0 } });
      chunk({ type: 'finish', reason: { kind: 'error', failure } });
      if (boundary === 'error finish') return { step: stepNo, ...failure };
      const retryId = id('retry');
      // The always mode has no retry budget (spec §2.3).
      const mode = stepPlan.retry?.mode ?? 'normal';
      const budget = mode === 'normal' ? { maxRetries: 2 } : {};
      push('llm/retry', { retryId, turn: turnNo, step: stepNo, provider: 'deepseek', mode, policyKey: `["${mode}",2]`, retry: 1, ...budget, delayMs: stepPlan.retry?.delayMs ?? 1, failure });
      push('llm/retry-started', { retryId, turn: turnNo, step: stepNo, retry: 1 });
    }
    if (boundary === 'interrupted') return interrupted(stepPlan, turnNo, stepNo);
    const content = replyBlocks(stepPlan.reply, turnNo, stepNo);
    if (content.length === 0) seen.add('empty reply');
    const chunkSeqs = boundary === 'unstreamed' || boundary === 'unrecorded' ? [] : stream(stepPlan, content, turnNo, stepNo);
    const message: Message = { role: 'assistant', content, source: modelSource(stepPlan.reply), id: id('a') };
    const usage = stepPlan.usage === null ? undefined : usageOf(stepPlan.usage);
    const sources: Extra = boundary === 'unrecorded' ? { surfaceOp: 'append' } : { sourceEventSeqs: chunkSeqs, surfaceOp: 'append' };
    if (old('pre-identity assistant')) {
      seen.add('pre-identity assistant');
      const upgraded: Omit<Message, 'id'> = { role: 'assistant', content, source: { provider: 'deepseek', model: 'deepseek-chat', kind: 'model' } };
      const data: AssistantMessageData = { turn: turnNo, step: stepNo, ...(usage === undefined ? {} : { usage }), message: { id: legacyId(events.length), ...upgraded } };
      const asStored: Rec = { turn: turnNo, step: stepNo, content, provenance: OLD_PROVENANCE, ...(usage === undefined ? {} : { usage }) };
      push('assistant/message', data, sources, { data: asStored });
    } else {
      const stale = unknownKeys('assistant/message') ? { content, provenance: OLD_PROVENANCE } : {};
      push('assistant/message', { turn: turnNo, step: stepNo, message, ...(usage === undefined ? {} : { usage }), ...stale }, sources);
    }
    let c = 0;
    for (const block of content) {
      if (block.type !== 'tool-call') continue;
      const callSeq = push('tool/call', { turn: turnNo, step: stepNo, callId: block.id, name: block.name, arguments: block.arguments });
      const output = stepPlan.outputs?.[c] ?? { blocks: [`output of ${block.name}`], isError: false };
      toolResult(turnNo, stepNo, block.id, output, { sourceEventSeqs: [callSeq], surfaceOp: 'append' });
      stats.toolPairs++;
      c++;
    }
    return undefined;
  }

  /** The model source, with the replay state the provider gave, when it gave one. */
  function modelSource(reply: ReplyPlan): MessageSource {
    return reply.replayState == null ? { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' } : { kind: 'model', provider: 'deepseek', model: 'deepseek-chat', replayState: reply.replayState };
  }

  /**
   * A reply cancelled while it streamed: its text and reasoning so far, the stream finished
   * as aborted, and the visible part kept as an assistant/message marked interrupted
   * (only non-whitespace text and reasoning, none if nothing was visible; spec §4.5).
   */
  function interrupted(stepPlan: StepPlan, turnNo: number, stepNo: number): { step: number; message: string; code: string; end: TurnEnd } {
    const blocks = replyBlocks({ ...stepPlan.reply, calls: 0 }, turnNo, stepNo);
    const seqs: number[] = [];
    const chunk = (c: StreamChunk) => seqs.push(push('assistant/chunk', { turn: turnNo, step: stepNo, chunk: c }));
    blocks.forEach((block, index) => {
      chunk({ type: 'block-start', index, blockType: block.type });
      if (block.type !== 'tool-call') chunk({ type: block.type === 'text' ? 'text-delta' : 'reasoning-delta', index, text: block.text });
    });
    chunk({ type: 'finish', reason: { kind: 'aborted' } });
    const visible = blocks.filter((b): b is Extract<ReplyBlock, { type: 'text' | 'reasoning' }> => b.type !== 'tool-call' && b.text.trim() !== '');
    if (visible.length > 0) {
      seen.add('interrupted reply');
      const message: Message = { role: 'assistant', content: visible, source: modelSource(stepPlan.reply), id: id('a') };
      push('assistant/message', { turn: turnNo, step: stepNo, message, interrupted: true }, { sourceEventSeqs: seqs, surfaceOp: 'append' });
    }
    return { step: stepNo, message: 'cancelled', code: 'ABORTED', end: 'aborted' };
  }

  function usageOf(plan: UsagePlan): TokenUsage {
    const usage: Mutable<TokenUsage> = { inputTokens: plan.input, outputTokens: plan.output ?? 10 };
    if (plan.read !== null) usage.cacheReadTokens = plan.read;
    if (plan.write !== undefined) usage.cacheWriteTokens = plan.write;
    if (plan.reasoning !== undefined) usage.reasoningTokens = plan.reasoning;
    for (const key of ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens']) seen.add(`usage ${Object.hasOwn(usage, key) ? 'with' : 'without'} ${key}`);
    return usage;
  }

  function turnEnd(turnNo: number, end: TurnEnd, failure: { step: number; message: string; code: string } | undefined, abortReason: JsonValue): void {
    const error: LlmFailure = { message: failure?.message ?? 'generated failure', code: failure?.code ?? 'GENERATED' };
    // A hook's cancel cause carries the hook's own data.
    const cause: JsonValue = abortReason === null ? { kind: 'user' } : { kind: 'hook', reason: abortReason };
    const reason: TurnEndReason =
      end === 'error' ? { kind: 'error', error } : end === 'aborted' ? { kind: 'aborted', reason: cause } : end === 'disposed' ? { kind: 'aborted', reason: { kind: 'disposed' } } : { kind: end };
    if (!old('old turn/end') || (end !== 'error' && end !== 'aborted' && end !== 'disposed')) {
      push('turn/end', { turn: turnNo, reason });
      return;
    }
    seen.add('old turn/end');
    // The older reasons: aborted without a cause, disposed as its own kind, errors with their step.
    // A turn that failed before any step of its own was stored with step 0 by some turns (no draw of its own: other logs stay).
    const step = failure?.step ?? (turnNo + (plan.legacy!.errorForm ?? 0)) % 2;
    let asStored: Rec;
    let upgraded: TurnEndReason = reason;
    // The old error form: drawn for the log, then one per turn in turn.
    const form = (turnNo + (plan.legacy!.errorForm ?? 0)) % 3;
    if (end === 'aborted') [asStored, upgraded] = [{ kind: 'aborted' }, { kind: 'aborted', reason: { kind: 'legacy' } }];
    else if (end === 'disposed') asStored = { kind: 'disposed' };
    else if (form === 0) {
      // The failure as the provider reported it, optional facts included.
      const failure: LlmFailure = { ...error, ...(plan.legacy!.facts ?? { status: 503, providerRetryAfterMs: 1000 }) };
      [asStored, upgraded] = [{ kind: 'error', step, failure }, { kind: 'error', error: failure }];
    }
    else if (form === 1) asStored = { kind: 'error', step, message: error.message, code: error.code };
    else [asStored, upgraded] = [{ kind: 'error', step, message: error.message }, { kind: 'error', error: { message: error.message, code: 'UNKNOWN' } }];
    push('turn/end', { turn: turnNo, reason: upgraded }, {}, { data: { turn: turnNo, reason: asStored } });
  }

  /** A turn cut short by a crash: started, prompted and streaming, never ended. */
  function openTurn(prompt: Text, turnNo: number): void {
    turnStart(turnNo);
    push('step/start', { turn: turnNo, step: 1 });
    userMessage(prompt, { kind: 'user' });
    writeHeader({ header: 'keep' });
    const chunk = (c: StreamChunk) => push('assistant/chunk', { turn: turnNo, step: 1, chunk: c });
    chunk({ type: 'block-start', index: 0, blockType: 'text' });
    for (const piece of ['Working', ' on', ' it']) chunk({ type: 'text-delta', index: 0, text: piece });
    seen.add('open last turn');
  }

  function writeHeader(stepPlan: Pick<StepPlan, 'header' | 'systemText' | 'stop' | 'temperature' | 'tools' | 'config'>): void {
    const change = stepPlan.header;
    if (change === 'keep' && headerOwed === null) return;
    let written: EpochHeader;
    if (change === 'keep') written = canonical();
    else {
      changes++;
      if (change === 'system') {
        const next = stepPlan.systemText ?? `${current.system} Rule ${changes}.`;
        current = { ...current, system: next === current.system ? `${next} Rule ${changes}.` : next };
        texts['system']!.push(current.system);
      } else if (change === 'tools') {
        // A schema is free JSON: its property names may be any key, its bounds any number.
        const key = PROTOTYPE_KEYS[changes % PROTOTYPE_KEYS.length]!;
        const parameters = own([['type', 'object'], ['properties', own([[key, own([['type', 'number'], ['minimum', -1.5], ['default', 0]])]])]]) as ToolSpec['parameters'];
        const added: ToolSpec = { name: `tool_${changes}`, description: `Tool ${changes}.`, parameters };
        const how = stepPlan.tools ?? (changes % 2 === 0 ? 'reverse' : 'add');
        // Reversing one tool or clearing none would change nothing: then a tool is added.
        const tools = how === 'reverse' && current.tools.length > 1 ? [...current.tools].reverse() : how === 'clear' && current.tools.length > 0 ? [] : [...current.tools, added];
        current = { ...current, tools };
        if (tools.length === 0) seen.add('tools cleared');
      } else if (change === 'config') {
        const { provider, model } = current.config;
        const stop = stepPlan.stop == null ? {} : { stop: stepPlan.stop };
        seen.add(stepPlan.stop == null ? 'stop absent' : stepPlan.stop.length === 0 ? 'stop empty' : 'stop set');
        // Each optional value set or not, and each value set marked as the adapter's or not (spec §2.2).
        const plan = stepPlan.config ?? { reasoningEffort: 'high', maxTokens: true, markers: ['reasoningEffort'] };
        const effort = plan.reasoningEffort === null ? {} : { reasoningEffort: plan.reasoningEffort };
        const maxTokens = plan.maxTokens ? { maxTokens: 1000 + changes } : {};
        const config: LlmCallConfig = { provider, model, ...effort, temperature: stepPlan.temperature ?? changes / 10, ...maxTokens, ...stop };
        const markers = Object.fromEntries(plan.markers.filter((key) => config[key] !== undefined).map((key) => [key, true] as const));
        const { adapterDefaults: _previous, ...rest } = current;
        current = Object.keys(markers).length === 0 ? { ...rest, config } : { ...rest, config, adapterDefaults: markers };
      } else {
        // Explicit values, no markers — written with an empty adapterDefaults that canonicalisation drops.
        const { adapterDefaults: _dropped, ...rest } = current;
        current = { ...rest, config: { ...current.config, maxTokens: 2000 + changes } };
      }
      // Non-canonical: every field spelled out, empty ones included, as a writer that skips canonicalisation stores it.
      written = change === 'noncanonical' ? { ...canonical(), adapterDefaults: {}, system: current.system, tools: current.tools } : canonical();
    }
    // A writer that always writes its tool list stores an empty one too: canonicalisation drops it.
    if (current.tools.length === 0 && written.tools === undefined && changes % 2 === 0) written = { ...written, tools: [] };
    // And one that always writes its system prompt stores an empty one (spec §3.3: canonicalisation drops it).
    if (current.system === '' && written.system === undefined && changes % 2 === 1) written = { ...written, system: '' };
    const reason = headerOwed ?? 'change';
    if (reason === 'change') stats.headerChanges++;
    headers.push({ seq: push('request/header', { header: written, reason }), header: canonical() });
    headerOwed = null;
  }

  function canonical(): EpochHeader {
    const out: Mutable<EpochHeader> = { config: current.config };
    if (current.adapterDefaults !== undefined) out.adapterDefaults = current.adapterDefaults;
    if (current.system !== '') out.system = current.system;
    if (current.tools.length > 0) out.tools = current.tools;
    return out;
  }

  function replyBlocks(reply: ReplyPlan, turnNo: number, stepNo: number): ReplyBlock[] {
    const blocks: ReplyBlock[] = [];
    if (reply.reasoning !== null) blocks.push({ type: 'reasoning', text: reply.reasoning });
    if (reply.text !== null) blocks.push({ type: 'text', text: reply.text });
    for (let c = 0; c < reply.calls; c++) {
      const tool = current.tools[c % Math.max(1, current.tools.length)];
      const args = reply.args?.[c] ?? JSON.stringify({ path: `src/file${c}.ts` });
      // Models now and then call a tool that is not in the list: the log keeps the name as it came.
      const name = reply.names?.[c] ?? tool?.name ?? 'run';
      if (reply.names?.[c] != null) texts['tool name']!.push(name);
      blocks.push({ type: 'tool-call', id: `call-${turnNo}-${stepNo}-${c}`, name, arguments: args });
      texts['arguments']!.push(args);
    }
    if (reply.reasoning !== null) texts['reasoning']!.push(reply.reasoning);
    if (reply.text !== null) texts['reply']!.push(reply.text);
    return blocks;
  }

  /** assistant/chunk events for a reply: start, deltas, end per block, then usage and finish. */
  function stream(stepPlan: StepPlan, blocks: readonly ReplyBlock[], turnNo: number, stepNo: number): number[] {
    const seqs: number[] = [];
    const chunk = (c: StreamChunk) => seqs.push(push('assistant/chunk', { turn: turnNo, step: stepNo, chunk: c }));
    blocks.forEach((block, index) => {
      chunk({ type: 'block-start', index, blockType: block.type });
      const whole = block.type === 'tool-call' ? block.arguments : block.text;
      for (const [k, piece] of split(whole, stepPlan.reply.deltas).entries()) {
        const named = k === 0 || stepPlan.reply.namedDeltas !== 'first';
        if (!named) seen.add('tool named on the first delta only');
        if (block.type === 'tool-call' && named) chunk({ type: 'tool-call-delta', index, id: block.id, name: block.name, argumentsDelta: piece });
        else if (block.type === 'tool-call') chunk({ type: 'tool-call-delta', index, id: block.id, argumentsDelta: piece });
        else chunk({ type: block.type === 'text' ? 'text-delta' : 'reasoning-delta', index, text: piece });
      }
      chunk({ type: 'block-end', index, block });
    });
    if (stepPlan.usage !== null) chunk({ type: 'usage', usage: usageOf(stepPlan.usage) });
    chunk({ type: 'finish', reason: { kind: stepPlan.reply.calls > 0 ? 'tool-calls' : stepPlan.reply.maxTokens === true ? 'max-tokens' : 'stop' } });
    return seqs;
  }

  function compact(keep: number, turnNo: number, how: CompactionPlan | undefined): void {
    const shadowed = nodes.slice(0, Math.max(1, nodes.length - (keep % (nodes.length + 1))));
    const compactionId = id('c');
    // A compaction a command started names it; one run between turns has no turn; older writers logged no envelope (spec §2.3).
    const command = how?.command === true ? { sourceCommandId: `cmd-${compactionId}` } : {};
    const turn = how?.outsideTurn === true ? null : turnNo;
    const envelope = how?.envelope === false ? {} : { provider: 'deepseek', model: 'deepseek-chat', maxTokens: 4096 };
    // A streamed one-shot reports its usage and keeps its raw output.
    const usage = how?.usage === true ? { usage: { inputTokens: 900, outputTokens: 0, cacheReadTokens: 0 }, rawOutput: 'Earlier work, summarized.', llmStreamCall: true as const } : {};
    const start = push('compaction/start', { compactionId, ...command, turn });
    const summary = push('compaction/summary', {
      compactionId,
      ...command,
      summary: [{ type: 'text', text: 'Earlier work, summarized.' }],
      shadowedRange: { start: shadowed[0]!, end: shadowed[shadowed.length - 1]! },
      shadowedSeqs: shadowed,
      shadowedTokenCount: 100,
      ...envelope,
      ...usage,
    });
    userMessage('Summary: earlier work.', { kind: 'plugin', plugin: 'compact', compactionId, ...command }, {
      sourceEventSeqs: [start, summary, ...shadowed],
      surfaceOp: { op: 'replace', start: shadowed[0]!, end: shadowed[shadowed.length - 1]! },
    });
    push('compaction/end', { compactionId, ...command, turn, ...(how?.error == null ? {} : { error: how.error }) });
  }

  function trim(pick: number, turnNo: number): void {
    const results = nodes.filter((seq) => events[seq]!.type === 'tool/result');
    if (results.length === 0) return;
    const target = results[pick % results.length]!;
    const event = events[target]!;
    const result = isEvent(event, 'tool/result') ? event.data : undefined;
    const block = result?.message.content[0];
    if (result === undefined || block?.type !== 'tool-result') throw new Error(`generator: event ${target} is not the tool result it wrote`);
    push('compaction/prune', { shadowedRange: { start: target, end: target }, shadowedSeqs: [target], shadowedTokenCount: 20 });
    const trimmed: ContentBlock[] = [{ type: 'text', text: `[trimmed at turn ${turnNo}]` }];
    // The result it replaces, its first block's content trimmed: same keys, same order.
    const rewritten: ToolResultData = { ...result, message: { ...result.message, content: [{ ...block, content: trimmed }, ...result.message.content.slice(1)] } };
    const extra: Extra = { sourceEventSeqs: [target], surfaceOp: { op: 'replace', start: target, end: target } };
    if (!old('pre-identity tool result')) {
      push('tool/result', rewritten, extra);
      return;
    }
    // An older harness wrote the rewrite flat too; on load it keeps the identity of the result it replaces.
    push('tool/result', rewritten, extra, { data: { turn: result.turn, step: result.step, callId: block.toolCallId, content: trimmed, isError: block.isError === true } });
  }

  function toolResult(turnNo: number, stepNo: number, callId: string, output: ToolOutputPlan, extra: Extra): void {
    texts['tool output']!.push(...output.blocks);
    const content = output.blocks.map((text): ContentBlock => ({ type: 'text', text }));
    if (old('pre-identity tool result')) {
      seen.add('pre-identity tool result');
      const isError = output.isError === true;
      const message: Message = { id: legacyId(events.length), role: 'user', content: [{ type: 'tool-result', toolCallId: callId, content, isError }], source: { kind: 'tool', callId } };
      push('tool/result', { turn: turnNo, step: stepNo, message }, extra, { data: { turn: turnNo, step: stepNo, callId, content, isError } });
      return;
    }
    const flag = output.isError === undefined ? {} : { isError: output.isError };
    const message: Message = { source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content, ...flag }], role: 'user', id: id('t') };
    // The tool's error data and metadata, each present or absent (spec §2.2).
    const error = output.error == null ? {} : { error: { name: 'ToolError', code: 'EXIT_1', ...(output.error.reason === null ? {} : { reason: output.error.reason }) } };
    const meta = output.meta == null ? {} : { meta: output.meta };
    const stale = unknownKeys('tool/result') ? { callId, content, isError: output.isError === true } : {};
    push('tool/result', { turn: turnNo, step: stepNo, message, ...error, ...meta, ...stale }, extra);
  }

  const upgraded = stored.some((e, i) => e !== events[i]);
  const jsonl = writeJsonl(header, stored);
  stats.chunkRows = jsonl.split('\n').filter((line) => /^\{"type":"[a-z-]+-chunks"/.test(line)).length;
  const labels: Record<string, boolean> = {};
  for (const [field, values] of Object.entries(texts)) Object.assign(labels, textLabels(values, field));
  Object.assign(labels, textLabels(Object.values(texts).flat(), 'text'));
  for (const shape of LEGACY_SHAPES) labels[`legacy: ${shape}`] = seen.has(shape);
  for (const key of ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens']) for (const side of ['with', 'without']) labels[`usage ${side} ${key}`] = seen.has(`usage ${side} ${key}`);
  for (const boundary of ['retry', 'error finish', 'unstreamed', 'unrecorded']) labels[`boundary: ${boundary}`] = seen.has(`boundary: ${boundary}`);
  labels['open last turn'] = seen.has('open last turn');
  labels['interrupted reply'] = seen.has('interrupted reply');
  labels['marked ignorable'] = events.some((e) => e.ignorable === true && !IGNORABLE_TYPES.includes(e.type));
  labels['empty reply'] = seen.has('empty reply');
  for (const label of ['tool named on the first delta only', 'tools cleared', 'stop empty', 'stop set']) labels[label] = seen.has(label);
  labels['legacy shapes'] = LEGACY_SHAPES.some((shape) => seen.has(shape));
  const expected = expectationOf(events, headers);
  return { header, events, jsonl, stats: { ...stats, labels }, ...(upgraded ? { stored } : {}), expected };
}

/**
 * The messages and header a fold must derive, from what the builder wrote: the surface
 * ops it chose and the canonical header it meant, projected by the rule of spec §3.1.
 */
function expectationOf(events: readonly SessionEvent[], headers: ReadonlyArray<{ seq: number; header: EpochHeader }>): LogExpectation {
  return {
    messagesAt(k) {
      const nodes: number[] = [];
      for (const event of events.slice(0, k)) {
        if (event.surfaceOp === 'append') nodes.push(event.seq);
        else if (typeof event.surfaceOp === 'object') {
          const from = nodes.indexOf(event.surfaceOp.start);
          nodes.splice(from, nodes.indexOf(event.surfaceOp.end) - from + 1, event.seq);
        }
      }
      return nodes.map((seq) => projection(events[seq]!)).filter((m): m is JsonValue => m !== null);
    },
    headerAt(k) {
      return headers.findLast((h) => h.seq < k)?.header ?? null;
    },
  };
}

function projection(event: SessionEvent): JsonValue | null {
  if (isEvent(event, 'user/message')) return event.data;
  if (isEvent(event, 'assistant/message')) return event.data.message.content.length === 0 ? null : event.data.message;
  if (isEvent(event, 'tool/result')) return event.data.message;
  throw new Error(`generator: event ${event.seq} (${event.type}) is not a message`);
}

function split(whole: string, pieces: number): string[] {
  if (pieces <= 1 || whole.length < 2) return [whole];
  const size = Math.ceil(whole.length / pieces);
  const out: string[] = [];
  for (let i = 0; i < whole.length; i += size) out.push(whole.slice(i, i + size));
  return out;
}

/** JSONL with runs of three or more consecutive same-block deltas packed into chunk rows. */
export function writeJsonl(header: SessionHeader, events: readonly SessionEvent[], pack = true): string {
  if (!pack) return unpackedJsonl(header, events);
  const lines = [JSON.stringify(header)];
  for (let i = 0; i < events.length; ) {
    const run = deltaRun(events, i);
    if (run.length >= 3) {
      lines.push(JSON.stringify(row(events.slice(i, i + run.length), run)));
      i += run.length;
    } else {
      lines.push(JSON.stringify(events[i]));
      i++;
    }
  }
  return `${lines.join('\n')}\n`;
}

/** JSONL with one line per event, nothing packed: also for events a fault was put in. */
export function unpackedJsonl(header: SessionHeader, events: readonly JsonValue[]): string {
  return `${[header, ...events].map((line) => JSON.stringify(line)).join('\n')}\n`;
}

/** The JSONL of the first `k` events, unpacked: a valid log of its own. */
export function prefixJsonl(log: GeneratedLog, k: number): string {
  // As stored: a prefix of a log with older shapes holds them too.
  return writeJsonl(log.header, (log.stored ?? log.events).slice(0, k), false);
}

type DeltaChunk = Extract<StreamChunk, { readonly type: 'text-delta' | 'reasoning-delta' | 'tool-call-delta' }>;
type Delta = ChunkData & { readonly chunk: DeltaChunk };

function isDelta(data: ChunkData): data is Delta {
  const { type } = data.chunk;
  return type === 'text-delta' || type === 'reasoning-delta' || type === 'tool-call-delta';
}

function deltaOf(event: SessionEvent): Delta | undefined {
  // A row has no place for the marker: a marked delta is stored as its own line.
  return isEvent(event, 'assistant/chunk') && event.ignorable !== true && isDelta(event.data) ? event.data : undefined;
}

/** Whether `b` continues the run `a` starts: the same kind of delta to the same block. */
function sameRun(a: Delta, b: Delta): boolean {
  if (a.turn !== b.turn || a.step !== b.step || a.chunk.index !== b.chunk.index) return false;
  if (a.chunk.type !== 'tool-call-delta') return b.chunk.type === a.chunk.type;
  return b.chunk.type === 'tool-call-delta' && a.chunk.id === b.chunk.id && a.chunk.name === b.chunk.name;
}

/** The deltas of the run that starts at `from` (none when its event is not a delta). */
function deltaRun(events: readonly SessionEvent[], from: number): Delta[] {
  const first = deltaOf(events[from]!);
  if (first === undefined) return [];
  const run = [first];
  while (from + run.length < events.length) {
    const next = deltaOf(events[from + run.length]!);
    if (next === undefined || !sameRun(first, next)) break;
    run.push(next);
  }
  return run;
}

function piece(chunk: DeltaChunk): string {
  return chunk.type === 'tool-call-delta' ? chunk.argumentsDelta : chunk.text;
}

function row(run: readonly SessionEvent[], deltas: readonly Delta[]): JsonValue {
  const first = run[0]!;
  const d = deltas[0]!;
  const dt = run.slice(1).map((e, i) => e.time - run[i]!.time);
  const head = { seq0: first.seq, time0: first.time };
  if (d.chunk.type === 'tool-call-delta') {
    const name = d.chunk.name === undefined ? {} : { name: d.chunk.name };
    return { type: 'tool-call-chunks', ...head, data: { turn: d.turn, step: d.step, index: d.chunk.index, dt, id: d.chunk.id, ...name, args: deltas.map((x) => piece(x.chunk)) } };
  }
  const type = d.chunk.type === 'text-delta' ? 'text-chunks' : 'reasoning-chunks';
  return { type, ...head, data: { turn: d.turn, step: d.step, index: d.chunk.index, dt, texts: deltas.map((x) => piece(x.chunk)) } };
}

/** A stored log read back as a generated one (for regressions): statistics are not kept. */
export function generatedFromJsonl(jsonl: string, events: readonly SessionEvent[]): GeneratedLog {
  const header = JSON.parse(jsonl.slice(0, jsonl.indexOf('\n'))) as SessionHeader;
  return { header, events, jsonl, stats: { replaces: 0, toolPairs: 0, headerChanges: 0, resumes: 0, chunkRows: 0, ignorable: 0, injections: 0 } };
}

/** How many events a JSONL log holds (its last seq + 1), read from its last line. */
export function eventCount(jsonl: string): number {
  const lines = jsonl.trimEnd().split('\n');
  if (lines.length < 2) return 0;
  const last = JSON.parse(lines[lines.length - 1]!) as { seq?: number; seq0?: number; data?: { texts?: unknown[]; args?: unknown[] } };
  return last.seq !== undefined ? last.seq + 1 : last.seq0! + (last.data?.texts ?? last.data?.args ?? []).length;
}
