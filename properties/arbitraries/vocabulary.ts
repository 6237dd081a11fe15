/**
 * The vocabulary of a format-v0 log, field by field, and the value classes valid generated
 * logs must give each field (spec §1–2, docs/spec/log.md LOG-2 to LOG-5). Each shape's
 * table is held to its TypeScript type by `Fields<T>`: a field added to a type in
 * src/log/types.ts is a compile error here until it is listed, with its classes or the
 * reason v0 logs cannot hold it. An optional field is always wanted present and absent.
 *
 * `observeLog` walks a log's events through the tables and records the classes it finds;
 * test/properties/field-coverage.test.ts holds a fixed-seed sample of the generators to
 * every class listed. The observation reads the generated data, not the generator's plan,
 * so a generator that stops writing a field shows as a class nobody saw.
 */
import type {
  ContentBlock,
  EpochHeader,
  EventDataMap,
  EventType,
  FinishReason,
  JsonValue,
  LlmCallConfig,
  LlmFailure,
  Message,
  SeqRange,
  SessionEvent,
  SessionHeader,
  StreamChunk,
  TokenUsage,
  ToolResultData,
  ToolSpec,
  TurnEndReason,
} from '../../src/log/index.ts';

/**
 * What is recorded of a value: presence (`present`, `absent`); a number's sign and kind
 * (`zero`, `negative`, `fractional`, `positive`); `true`, `false`, `null`; a list's
 * `empty` or `non-empty`; an object's own keys (`keys: a+b`, sorted); a listed string's
 * `value: …`; and, for free JSON (data the spec keeps as it is), `prototype keys` (an own
 * key JavaScript gives a meaning: `__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`) and the number classes of any number inside it.
 */
export type ValueClass = string;

interface FieldSpec {
  /** The classes valid v0 logs must show (an optional field's `present` and `absent` are added). */
  readonly classes?: readonly ValueClass[];
  /** Why an optional field of the type is present in every stored log (then only `present` is wanted). */
  readonly alwaysStored?: string;
  /** The shape of the value (an object) or of each item (a list); with `by`, the union's name. */
  readonly shape?: ShapeName | Union;
  /** The value is one of a union, named `${shape}: ${value[by]}`. */
  readonly by?: 'type' | 'kind';
  /** Free JSON: walked for prototype keys and numbers, not for fields. */
  readonly free?: true;
  /** Why a v0 log cannot hold it (then nothing is wanted of it). */
  readonly outside?: string;
}

type Optionality<T, K extends keyof T> = {} extends Pick<T, K> ? { readonly optional: true } : { readonly optional?: never };
/** A shape's table: every field of `T`, optional ones marked so. */
export type Fields<T> = { readonly [K in keyof Required<T>]-?: FieldSpec & Optionality<T, K> };
type Variant<U, D extends keyof U, V> = U extends unknown ? (V extends U[D] ? Fields<U> : never) : never;
type Variants<Name extends string, U, D extends keyof U> = { readonly [V in U[D] & string as `${Name}: ${V}`]: Variant<U, D, V> };
type DataShapes = { readonly [K in EventType as `data ${K}`]: Fields<EventDataMap[K]> | { readonly outside: string } };

/** Images need their objects in a store: their generator is properties/arbitraries/image-request.ts (WIRE-IMAGES). */
const IMAGES = 'images are generated with their objects by image-request.ts';
const turnStep = { turn: { classes: ['positive'] }, step: { classes: ['positive'] } } as const;
const text = (type: 'text' | 'reasoning') => ({ type: { classes: [`value: ${type}`] }, text: {} });
const NUMBERS = ['zero', 'negative', 'fractional'];
/** Free JSON is wanted with prototype keys and every number class JSON numbers have. */
const FREE: FieldSpec = { free: true, classes: ['prototype keys', ...NUMBERS] };
const SHAPE_OF_COMPACTION = {
  compactionId: {},
  sourceCommandId: { optional: true },
  summary: { shape: 'block', by: 'type', classes: ['non-empty'] },
  shadowedRange: { shape: 'range' },
  shadowedSeqs: { classes: ['non-empty'] },
  shadowedTokenCount: { classes: ['positive'] },
  provider: { optional: true },
  model: { optional: true },
  maxTokens: { optional: true, classes: ['positive'] },
  usage: { optional: true, shape: 'usage' },
  rawOutput: { optional: true },
  llmStreamCall: { optional: true, classes: ['true'] },
} as const;
const BRACKET = { compactionId: {}, sourceCommandId: { optional: true }, turn: { classes: ['positive', 'null'] }, error: { optional: true, ...FREE } } as const;
/** The start of a compaction shares the bracket's type, but only its end reports an error (spec §2.3). */
const NO_START_ERROR = { optional: true, outside: 'spec §2.3 gives only the end of a compaction an error' } as const;
const PRUNE = { shadowedRange: { shape: 'range' }, shadowedSeqs: { classes: ['non-empty'] }, shadowedTokenCount: { classes: ['positive'] } } as const;

type Shapes = {
  readonly envelope: Fields<SessionEvent>;
  readonly 'session header': Fields<SessionHeader>;
  readonly message: Fields<Message>;
  readonly usage: Fields<TokenUsage>;
  readonly config: Fields<LlmCallConfig>;
  readonly 'epoch header': Fields<EpochHeader>;
  readonly markers: Fields<NonNullable<EpochHeader['adapterDefaults']>>;
  readonly tool: Fields<ToolSpec>;
  readonly failure: Fields<LlmFailure>;
  readonly range: Fields<SeqRange>;
  readonly 'replace op': Fields<Exclude<SessionEvent['surfaceOp'], 'append' | undefined>>;
  readonly 'tool error': Fields<NonNullable<ToolResultData['error']>>;
} & Variants<'block', ContentBlock, 'type'> &
  Variants<'chunk', StreamChunk, 'type'> &
  Variants<'finish', FinishReason, 'kind'> &
  Variants<'turn end', TurnEndReason, 'kind'> &
  DataShapes;

export type ShapeName = keyof Shapes;
type Union = 'block' | 'chunk' | 'finish' | 'turn end';

export const SHAPES: Shapes = {
  envelope: {
    type: {},
    seq: {},
    // Epoch milliseconds, which may go backwards and start before 1970 (LOG-2.1).
    time: { classes: ['positive', 'negative'] },
    data: {},
    sourceEventSeqs: { optional: true, classes: ['empty', 'non-empty'] },
    surfaceOp: { optional: true, classes: ['value: append', 'keys: end+op+start'] },
    ignorable: { optional: true, classes: ['true'] },
  },
  'session header': {
    type: {},
    version: { classes: ['zero'] },
    id: {},
    createdAt: {},
    cwd: { optional: true },
    parentSession: { optional: true },
    seedLength: { optional: true },
    isSeeded: { optional: true, outside: 'format v2+ (dsh-eras §1.3); test/log/formats.test.ts writes it' },
    origin: { optional: true, classes: ['value: subagent'] },
    delegationDepth: { optional: true, alwaysStored: 'a JSONL writer always writes it (spec §1.5), and DSH rc.8 refuses a header line without it', classes: ['zero', 'positive'] },
    agentPreset: { optional: true },
  },
  message: {
    id: {},
    role: { classes: ['value: user', 'value: assistant'] },
    content: { shape: 'block', by: 'type', classes: ['empty', 'non-empty'] },
    // Free beside its kind: the model's replay state, the plugin that wrote it, the RPC that carried it.
    source: FREE,
  },
  'block: text': text('text'),
  'block: reasoning': text('reasoning'),
  'block: image': {
    type: { outside: IMAGES },
    attachment: { outside: IMAGES },
    offloaded: { optional: true, outside: 'a v3+ projection, never stored' },
  },
  // The model's JSON text, kept as a string: walked as free JSON once parsed.
  'block: tool-call': { type: {}, id: {}, name: {}, arguments: { free: true, classes: ['prototype keys'] } },
  'block: tool-result': { type: {}, toolCallId: {}, content: { shape: 'block', by: 'type', classes: ['empty', 'non-empty'] }, isError: { optional: true, classes: ['true', 'false'] } },
  'block: tool-addition': { type: { outside: 'format v4' }, toolName: { outside: 'format v4' } },
  'block: tool-removal': { type: { outside: 'format v4' }, toolName: { outside: 'format v4' } },
  usage: {
    inputTokens: { classes: ['zero', 'positive'] },
    outputTokens: { classes: ['zero', 'positive'] },
    cacheReadTokens: { optional: true, classes: ['zero', 'positive'] },
    cacheWriteTokens: { optional: true, classes: ['zero', 'positive'] },
    reasoningTokens: { optional: true, classes: ['zero', 'positive'] },
  },
  config: {
    provider: {},
    model: {},
    reasoningEffort: { optional: true },
    // Any number (LOG-4.3): what a provider accepts is the provider's business.
    temperature: { optional: true, classes: ['zero', 'negative', 'fractional', 'positive'] },
    maxTokens: { optional: true, classes: ['positive'] },
    stop: { optional: true, classes: ['empty', 'non-empty'] },
  },
  'epoch header': {
    config: { shape: 'config' },
    adapterDefaults: { optional: true, shape: 'markers', classes: ['keys: reasoningEffort', 'keys: maxTokens', 'keys: maxTokens+reasoningEffort', 'keys: '] },
    // `value: ` is the empty prompt, which a writer that skips canonicalisation stores (the canonical snapshot drops it).
    system: { optional: true, classes: ['value: '] },
    tools: { optional: true, shape: 'tool', classes: ['empty', 'non-empty'] },
    messagePrefix: { optional: true, shape: 'message', classes: ['empty', 'non-empty'] },
  },
  markers: { reasoningEffort: { optional: true, classes: ['true'] }, maxTokens: { optional: true, classes: ['true'] } },
  tool: { name: {}, description: {}, parameters: FREE },
  failure: {
    message: {},
    code: {},
    status: { optional: true, classes: ['positive'] },
    providerRetryAfterMs: { optional: true, classes: ['zero', 'positive'] },
    requestId: { optional: true },
  },
  range: { start: {}, end: {} },
  'replace op': { op: {}, start: {}, end: {} },
  'tool error': { name: {}, code: {}, reason: { optional: true } },
  'chunk: block-start': { type: {}, index: {}, blockType: { classes: ['value: text', 'value: reasoning', 'value: tool-call'] } },
  'chunk: text-delta': { type: {}, index: {}, text: {} },
  'chunk: reasoning-delta': { type: {}, index: {}, text: {} },
  'chunk: tool-call-delta': { type: {}, index: {}, id: {}, name: { optional: true }, argumentsDelta: {} },
  'chunk: block-end': { type: {}, index: {}, block: { shape: 'block', by: 'type' } },
  'chunk: usage': { type: {}, usage: { shape: 'usage' } },
  'chunk: finish': { type: {}, reason: { shape: 'finish', by: 'kind' } },
  'finish: stop': { kind: {} },
  'finish: tool-calls': { kind: {} },
  'finish: max-tokens': { kind: {} },
  'finish: aborted': { kind: {} },
  'finish: error': { kind: {}, failure: { shape: 'failure' } },
  'turn end: completed': { kind: {} },
  'turn end: aborted': { kind: {}, reason: FREE },
  'turn end: blocked': { kind: {} },
  'turn end: error': { kind: {}, error: { shape: 'failure' } },
  'turn end: max-tokens': { kind: {} },
  'turn end: interrupted': { kind: {} },
  'turn end: forked': { kind: { outside: 'format v4' } },
  'data turn/start': { turn: { classes: ['positive'] } },
  'data turn/end': { turn: { classes: ['positive'] }, reason: { shape: 'turn end', by: 'kind' } },
  'data step/start': turnStep,
  'data step/end': turnStep,
  'data user/message': {
    id: {},
    role: { classes: ['value: user'] },
    content: { shape: 'block', by: 'type', classes: ['non-empty'] },
    source: FREE,
  },
  'data assistant/chunk': { ...turnStep, chunk: { shape: 'chunk', by: 'type' } },
  'data assistant/message': {
    ...turnStep,
    message: { shape: 'message' },
    usage: { optional: true, shape: 'usage' },
    interrupted: { optional: true, classes: ['true'] },
    stream: { optional: true, outside: 'format v2+ (embedded streams); test/log/formats.test.ts writes it' },
  },
  'data tool/call': { ...turnStep, callId: {}, name: {}, arguments: {} },
  'data tool/result': { ...turnStep, message: { shape: 'message' }, error: { optional: true, shape: 'tool error' }, meta: { optional: true, ...FREE } },
  'data request/header': {
    header: { shape: 'epoch header' },
    reason: { classes: ['value: initial', 'value: resume', 'value: change'] },
    startsSeries: { optional: true, outside: 'format v2+ (dsh-eras §3)' },
  },
  'data request/context': { provider: {}, model: {}, contextWindow: { optional: true, classes: ['positive'] }, systemPromptUpdate: { optional: true } },
  'data session/end-seed': { inherited: { optional: true, outside: 'format v2+ (the inherited cut)' } },
  'data agent/inbox/spliced': {
    target: { classes: ['value: next-turn', 'value: next-step'] },
    start: { classes: ['zero', 'positive'] },
    removedCount: { optional: true, classes: ['zero', 'positive'] },
    inserted: { shape: 'message', classes: ['empty', 'non-empty'] },
    outcome: { optional: true, classes: ['value: canceled'] },
  },
  'data compaction/start': { ...BRACKET, error: NO_START_ERROR },
  'data compaction/summary': SHAPE_OF_COMPACTION,
  'data compaction/end': BRACKET,
  'data compaction/prune': PRUNE,
  'data llm/retry': {
    retryId: {},
    ...turnStep,
    provider: {},
    mode: { classes: ['value: normal', 'value: always'] },
    policyKey: {},
    retry: { classes: ['positive'] },
    maxRetries: { optional: true, classes: ['positive'] },
    delayMs: { classes: ['zero', 'positive'] },
    failure: { shape: 'failure' },
  },
  'data llm/retry-started': { retryId: {}, ...turnStep, retry: { classes: ['positive'] } },
  'data context/message': { outside: 'the session-prefix era’s loop writes it (LOOP-SESSION-PREFIX); no valid-log generator does yet' },
  'data prompt/blocked': { outside: 'the session-prefix era’s loop writes it (LOOP-SESSION-PREFIX); no valid-log generator does yet' },
  'data compact/start': { turn: { classes: ['positive'] }, compactionId: { optional: true }, sourceCommandId: { optional: true }, error: NO_START_ERROR },
  'data compact/summary': {
    ...SHAPE_OF_COMPACTION,
    compactionId: { optional: true },
    turn: { optional: true, classes: ['positive'] },
  },
  'data compact/end': { turn: { classes: ['positive'] }, compactionId: { optional: true }, sourceCommandId: { optional: true }, error: { optional: true, ...FREE } },
  'data compact/prune': PRUNE,
  'data assistant/attempt': { outside: 'format v2+' },
  'data system/message': { outside: 'format v3+' },
  'data developer/message': { outside: 'format v4' },
  'data image/offload': { outside: 'format v3+' },
};

/**
 * The event types a v0 reader knows (LOG-4.5): DSH 0.1.0-rc.8's `KNOWN_SESSION_EVENT_TYPES`
 * and the session-prefix era's. Valid logs hold each of them; the session-prefix era's in
 * session-prefix logs only.
 */
export const RC8_TYPES: readonly string[] = [
  'agent-preset/selected', 'agent/inbox/spliced', 'approval/asked', 'approval/decided', 'approval/policy', 'assistant/chunk',
  'assistant/message', 'command/done', 'command/run', 'compaction/end', 'compaction/prune', 'compaction/start', 'compaction/summary',
  'feedback/record', 'goal/change', 'hook/invoked', 'hook/result', 'llm/retry', 'llm/retry-started', 'permission/preset', 'plan/mode',
  'request/context', 'request/header', 'sandbox/mode', 'schedule/change', 'session/end-seed', 'session/title',
  'session/title-llm-request', 'step/end', 'step/start', 'subagent/descriptor', 'team/member', 'team/message/delivered',
  'team/message/queued', 'team/task', 'todo/write', 'tool-workflow/agent-end', 'tool-workflow/agent-start', 'tool-workflow/run-end',
  'tool-workflow/run-start', 'tool/call', 'tool/code-dispatch', 'tool/code-dispatch-start', 'tool/result', 'turn/end', 'turn/start',
  'user/message', 'web/deepseek-search-llm-request',
];
export const SESSION_PREFIX_TYPES: readonly string[] = ['context/message', 'prompt/blocked', 'compact/start', 'compact/summary', 'compact/end', 'compact/prune'];

/** Keys JavaScript objects inherit a meaning for; the spec keeps them as plain data. */
export const PROTOTYPE_KEYS: readonly string[] = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

/** What a walk saw: `shape.field` → the classes it was seen with. */
export type Observed = Map<string, Set<ValueClass>>;

function see(observed: Observed, at: string, cls: ValueClass): void {
  let set = observed.get(at);
  if (set === undefined) observed.set(at, (set = new Set()));
  set.add(cls);
}

function numberClasses(n: number): ValueClass[] {
  if (n === 0) return ['zero'];
  return [n < 0 ? 'negative' : 'positive', ...(Number.isInteger(n) ? [] : ['fractional'])];
}

function isObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function classesOf(value: JsonValue): ValueClass[] {
  if (value === null) return ['null'];
  if (typeof value === 'number') return numberClasses(value);
  if (typeof value === 'boolean') return [String(value)];
  if (typeof value === 'string') return [`value: ${value}`];
  if (Array.isArray(value)) return [value.length === 0 ? 'empty' : 'non-empty'];
  return [`keys: ${Object.keys(value).sort().join('+')}`];
}

/** Free JSON: its prototype keys and number classes, anywhere inside it (a string holding JSON text is parsed). */
function freeClasses(value: JsonValue, out: Set<ValueClass>): void {
  if (typeof value === 'string') {
    if (!/^\s*[[{]/.test(value)) return;
    try {
      freeClasses(JSON.parse(value) as JsonValue, out);
    } catch {
      // Not JSON text: plain text, nothing to see.
    }
    return;
  }
  if (typeof value === 'number') for (const cls of numberClasses(value)) out.add(cls);
  if (Array.isArray(value)) for (const item of value) freeClasses(item, out);
  else if (isObject(value)) {
    for (const key of Object.keys(value)) {
      if (PROTOTYPE_KEYS.includes(key)) out.add('prototype keys');
      freeClasses(value[key]!, out);
    }
  }
}

/**
 * Keys no type gives a shape, which valid logs put beside its fields: a reader keeps and
 * compares them. They are the older shapes' own keys (spec §5.3 item 3): beside a current
 * shape they are data, not the sign of an older one.
 */
export const UNKNOWN_KEYS: Partial<Record<ShapeName, readonly string[]>> = {
  'data assistant/message': ['content', 'provenance'],
  'data tool/result': ['callId', 'content', 'isError'],
};

/** Records `value` as one of `shape`; a field outside the table and UNKNOWN_KEYS is recorded under `unlisted`. */
export function observe(observed: Observed, shape: ShapeName, value: JsonValue): void {
  const table = SHAPES[shape] as Readonly<Record<string, FieldSpec & { optional?: true }>>;
  if (!isObject(value)) return;
  for (const key of Object.keys(value)) {
    if (Object.hasOwn(table, key)) continue;
    if (UNKNOWN_KEYS[shape]?.includes(key) === true) see(observed, `${shape} (unknown keys)`, key);
    else see(observed, 'unlisted', `${shape}.${key}`);
  }
  for (const [field, spec] of Object.entries(table)) {
    const at = `${shape}.${field}`;
    if (!Object.hasOwn(value, field)) {
      see(observed, at, 'absent');
      continue;
    }
    const child = value[field]!;
    see(observed, at, 'present');
    for (const cls of classesOf(child)) see(observed, at, cls);
    if (spec.free === true) {
      const found = new Set<ValueClass>();
      freeClasses(child, found);
      for (const cls of found) see(observed, at, cls);
    }
    if (spec.shape === undefined) continue;
    for (const item of Array.isArray(child) ? child : [child]) {
      const name = spec.by === undefined ? spec.shape : `${spec.shape}: ${isObject(item) ? String(item[spec.by]) : '?'}`;
      if (Object.hasOwn(SHAPES, name)) observe(observed, name as ShapeName, item);
      else see(observed, 'unlisted', name);
    }
  }
}

/** Records a log: its session header, every event's envelope, type and payload. */
export function observeLog(observed: Observed, header: SessionHeader, events: readonly SessionEvent[]): void {
  observe(observed, 'session header', header);
  for (const event of events) {
    observe(observed, 'envelope', event);
    if (typeof event.surfaceOp === 'object') observe(observed, 'replace op', event.surfaceOp);
    see(observed, 'types', event.type);
    if (event.ignorable === true) see(observed, 'types marked ignorable', event.type);
    const shape = `data ${event.type}`;
    // A type of a later format (its table says so) is, in a v0 log, an unknown one: its payload is free.
    if (Object.hasOwn(SHAPES, shape) && !Object.hasOwn(SHAPES[shape as ShapeName], 'outside')) observe(observed, shape as ShapeName, event.data);
    else {
      const found = new Set<ValueClass>();
      freeClasses(event.data, found);
      for (const cls of found) see(observed, 'plugin data', cls);
    }
  }
}

/** Every class the tables want: `shape.field` → classes (an optional field's presence included). */
export function wantedClasses(): Map<string, readonly ValueClass[]> {
  const wanted = new Map<string, readonly ValueClass[]>();
  for (const [shape, keys] of Object.entries(UNKNOWN_KEYS)) wanted.set(`${shape} (unknown keys)`, keys);
  for (const [shape, table] of Object.entries(SHAPES) as Array<[string, Readonly<Record<string, FieldSpec & { optional?: true }>>]>) {
    if ('outside' in table && typeof table['outside'] === 'string') continue;
    for (const [field, spec] of Object.entries(table)) {
      if (spec.outside !== undefined) continue;
      wanted.set(`${shape}.${field}`, [...(spec.optional === true && spec.alwaysStored === undefined ? ['present', 'absent'] : ['present']), ...(spec.classes ?? [])]);
    }
  }
  return wanted;
}
