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
// @ts-nocheck

import fc from 'fast-check';
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
  readonly isError: boolean;
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
}
/** How the reply reached the log (spec §2.3 llm/retry, §4.5, §2.4 sourceEventSeqs). */
export type Boundary = 'streamed' | 'retry' | 'error finish' | 'unstreamed' | 'unrecorded';
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
}
type TurnEnd = 'completed' | 'max-tokens' | 'error' | 'aborted' | 'disposed';
interface TurnPlan {
  readonly prompt: Text;
  readonly steps: readonly StepPlan[];
  readonly compactKeep: number | null;
  readonly trimPick: number | null;
  readonly resume: boolean;
  readonly end: TurnEnd;
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
export interface LogPlan {
  readonly turns: readonly TurnPlan[];
  readonly system?: Text;
  readonly tools?: readonly string[];
  readonly legacy?: LegacyPlan | null;
  /** A last turn left open (a crash before its turn/end), with this prompt. */
  readonly openTail?: Text | null;
  /** The session header's optional fields (spec §1.5), each present or absent. */
  readonly session?: Partial<Pick<SessionHeader, 'cwd' | 'parentSession' | 'seedLength' | 'origin' | 'delegationDepth' | 'agentPreset'>>;
}

type NoiseKind = 'todo' | 'context' | 'title' | 'ignorable' | 'hook';

/** Tool arguments: the model's raw JSON string, as models write it (spacing, nesting, empty). */
const toolArguments: fc.Arbitrary<Text> = fc
  .tuple(anyText, fc.constantFrom('compact', 'pretty', 'padded', 'empty', 'nested'))
  .map(([value, form]) => {
    if (form === 'empty') return '';
    if (form === 'pretty') return JSON.stringify({ path: value }, null, 2);
    if (form === 'padded') return ` ${JSON.stringify({ path: value })}\n`;
    if (form === 'nested') return JSON.stringify({ edits: [{ old: value, new: value.toUpperCase() }], options: { dryRun: false, depth: 2 } });
    return JSON.stringify({ path: value });
  });

const usagePlan: fc.Arbitrary<UsagePlan> = fc.record(
  { input: fc.nat(4000), read: fc.option(fc.nat(4000)), output: fc.nat(2000), write: fc.nat(1000), reasoning: fc.nat(1000) },
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
      }),
    },
    // A reply with no content at all (a usage-only step): logged, but never a message (spec §3.1).
    { weight: 1, arbitrary: fc.constant({ reasoning: null, text: null, calls: 0, deltas: 0 }) },
  ),
  usage: fc.option(usagePlan, { freq: 3 }),
  noise: fc.array(fc.constantFrom<NoiseKind>('todo', 'context', 'title', 'ignorable', 'hook'), { maxLength: 2 }),
  systemText: anyText,
  stop: fc.option(fc.array(anyText, { maxLength: 2 }), { nil: null }),
  temperature: fc.constantFrom(0, 0.3, 1, 2),
  tools: fc.constantFrom<'add' | 'reverse' | 'clear'>('add', 'reverse', 'clear'),
  outputs: fc.array(fc.record({ blocks: fc.array(anyText, { maxLength: 2 }), isError: fc.boolean() }), { maxLength: 2 }),
  boundary: fc.constantFrom<Boundary>('streamed', 'streamed', 'streamed', 'streamed', 'retry', 'error finish', 'unstreamed', 'unrecorded'),
});

const turn: fc.Arbitrary<TurnPlan> = fc.record({
  prompt: anyText,
  steps: fc.array(step, { minLength: 1, maxLength: 3 }),
  compactKeep: fc.option(fc.nat(3), { freq: 4 }),
  trimPick: fc.option(fc.nat(), { freq: 4 }),
  resume: fc.boolean(),
  end: fc.constantFrom<TurnEnd>('completed', 'completed', 'completed', 'max-tokens', 'error', 'aborted', 'disposed'),
});

/** Plans of at most `maxTurns` turns. */
export function logPlanOf(maxTurns: number): fc.Arbitrary<LogPlan> {
  return fc.record({
    turns: fc.array(turn, { minLength: 1, maxLength: maxTurns }),
    system: anyText,
    // Names as registries spell them, and now and then any text at all: nothing in the log format restricts them.
    tools: fc.uniqueArray(fc.oneof({ weight: 3, arbitrary: toolName }, { weight: 1, arbitrary: anyText }), { minLength: 1, maxLength: 3 }),
    legacy: fc.option(
      fc.record({
        turns: fc.integer({ min: 1, max: maxTurns }),
        shapes: fc.subarray([...LEGACY_SHAPES], { minLength: 1 }),
        facts: fc.record({ status: fc.integer({ min: 400, max: 599 }), providerRetryAfterMs: fc.nat(60_000), requestId: anyText }, { requiredKeys: [] }),
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
    delegationDepth: delegationDepth ?? 0,
    ...(agentPreset === undefined ? {} : { agentPreset }),
  };
  const events: SessionEvent[] = [];
  const stored: SessionEvent[] = [];
  const nodes: number[] = [];
  const headers: Array<{ seq: number; header: EpochHeader }> = [];
  let time = 1_700_000_000_000;
  let ids = 0;
  const stats = { replaces: 0, toolPairs: 0, headerChanges: 0, resumes: 0, chunkRows: 0, ignorable: 0, injections: 0 };
  const texts: Record<string, string[]> = { system: [], user: [], reply: [], reasoning: [], arguments: [], 'tool output': [], 'tool name': [] };
  const seen = new Set<string>();
  let legacyTurn = false;
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
  const noiseEvent = (kind: NoiseKind, turnNo: number) => {
    if (!noise) return;
    if (kind === 'todo') push('todo/write', { todos: [{ content: `task ${turnNo}`, status: 'in_progress' }] });
    else if (kind === 'context') push('request/context', { provider: 'deepseek', model: 'deepseek-chat', contextWindow: 128000 });
    else if (kind === 'title') push('session/title', { title: 'A generated session', messageSeqs: [] });
    else if (kind === 'hook') push('hook/invoked', { hook: 'pre-step', turn: turnNo });
    else {
      push('x-harness/annotation', { note: `noise at turn ${turnNo}` }, { ignorable: true });
      stats.ignorable++;
    }
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
    if (turnPlan.compactKeep !== null && nodes.length > 0) compact(turnPlan.compactKeep, turnNo);
    if (turnPlan.trimPick !== null) trim(turnPlan.trimPick, turnNo);
    let failed: { step: number; message: string; code: string } | undefined;
    for (const [s, stepPlan] of turnPlan.steps.entries()) {
      const stepNo = s + 1;
      push('step/start', { turn: turnNo, step: stepNo });
      for (const kind of stepPlan.noise) noiseEvent(kind, turnNo);
      if (s === 0) userMessage(turnPlan.prompt, { kind: 'user' });
      for (const text of stepPlan.injects) {
        injected(text, turnNo);
        stats.injections++;
      }
      writeHeader(stepPlan);
      failed = reply(stepPlan, turnNo, stepNo);
      push('step/end', { turn: turnNo, step: stepNo });
      if (failed !== undefined) break;
    }
    turnEnd(turnNo, failed === undefined ? turnPlan.end : 'error', failed);
  });
  legacyTurn = false;
  if (plan.openTail != null) openTurn(plan.openTail, plan.turns.length + 1);

  /** Writes the reply of one step; returns the failure when its stream ended in an error. */
  function reply(stepPlan: StepPlan, turnNo: number, stepNo: number): { step: number; message: string; code: string } | undefined {
    const boundary = stepPlan.boundary ?? 'streamed';
    seen.add(`boundary: ${boundary}`);
    const chunk = (c: StreamChunk) => push('assistant/chunk', { turn: turnNo, step: stepNo, chunk: c });
    if (boundary === 'error finish' || boundary === 'retry') {
      const failure: LlmFailure = { message: 'the provider failed', code: boundary === 'retry' ? 'RATE_LIMIT' : 'SERVER' };
      if (stepPlan.usage !== null) chunk({ type: 'usage', usage: { inputTokens: 0, outputTokens: 0 } });
      chunk({ type: 'finish', reason: { kind: 'error', failure } });
      if (boundary === 'error finish') return { step: stepNo, ...failure };
      const retryId = id('retry');
      push('llm/retry', { retryId, turn: turnNo, step: stepNo, provider: 'deepseek', mode: 'normal', policyKey: '["normal",2]', retry: 1, maxRetries: 2, delayMs: 1, failure });
      push('llm/retry-started', { retryId, turn: turnNo, step: stepNo, retry: 1 });
    }
    const content = replyBlocks(stepPlan.reply, turnNo, stepNo);
    if (content.length === 0) seen.add('empty reply');
    const chunkSeqs = boundary === 'unstreamed' || boundary === 'unrecorded' ? [] : stream(stepPlan, content, turnNo, stepNo);
    const message: Message = { role: 'assistant', content, source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' }, id: id('a') };
    const usage = stepPlan.usage === null ? undefined : usageOf(stepPlan.usage);
    const sources: Extra = boundary === 'unrecorded' ? { surfaceOp: 'append' } : { sourceEventSeqs: chunkSeqs, surfaceOp: 'append' };
    if (old('pre-identity assistant')) {
      seen.add('pre-identity assistant');
      const upgraded: Omit<Message, 'id'> = { role: 'assistant', content, source: { provider: 'deepseek', model: 'deepseek-chat', kind: 'model' } };
      const data: AssistantMessageData = { turn: turnNo, step: stepNo, ...(usage === undefined ? {} : { usage }), message: { id: legacyId(events.length), ...upgraded } };
      const asStored: Rec = { turn: turnNo, step: stepNo, content, provenance: { provider: 'deepseek', model: 'deepseek-chat' }, ...(usage === undefined ? {} : { usage }) };
      push('assistant/message', data, sources, { data: asStored });
    } else {
      push('assistant/message', { turn: turnNo, step: stepNo, message, ...(usage === undefined ? {} : { usage }) }, sources);
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

  function usageOf(plan: UsagePlan): TokenUsage {
    const usage: Mutable<TokenUsage> = { inputTokens: plan.input, outputTokens: plan.output ?? 10 };
    if (plan.read !== null) usage.cacheReadTokens = plan.read;
    if (plan.write !== undefined) usage.cacheWriteTokens = plan.write;
    if (plan.reasoning !== undefined) usage.reasoningTokens = plan.reasoning;
    for (const key of ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens']) seen.add(`usage ${Object.hasOwn(usage, key) ? 'with' : 'without'} ${key}`);
    return usage;
  }

  function turnEnd(turnNo: number, end: TurnEnd, failure: { step: number; message: string; code: string } | undefined): void {
    const error: LlmFailure = { message: failure?.message ?? 'generated failure', code: failure?.code ?? 'GENERATED' };
    const reason: TurnEndReason =
      end === 'error' ? { kind: 'error', error } : end === 'aborted' ? { kind: 'aborted', reason: { kind: 'user' } } : end === 'disposed' ? { kind: 'aborted', reason: { kind: 'disposed' } } : { kind: end };
    if (!old('old turn/end') || (end !== 'error' && end !== 'aborted' && end !== 'disposed')) {
      push('turn/end', { turn: turnNo, reason });
      return;
    }
    seen.add('old turn/end');
    // The older reasons: aborted without a cause, disposed as its own kind, errors with their step.
    const step = failure?.step ?? 1;
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

  function writeHeader(stepPlan: Pick<StepPlan, 'header' | 'systemText' | 'stop' | 'temperature' | 'tools'>): void {
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
        const added = { name: `tool_${changes}`, description: `Tool ${changes}.`, parameters: { type: 'object' } };
        const how = stepPlan.tools ?? (changes % 2 === 0 ? 'reverse' : 'add');
        // Reversing one tool or clearing none would change nothing: then a tool is added.
        const tools = how === 'reverse' && current.tools.length > 1 ? [...current.tools].reverse() : how === 'clear' && current.tools.length > 0 ? [] : [...current.tools, added];
        current = { ...current, tools };
        if (tools.length === 0) seen.add('tools cleared');
      } else if (change === 'config') {
        const { stop: _previous, ...rest } = current.config;
        const stop = stepPlan.stop == null ? {} : { stop: stepPlan.stop };
        seen.add(stepPlan.stop == null ? 'stop absent' : stepPlan.stop.length === 0 ? 'stop empty' : 'stop set');
        current = { ...current, config: { ...rest, maxTokens: 1000 + changes, temperature: stepPlan.temperature ?? changes / 10, ...stop }, adapterDefaults: { reasoningEffort: true } };
      } else {
        // Explicit values, no markers — written with an empty adapterDefaults that canonicalisation drops.
        const { adapterDefaults: _dropped, ...rest } = current;
        current = { ...rest, config: { ...current.config, maxTokens: 2000 + changes } };
      }
      // Non-canonical: every field spelled out, empty ones included, as a writer that skips canonicalisation stores it.
      written = change === 'noncanonical' ? { ...canonical(), adapterDefaults: {}, system: current.system, tools: current.tools } : canonical();
    }
    // A writer that always writes its tool list stores an empty one too: canonicalisation drops it.
    if (current.tools.length === 0 && written.tools === undefined) written = { ...written, tools: [] };
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
    chunk({ type: 'finish', reason: { kind: stepPlan.reply.calls > 0 ? 'tool-calls' : 'stop' } });
    return seqs;
  }

  function compact(keep: number, turnNo: number): void {
    const shadowed = nodes.slice(0, Math.max(1, nodes.length - (keep % (nodes.length + 1))));
    const compactionId = id('c');
    const start = push('compaction/start', { compactionId, turn: turnNo });
    const summary = push('compaction/summary', {
      compactionId,
      summary: [{ type: 'text', text: 'Earlier work, summarized.' }],
      shadowedRange: { start: shadowed[0]!, end: shadowed[shadowed.length - 1]! },
      shadowedSeqs: shadowed,
      shadowedTokenCount: 100,
      provider: 'deepseek',
      model: 'deepseek-chat',
      maxTokens: 4096,
    });
    userMessage('Summary: earlier work.', { kind: 'plugin', plugin: 'compact', compactionId }, {
      sourceEventSeqs: [start, summary, ...shadowed],
      surfaceOp: { op: 'replace', start: shadowed[0]!, end: shadowed[shadowed.length - 1]! },
    });
    push('compaction/end', { compactionId, turn: turnNo });
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
      const message: Message = { id: legacyId(events.length), role: 'user', content: [{ type: 'tool-result', toolCallId: callId, content, isError: output.isError }], source: { kind: 'tool', callId } };
      push('tool/result', { turn: turnNo, step: stepNo, message }, extra, { data: { turn: turnNo, step: stepNo, callId, content, isError: output.isError } });
      return;
    }
    const message: Message = { source: { kind: 'tool', callId }, content: [{ type: 'tool-result', toolCallId: callId, content, isError: output.isError }], role: 'user', id: id('t') };
    push('tool/result', { turn: turnNo, step: stepNo, message }, extra);
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
  return isEvent(event, 'assistant/chunk') && isDelta(event.data) ? event.data : undefined;
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
