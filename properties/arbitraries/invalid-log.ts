/**
 * Invalid logs, generated: a valid log with exactly one fault, and the code a reader must
 * refuse it with. There is one fault class per rule of the log validators (src/log/rules.ts),
 * named by the rule it breaks; the code comes from the rule table, never from here.
 * Event-level faults also say which event holds them, so append can be held to the same
 * verdict as load.
 */
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import type { ProtocolErrorCode } from '../../src/errors.ts';
import type { AppendInput } from '../../src/contract/index.ts';
import { LOG_RULES, type JsonObject, type JsonValue, type LogRuleId, type SessionEvent } from '../../src/log/index.ts';
import { payloadKey } from './chunk-rows.ts';
import { buildLog, logPlanOf, unpackedJsonl, writeJsonl, type GeneratedLog } from './session-log.ts';

export interface InvalidLog {
  /** The fault class: the id of the rule it breaks. */
  readonly fault: string;
  readonly code: ProtocolErrorCode;
  readonly jsonl: string;
  /** For faults in one event: its seq, the valid log before it, and the event as written. */
  readonly event?: { readonly seq: number; readonly prefix: string; readonly faulty: FaultyEvent; readonly original: SessionEvent | undefined };
}

/** An event with a fault in it: JSON in the shape of an event, any field of which may break the format. */
export type FaultyEvent = JsonObject;
/** An event that append can be given over the protocol: what `AppendInput` carries, and the seq it would get. */
export type AppendableEvent = AppendInput & { readonly seq: number };

/** JSON this generator cloned and edits in place. */
type Rec = Record<string, JsonValue>;
/**
 * A fault class. `variant`, when given, says which of its `variants` to make (the generator
 * draws each variant apart); without it the pick chooses one.
 */
type Mutation = ((log: GeneratedLog, pick: number, variant?: number) => InvalidLog | undefined) & { readonly variants?: number };

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const pickOf = <T>(items: readonly T[], pick: number): T | undefined => (items.length === 0 ? undefined : items[pick % items.length]);
const codeOf = (rule: LogRuleId): ProtocolErrorCode => LOG_RULES[rule].code;

const isObject = (value: JsonValue | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object at `path` in a clone, to edit in place. The generator wrote that shape: anything else is its own bug. */
function objectAt(root: JsonValue, ...path: ReadonlyArray<string | number>): Rec {
  let at: JsonValue | undefined = root;
  for (const key of path) at = typeof key === 'number' ? (Array.isArray(at) ? at[key] : undefined) : isObject(at) ? at[key] : undefined;
  if (!isObject(at)) throw new Error(`invalid-log generator: no object at ${path.join('.')}`);
  return at;
}

/** The list at `key` of a clone (see `objectAt`). */
function listAt(value: Rec, key: string): readonly JsonValue[] {
  const list = value[key];
  if (!Array.isArray(list)) throw new Error(`invalid-log generator: no list at ${key}`);
  return list;
}

/** The number at `key` of a clone (see `objectAt`). */
function numberAt(value: Rec, key: string): number {
  const n = value[key];
  if (typeof n !== 'number') throw new Error(`invalid-log generator: no number at ${key}`);
  return n;
}

/** Replaces event `seq` (or appends at the end) and writes the log unpacked. */
function withEvent(log: GeneratedLog, rule: LogRuleId, seq: number, faulty: FaultyEvent): InvalidLog {
  const events: JsonValue[] = [...log.events];
  const original = log.events[seq];
  events[seq] = faulty;
  return {
    fault: rule,
    code: codeOf(rule),
    jsonl: unpackedJsonl(log.header, events),
    event: { seq, prefix: writeJsonl(log.header, log.events.slice(0, seq), false), faulty, original },
  };
}

function appended(log: GeneratedLog, rule: LogRuleId, type: JsonValue, data: JsonValue, extra: JsonObject = {}): InvalidLog {
  const last = log.events[log.events.length - 1]!;
  const seq = log.events.length;
  return withEvent(log, rule, seq, { type, seq, time: last.time + 1, data, ...extra });
}

function changed(log: GeneratedLog, rule: LogRuleId, candidates: (e: SessionEvent) => boolean, pick: number, edit: (e: Rec, pick: number) => void, variant?: number): InvalidLog | undefined {
  const target = pickOf(log.events.filter(candidates), pick);
  if (target === undefined) return undefined;
  const faulty: Rec = clone(target);
  edit(faulty, variant ?? Math.floor(pick / 7));
  return withEvent(log, rule, target.seq, faulty);
}

/**
 * A fault class of several variants, each breaking one sub-rule alone: `make` is given the
 * variant's index, which the generator draws apart (or, without one, the pick chooses).
 */
function variants(count: number, make: (log: GeneratedLog, pick: number, variant: number) => InvalidLog | undefined): Mutation {
  return Object.assign((log: GeneratedLog, pick: number, variant?: number) => make(log, pick, (variant ?? Math.floor(pick / 7)) % count), { variants: count });
}

/** One event of the candidates replaced by one of `edits` of it, each a variant of its own. */
function editedBy(rule: LogRuleId, candidates: (e: SessionEvent) => boolean, edits: ReadonlyArray<(e: Rec) => void>): Mutation {
  return variants(edits.length, (log, pick, v) => changed(log, rule, candidates, pick, (e) => edits[v]!(e), v));
}

/** One event of the candidates with its data replaced by one of `datas` (made from its data), each a variant of its own. */
function dataFrom(rule: LogRuleId, candidates: (e: SessionEvent) => boolean, datas: ReadonlyArray<(data: Rec) => JsonValue>): Mutation {
  return editedBy(rule, candidates, datas.map((make) => (e: Rec) => (e['data'] = make(objectAt(e, 'data')))));
}

/** The surface nodes before event `seq`, folded here from the events (not by the code under test). */
function nodesBefore(events: readonly SessionEvent[], seq: number): number[] {
  const nodes: number[] = [];
  for (const event of events.slice(0, seq)) {
    if (event.surfaceOp === 'append') nodes.push(event.seq);
    else if (typeof event.surfaceOp === 'object') {
      const from = nodes.indexOf(event.surfaceOp.start);
      nodes.splice(from, nodes.indexOf(event.surfaceOp.end) - from + 1, event.seq);
    }
  }
  return nodes;
}

const isSurface = (e: SessionEvent) => e.surfaceOp !== undefined;
const isType = (type: string) => (e: SessionEvent) => e.type === type;
const messageOf = (e: Rec): Rec => (e['type'] === 'user/message' ? objectAt(e, 'data') : objectAt(e, 'data', 'message'));
const headerOf = (e: Rec): Rec => objectAt(e, 'data', 'header');
const configOf = (e: Rec): Rec => objectAt(e, 'data', 'header', 'config');

/** A header fault: one request/header edited. */
const header = (rule: LogRuleId, edit: (e: Rec, pick: number) => void): Mutation => (log, pick) => changed(log, rule, isType('request/header'), pick, edit);
/** A message fault: one message event of the given types edited. */
const message = (rule: LogRuleId, types: readonly string[], edit: (m: Rec, pick: number, e: Rec) => void): Mutation => (log, pick) =>
  changed(log, rule, (e) => types.includes(e.type) && isSurface(e), pick, (e, p) => edit(messageOf(e), p, e));
/** A surface fault: one surface event's metadata edited. */
const surface = (rule: LogRuleId, candidates: (e: SessionEvent) => boolean, edit: (e: Rec, pick: number) => void): Mutation => (log, pick) => changed(log, rule, candidates, pick, edit);

/** A replace appended at the end of the log by an event of `type`, built from the final surface. */
function replaceAtEnd(log: GeneratedLog, rule: LogRuleId, pick: number, type: 'user/message' | 'tool/result', plan: (nodes: number[], pick: number) => { op: JsonObject; sources: number[] } | undefined): InvalidLog | undefined {
  const nodes = nodesBefore(log.events, log.events.length);
  const shape = plan(nodes, pick);
  if (shape === undefined) return undefined;
  const template = pickOf(log.events.filter((e) => e.type === type && isSurface(e)), pick);
  if (template === undefined) return undefined;
  return appended(log, rule, type, clone(template.data), { sourceEventSeqs: shape.sources, surfaceOp: shape.op });
}

/** Faults in one event: a reader refuses them at load, a writer at append, with the same code. */
export const EVENT_FAULTS: Partial<Record<LogRuleId, Mutation>> = {
  'envelope.type': (log, pick) => appended(log, 'envelope.type', pickOf<JsonValue>(['', 5, null, ['turn/start'], {}], pick)!, { note: 'a type that is no name' }),
  'envelope.ignorable': (log, pick) => appended(log, 'envelope.ignorable', 'x-harness/note', { note: 'marked wrongly' }, { ignorable: pickOf<JsonValue>([false, 'true', 1, null], pick)! }),

  'legacy.header-delta': (log) => appended(log, 'legacy.header-delta', 'request/header-delta', { changes: { system: 'x' } }),
  'legacy.mode-set': (log) => appended(log, 'legacy.mode-set', 'mode/set', { mode: 'plan' }),
  'legacy.reason-fallback': header('legacy.reason-fallback', (e) => {
    objectAt(e, 'data')['reason'] = 'fallback';
  }),

  // Older shapes (LOG-8.4): each variant breaks one sub-rule of its shape, the rest left whole.
  'legacy-shape.turn-start': dataFrom('legacy-shape.turn-start', isType('turn/start'), [
    () => ({ turn: 0, trigger: { kind: 'message' } }),
    (d) => ({ turn: String(d['turn']), trigger: { kind: 'message' } }),
    () => ({ trigger: { kind: 'message' } }),
    (d) => ({ turn: d['turn']!, trigger: { kind: 'message' }, note: 'x' }),
    (d) => ({ turn: d['turn']!, trigger: 'message' }),
    (d) => ({ turn: d['turn']!, trigger: null }),
    (d) => ({ turn: d['turn']!, trigger: ['message'] }),
    (d) => ({ turn: d['turn']!, trigger: {} }),
    (d) => ({ turn: d['turn']!, trigger: { kind: '' } }),
    (d) => ({ turn: d['turn']!, trigger: { kind: 5 } }),
  ]),
  'legacy-shape.turn-end': dataFrom('legacy-shape.turn-end', isType('turn/end'), [
    (d) => ({ ...d, note: 'x' }),
    (d) => ({ turn: 0, reason: d['reason']! }),
    (d) => ({ turn: String(d['turn']), reason: d['reason']! }),
    (d) => ({ reason: d['reason']! }),
    (d) => ({ turn: d['turn']! }),
    (d) => ({ turn: d['turn']!, reason: 'completed' }),
    (d) => ({ turn: d['turn']!, reason: null }),
    (d) => ({ turn: d['turn']!, reason: {} }),
    (d) => ({ turn: d['turn']!, reason: { kind: 5 } }),
  ]),
  'legacy-shape.turn-end-kind-only': editedBy(
    'legacy-shape.turn-end-kind-only',
    isType('turn/end'),
    ['completed', 'blocked', 'max-tokens', 'interrupted', 'disposed', 'aborted'].map((kind) => (e: Rec) => (objectAt(e, 'data')['reason'] = { kind, detail: 'extra' })),
  ),
  'legacy-shape.error-step': editedBy(
    'legacy-shape.error-step',
    isType('turn/end'),
    [{ kind: 'error', message: 'failed' }, { kind: 'error', step: -1, message: 'failed' }, { kind: 'error', step: '1', message: 'failed' }, { kind: 'error', step: 1.5, failure: { message: 'm', code: 'c' } }].map(
      (reason) => (e: Rec) => (objectAt(e, 'data')['reason'] = reason),
    ),
  ),
  // An old error reason is {step, failure} or {step, message, code?}: each variant breaks one field of one form.
  'legacy-shape.error-form': editedBy(
    'legacy-shape.error-form',
    isType('turn/end'),
    [
      {},
      { message: 5 },
      { message: 'm', code: 7 },
      { message: 'm', note: 'x' },
      { failure: { message: 'm', code: 'c' }, message: 'm' },
      { failure: 'm' },
      { failure: { message: 'm' } },
      { failure: { code: 'c' } },
      { failure: { message: 'm', code: 'c', note: 'x' } },
      { failure: { message: 5, code: 'c' } },
      { failure: { message: 'm', code: 5 } },
      { failure: { message: 'm', code: 'c', status: '500' } },
      { failure: { message: 'm', code: 'c', providerRetryAfterMs: '10' } },
      { failure: { message: 'm', code: 'c', requestId: 5 } },
    ].map((rest) => (e: Rec) => (objectAt(e, 'data')['reason'] = { kind: 'error', step: 1, ...rest })),
  ),
  // Any safe integer turn is read (DSH rc.8 too: LOG-8.4 bounds it nowhere), so a wrong turn is one of another type.
  'legacy-shape.steering': variants(11, (log, _pick, v) => {
    const message = { id: 'steer-1', role: 'user', content: [{ type: 'text', text: 'steer' }], source: { kind: 'user' } };
    const content = [{ type: 'text', text: 'steer' }];
    const datas: JsonValue[] = [
      null,
      'steer',
      [{ turn: 1, message }],
      { turn: '1', message },
      { message },
      { turn: 1, message: 'steer' },
      { turn: 1, message, note: 'x' },
      { turn: 1, text: 'steer' },
      { turn: 1, content },
      { turn: 1, source: { kind: 'user' } },
      { turn: 1, content, source: { kind: 'user' }, note: 'x' },
    ];
    return appended(log, 'legacy-shape.steering', 'steering/message', datas[v]!, { surfaceOp: 'append' });
  }),

  'event.known-type': (log) => appended(log, 'event.known-type', 'x-harness/unannounced', { note: 'no ignorable marker' }),

  'header.shape': header('header.shape', (e, p) => {
    e['data'] = pickOf<JsonValue>([{ header: 'config', reason: 'change' }, { reason: 'change' }, [], 'header'], p)!;
  }),
  'header.reason': header('header.reason', (e, p) => {
    const data = objectAt(e, 'data');
    if (p % 4 === 3) delete data['reason'];
    else data['reason'] = pickOf<JsonValue>(['restart', 5, null], p)!;
  }),
  'header.config': header('header.config', (e, p) => {
    const h = headerOf(e);
    if (p % 3 === 2) delete h['config'];
    else h['config'] = pickOf<JsonValue>(['deepseek', []], p)!;
  }),
  'header.provider': header('header.provider', (e, p) => {
    const c = configOf(e);
    if (p % 3 === 2) delete c['provider'];
    else c['provider'] = pickOf<JsonValue>(['', 7], p)!;
  }),
  'header.model': header('header.model', (e, p) => {
    const c = configOf(e);
    if (p % 3 === 2) delete c['model'];
    else c['model'] = pickOf<JsonValue>(['', null], p)!;
  }),
  'header.reasoning-effort': header('header.reasoning-effort', (e, p) => {
    configOf(e)['reasoningEffort'] = pickOf<JsonValue>(['', 3, true], p)!;
  }),
  'header.temperature': header('header.temperature', (e, p) => {
    configOf(e)['temperature'] = pickOf<JsonValue>(['0.5', null, [1]], p)!;
  }),
  'header.max-tokens': header('header.max-tokens', (e, p) => {
    configOf(e)['maxTokens'] = pickOf<JsonValue>([0, -5, 1.5, '100'], p)!;
  }),
  'header.stop': header('header.stop', (e, p) => {
    configOf(e)['stop'] = pickOf<JsonValue>(['END', [1], [null]], p)!;
  }),
  'header.data-key': header('header.data-key', (e, p) => {
    objectAt(e, 'data')[pickOf(['startsSeries', 'delta', 'Reason'], p)!] = pickOf<JsonValue>([true, {}, 'change'], p)!;
  }),
  'header.key': header('header.key', (e, p) => {
    headerOf(e)[pickOf(['messageSuffix', 'toolChoice', 'instructions', 'System'], p)!] = pickOf<JsonValue>([[], 'auto', { text: 'x' }, 'x'], p)!;
  }),
  'header.config-key': header('header.config-key', (e, p) => {
    configOf(e)[pickOf(['topP', 'seed', 'frequencyPenalty', 'max_tokens'], p)!] = pickOf<JsonValue>([0.9, 7, 0, 100], p)!;
  }),
  'header.system': header('header.system', (e, p) => {
    headerOf(e)['system'] = pickOf<JsonValue>([5, ['You are brief.'], { text: 'x' }, null, false], p)!;
  }),
  'header.tools': header('header.tools', (e, p) => {
    // Not placeholders either: one with spaces, one inside other text, a list holding one.
    headerOf(e)['tools'] = pickOf<JsonValue>(['tools', [1], { name: 'read' }, [null], [['read']], '{{ tools }}', 'see {{tools}}', '{{tools}} below', ['{{tools}}']], p)!;
  }),
  'header.message-prefix': (() => {
    const prefixMessage = { id: 'p0', role: 'user', content: [{ type: 'text', text: 'reminder' }], source: { kind: 'session-prefix' } };
    const prefixes: JsonValue[] = [
      'reminder',
      [7],
      { ...prefixMessage },
      [{ ...prefixMessage, id: '' }],
      [{ ...prefixMessage, role: 'tool' }],
      [{ ...prefixMessage, content: 'reminder' }],
      [{ ...prefixMessage, source: {} }],
      [{ ...prefixMessage, source: 'session-prefix' }],
      [prefixMessage, null],
    ];
    return editedBy('header.message-prefix', isType('request/header'), prefixes.map((prefix) => (e: Rec) => (headerOf(e)['messagePrefix'] = prefix)));
  })(),
  'header.markers-object': header('header.markers-object', (e, p) => {
    headerOf(e)['adapterDefaults'] = pickOf<JsonValue>([true, [], 'maxTokens'], p)!;
  }),
  'header.marker-key': header('header.marker-key', (e, p) => {
    headerOf(e)['adapterDefaults'] = { [pickOf(['temperature', 'model', 'stop'], p)!]: true };
  }),
  'header.marker-true': header('header.marker-true', (e, p) => {
    const c = configOf(e);
    c['maxTokens'] = 4096;
    headerOf(e)['adapterDefaults'] = { maxTokens: pickOf<JsonValue>([false, 1, 'true'], p)! };
  }),
  'header.marker-backed': header('header.marker-backed', (e, p) => {
    const c = configOf(e);
    const key = pickOf(['reasoningEffort', 'maxTokens'], p)!;
    delete c[key];
    headerOf(e)['adapterDefaults'] = { [key]: true };
  }),

  // Also a user/message that is no object, and a pre-identity one {content, source} with a current key: only a complete old shape is upgraded (LOG-8.4).
  'message.id': variants(6, (log, pick, v) => {
    const isMessage = (e: SessionEvent) => ['user/message', 'assistant/message', 'tool/result'].includes(e.type) && isSurface(e);
    if (v < 3) return changed(log, 'message.id', isMessage, pick, (e) => {
      const m = messageOf(e);
      if (v === 0) delete m['id'];
      else m['id'] = v === 1 ? '' : 42;
    }, v);
    return changed(log, 'message.id', (e) => e.type === 'user/message' && isSurface(e), pick, (e) => {
      const { id: _id, role: _role, ...old } = objectAt(e, 'data');
      e['data'] = v === 3 ? null : v === 4 ? { ...old, message: { id: 'm-1', role: 'user', content: old['content']!, source: old['source']! } } : { ...old, role: 'user' };
    }, v);
  }),
  'message.role': message('message.role', ['user/message', 'assistant/message', 'tool/result'], (m, p, e) => {
    if (p % 4 === 3) delete m['role'];
    else m['role'] = pickOf(['system', 'tool', e['type'] === 'assistant/message' ? 'user' : 'assistant'], p)!;
  }),
  'message.source': message('message.source', ['user/message', 'assistant/message', 'tool/result'], (m, p) => {
    if (p % 4 === 3) delete m['source'];
    else m['source'] = pickOf<JsonValue>([{}, { kind: '' }, 'user'], p)!;
  }),
  'message.content': message('message.content', ['user/message', 'assistant/message', 'tool/result'], (m, p) => {
    if (p % 3 === 2) delete m['content'];
    else m['content'] = pickOf<JsonValue>(['hello', { type: 'text', text: 'hello' }], p)!;
  }),
  'message.model-source': message('message.model-source', ['assistant/message'], (m, p) => {
    const source = objectAt(m, 'source');
    m['source'] = pickOf<Rec>([{ ...source, kind: 'user' }, { ...source, provider: '' }, { kind: 'model', model: 'deepseek-chat' }], p)!;
  }),
  'message.tool-source': message('message.tool-source', ['tool/result'], (m, p) => {
    const source = objectAt(m, 'source');
    m['source'] = pickOf<Rec>([{ ...source, kind: 'user' }, { kind: 'tool' }, { ...source, callId: '' }], p)!;
  }),
  'message.tool-result-block': message('message.tool-result-block', ['tool/result'], (m, p) => {
    const block = objectAt(m, 'content', 0);
    m['content'] = pickOf<JsonValue>([[], [block, block], [{ ...block, type: 'text' }], [{ ...block, content: 'out' }]], p)!;
  }),
  'message.context-keys': (log, pick) =>
    appended(
      log,
      'message.context-keys',
      'context/message',
      { message: { id: 'context-1', role: 'user', content: [{ type: 'text', text: 'context' }], source: { kind: 'plugin', plugin: 'hooks' } }, [pickOf(['note', 'content', 'source', 'turn'], pick)!]: 'x' },
      { surfaceOp: 'append' },
    ),
  'message.tool-call-ids': message('message.tool-call-ids', ['tool/result'], (m) => {
    objectAt(m, 'content', 0)['toolCallId'] = 'some-other-call';
  }),

  'surface.op-on-log-only': surface('surface.op-on-log-only', isType('step/start'), (e, p) => {
    e['surfaceOp'] = pickOf<JsonValue>(['append', { op: 'replace', start: 0, end: 0 }], p)!;
  }),
  'surface.sources-on-log-only': surface('surface.sources-on-log-only', isType('step/end'), (e) => {
    e['sourceEventSeqs'] = [numberAt(e, 'seq') - 1];
  }),
  'surface.op-missing': surface('surface.op-missing', isSurface, (e) => {
    delete e['surfaceOp'];
  }),
  'surface.op-value': surface('surface.op-value', isSurface, (e, p) => {
    e['surfaceOp'] = pickOf<JsonValue>(['prepend', null, 5, ['append'], 'Append'], p)!;
  }),
  'surface.sources-array': surface('surface.sources-array', isSurface, (e, p) => {
    e['sourceEventSeqs'] = pickOf<JsonValue>([0, 'all', { 0: 0 }, null], p)!;
  }),
  'surface.sources-empty': surface('surface.sources-empty', (e) => e.type !== 'assistant/message' && isSurface(e), (e) => {
    e['sourceEventSeqs'] = [];
  }),
  'surface.sources-integers': surface('surface.sources-integers', isSurface, (e, p) => {
    e['sourceEventSeqs'] = [pickOf<JsonValue>([-1, 0.5, '0', null], p)!];
  }),
  'surface.sources-earlier': surface('surface.sources-earlier', isSurface, (e, p) => {
    e['sourceEventSeqs'] = [numberAt(e, 'seq') + (p % 2)];
  }),
  'surface.sources-distinct': surface('surface.sources-distinct', (e) => isType('tool/result')(e) || (e.type === 'assistant/message' && (e.sourceEventSeqs?.length ?? 0) > 0), (e) => {
    const sources = listAt(e, 'sourceEventSeqs');
    e['sourceEventSeqs'] = [...sources, sources[0]!];
  }),
  // Over a current node, so that the shape is the only fault: read as a plain replace, the op would apply.
  'surface.replace-shape': (log, pick) =>
    replaceAtEnd(log, 'surface.replace-shape', pick, 'user/message', (nodes, p) => {
      const node = pickOf(nodes, p);
      if (node === undefined) return undefined;
      // p / 11: the variant drawn apart from the node, which p itself picked.
      const op = pickOf<JsonObject>([{ op: 'replace', start: node }, { op: 'splice', start: node, end: node }, { op: 'replace', start: node, end: node, note: 'x' }, { op: 'replace', start: String(node), end: node }, { op: 'replace', start: -1, end: node }], Math.floor(p / 11))!;
      return { op, sources: [node] };
    }),
  'surface.replace-start': (log, pick) => {
    // A replace whose start is a step/start: a seq that was never on the surface. Its end is that seq
    // too, or (odd picks) a current node, so the missing start is the only fault the range has.
    const target = pickOf(log.events.filter((e) => e.type === 'user/message' && e.surfaceOp === 'append'), pick);
    const stepStart = target && log.events.slice(0, target.seq).findLast((e) => e.type === 'step/start');
    if (target === undefined || stepStart === undefined) return undefined;
    const node = pick % 2 === 1 ? nodesBefore(log.events, target.seq).at(-1) : undefined;
    const end = node ?? stepStart.seq;
    const sources = [...new Set([stepStart.seq, end])].sort((a, b) => a - b);
    return withEvent(log, 'surface.replace-start', target.seq, { ...clone(target), surfaceOp: { op: 'replace', start: stepStart.seq, end }, sourceEventSeqs: sources });
  },
  'surface.replace-end': (log, pick) =>
    replaceAtEnd(log, 'surface.replace-end', pick, 'user/message', (nodes, p) => {
      const start = pickOf(nodes, p)!;
      const end = log.events.findLast((e) => e.type === 'step/start')!.seq;
      return { op: { op: 'replace', start, end }, sources: [start, end] };
    }),
  'surface.replace-order': (log, pick) =>
    replaceAtEnd(log, 'surface.replace-order', pick, 'user/message', (nodes, p) => {
      if (nodes.length < 2) return undefined;
      const i = p % (nodes.length - 1);
      const j = i + 1 + (Math.floor(p / 3) % (nodes.length - 1 - i));
      return { op: { op: 'replace', start: nodes[j]!, end: nodes[i]! }, sources: [nodes[i]!, nodes[j]!] };
    }),
  'surface.replace-coverage': (log, pick) =>
    replaceAtEnd(log, 'surface.replace-coverage', pick, pick % 2 === 0 ? 'user/message' : 'tool/result', (nodes, p) => {
      const i = p % nodes.length;
      const shadowed = nodes.slice(i, i + 1 + (p % 3));
      const kept = shadowed.slice(1);
      // Cite an earlier event that is not shadowed, so the list is not empty.
      return { op: { op: 'replace', start: shadowed[0]!, end: shadowed[shadowed.length - 1]! }, sources: kept.length > 0 ? kept : [shadowed[0] === 0 ? 1 : 0] };
    }),
  'surface.rewrite-one': (log, pick) => {
    // A tool/result over its own result and the node after it, its data unchanged: the second node is the only fault.
    const nodes = nodesBefore(log.events, log.events.length);
    const i = pickOf(nodes.flatMap((seq, k) => (k + 1 < nodes.length && log.events[seq]!.type === 'tool/result' ? [k] : [])), pick);
    if (i === undefined) return undefined;
    const [start, end] = [nodes[i]!, nodes[i + 1]!];
    return appended(log, 'surface.rewrite-one', 'tool/result', clone(log.events[start]!.data), { sourceEventSeqs: [start, end], surfaceOp: { op: 'replace', start, end } });
  },
  'surface.rewrite-target': (log, pick) =>
    replaceAtEnd(log, 'surface.rewrite-target', pick, 'tool/result', (nodes, p) => {
      const others = nodes.filter((seq) => log.events[seq]!.type !== 'tool/result');
      const node = pickOf(others, p);
      return node === undefined ? undefined : { op: { op: 'replace', start: node, end: node }, sources: [node] };
    }),
  // Other data changed, or (from the fifth variant) a free field whose value changes kind between a
  // primitive, null, a list and an object with no keys: the result's own meta, set first, stays valid.
  'surface.rewrite-content-only': variants(10, (log, pick, v) => {
    const metas: ReadonlyArray<readonly [JsonValue, JsonValue]> = [[5, {}], [{}, 5], [null, {}], [{}, null], [[], {}], [{}, []]];
    const meta = metas[v - 4];
    // A result that is itself a rewrite must keep its data: only an appended one takes a new meta.
    const nodes = nodesBefore(log.events, log.events.length).filter((seq) => log.events[seq]!.type === 'tool/result' && (meta === undefined || log.events[seq]!.surfaceOp === 'append'));
    const node = pickOf(nodes, pick);
    if (node === undefined) return undefined;
    const base = meta === undefined ? log : { ...log, events: log.events.map((e) => (e.seq === node ? ({ ...e, data: { ...objectAt(clone(e.data)), meta: meta[0] } } as SessionEvent) : e)) };
    const data = objectAt(clone(base.events[node]!.data));
    const m = objectAt(data, 'message');
    const block = objectAt(m, 'content', 0);
    const edits: Array<() => void> = [
      () => (m['id'] = `${String(m['id'])}-2`),
      () => (block['isError'] = block['isError'] !== true),
      () => (data['step'] = numberAt(data, 'step') + 1),
      () => (data['meta'] = { note: 'added' }),
    ];
    if (meta === undefined) edits[v]!();
    else data['meta'] = meta[1];
    return appended(base, 'surface.rewrite-content-only', 'tool/result', data, { sourceEventSeqs: [node], surfaceOp: { op: 'replace', start: node, end: node } });
  }),
};

/** The JSONL lines of a log, unpacked or as stored (rows packed). */
const linesOf = (log: GeneratedLog, packed = false): string[] => (packed ? log.jsonl : writeJsonl(log.header, log.events, false)).split('\n');
const text = (rule: LogRuleId, jsonl: string): InvalidLog => ({ fault: rule, code: codeOf(rule), jsonl });

/** The log with its header line replaced by `edit` of the parsed header. */
function headerFault(rule: LogRuleId, edit: (h: Rec, pick: number) => JsonValue | void): Mutation {
  return (log, pick) => {
    const lines = linesOf(log, true);
    const parsed = JSON.parse(lines[0]!) as Rec;
    const replaced = edit(parsed, pick);
    lines[0] = JSON.stringify(replaced === undefined ? parsed : replaced);
    return text(rule, lines.join('\n'));
  };
}

/** The log with one event line (unpacked) replaced by `edit` of the parsed event. */
function lineFault(rule: LogRuleId, edit: (e: Rec, pick: number) => string | void): Mutation {
  return (log, pick) => {
    const lines = linesOf(log);
    const index = 1 + (pick % log.events.length);
    const parsed = JSON.parse(lines[index]!) as Rec;
    const replaced = edit(parsed, Math.floor(pick / 11));
    lines[index] = replaced ?? JSON.stringify(parsed);
    return text(rule, lines.join('\n'));
  };
}

/** A chunk row of the stored log (or, when it has none, one appended after its last event), edited. */
function rowFault(rule: LogRuleId, edit: (row: Rec, data: Rec, pick: number) => void, tool = false): Mutation {
  return (log, pick) => {
    const lines = linesOf(log, true);
    const tag = tool ? /^\{"type":"tool-call-chunks"/ : /^\{"type":"[a-z-]+-chunks"/;
    const rows = lines.map((line, i) => [line, i] as const).filter(([line]) => tag.test(line));
    const chosen = pickOf(rows, pick);
    let index: number;
    let row: Rec;
    if (chosen === undefined) {
      const last = log.events[log.events.length - 1]!;
      const data: Rec = tool ? { turn: 1, step: 1, index: 0, id: 'call-x', name: 'run', dt: [1, 1], args: ['{"a"', ':', '1}'] } : { turn: 1, step: 1, index: 0, dt: [1, 1], texts: ['a', 'b', 'c'] };
      row = { type: tool ? 'tool-call-chunks' : 'text-chunks', seq0: log.events.length, time0: last.time, data };
      index = lines.length - 1;
      lines.splice(index, 0, '');
    } else {
      [index, row] = [chosen[1], JSON.parse(chosen[0]) as Rec];
    }
    edit(row, objectAt(row, 'data'), Math.floor(pick / 13));
    lines[index] = JSON.stringify(row);
    return text(rule, lines.join('\n'));
  };
}

/** Where a later turn/end makes damage at line `index` committed: the lines after which one holds a turn/end. */
function committedLines(lines: readonly string[]): number[] {
  const last = lines.findLastIndex((line) => line.startsWith('{"type":"turn/end"'));
  return Array.from({ length: Math.max(0, last - 1) }, (_, i) => i + 1);
}

/** Faults that live in the stored text rather than in one event: they have no append counterpart. */
export const TEXT_FAULTS: Partial<Record<LogRuleId, Mutation>> = {
  'session.present': () => text('session.present', ''),
  'session.bom': (log) => text('session.bom', `\uFEFF${log.jsonl}`),
  'session.json': (log, pick) => {
    const lines = linesOf(log, true);
    lines[0] = pickOf([lines[0]!.slice(0, -1), 'session', '', "{'type':'session'}"], pick)!;
    return text('session.json', lines.join('\n'));
  },
  'session.object': headerFault('session.object', (_h, p) => pickOf<JsonValue>([[], 'session', null, 0], p)),
  'session.tag': headerFault('session.tag', (h, p) => {
    if (p % 3 === 2) delete h['type'];
    else h['type'] = pickOf(['header', 'Session'], p)!;
  }),
  'session.version-integer': headerFault('session.version-integer', (h, p) => {
    if (p % 4 === 3) delete h['version'];
    else h['version'] = pickOf<JsonValue>(['0', 0.5, null], p)!;
  }),
  'session.version-newer': headerFault('session.version-newer', (h, p) => {
    h['version'] = pickOf([1, 2, 7], p)!;
  }),
  'session.version-older': headerFault('session.version-older', (h, p) => {
    h['version'] = pickOf([-1, -3], p)!;
  }),
  'session.id': headerFault('session.id', (h, p) => {
    if (p % 3 === 2) delete h['id'];
    else h['id'] = pickOf<JsonValue>(['', 5], p)!;
  }),
  'session.createdAt': headerFault('session.createdAt', (h, p) => {
    if (p % 4 === 3) delete h['createdAt'];
    else h['createdAt'] = pickOf<JsonValue>([-1, 1.5, '0'], p)!;
  }),
  'session.seedLength': headerFault('session.seedLength', (h, p) => {
    h['seedLength'] = pickOf<JsonValue>([-1, 'x', 2.5], p)!;
  }),
  'session.delegationDepth': headerFault('session.delegationDepth', (h, p) => {
    h['delegationDepth'] = pickOf<JsonValue>([-1, 0.5, null], p)!;
  }),
  'session.cwd': headerFault('session.cwd', (h, p) => {
    h['cwd'] = pickOf<JsonValue>(['relative/path', '', 5], p)!;
  }),
  'session.parentSession': headerFault('session.parentSession', (h, p) => {
    h['parentSession'] = pickOf<JsonValue>([5, true, {}], p)!;
  }),
  'session.agentPreset': headerFault('session.agentPreset', (h, p) => {
    h['agentPreset'] = pickOf<JsonValue>([5, ['a']], p)!;
  }),
  'session.origin': headerFault('session.origin', (h, p) => {
    h['origin'] = pickOf<JsonValue>(['main', 'Subagent', true], p)!;
  }),

  'torn.unparsable-committed': (log, pick) => {
    const lines = linesOf(log);
    const at = pickOf(committedLines(lines), pick);
    if (at === undefined) return undefined;
    const line = lines[at]!;
    const kind = Math.floor(pick / 3) % 4;
    // Two lines joined (a newline lost) count only when a turn/end still follows the joined line.
    if (kind === 3 && lines[at + 2] !== undefined && committedLines(lines).includes(at + 1)) lines.splice(at, 2, `${line}${lines[at + 1]!}`);
    else lines[at] = [line.slice(0, 1 + (pick % (line.length - 1))), 'garbage', ''][kind % 3]!;
    return text('torn.unparsable-committed', lines.join('\n'));
  },
  'torn.seq-gap-committed': (log, pick) => {
    const lines = linesOf(log);
    // The gap shows on the line after the changed one, and a turn/end must follow that line.
    const at = pickOf(committedLines(lines).slice(0, -1), pick);
    if (at === undefined) return undefined;
    if (pick % 2 === 0) lines.splice(at, 1);
    else lines.splice(at, 0, lines[at - 1]!.startsWith('{"type":"session"') ? lines[at + 1]! : lines[at - 1]!);
    return text('torn.seq-gap-committed', lines.join('\n'));
  },

  'chunk-row.envelope': rowFault('chunk-row.envelope', (row, _d, p) => {
    if (p % 2 === 0) row['note'] = 'x';
    else delete row['time0'];
  }),
  'chunk-row.seq0': rowFault('chunk-row.seq0', (row, _d, p) => {
    row['seq0'] = pickOf<JsonValue>([-1, '3', 1.5], p)!;
  }),
  'chunk-row.time0': rowFault('chunk-row.time0', (row, _d, p) => {
    row['time0'] = pickOf<JsonValue>([1.5, null, '1'], p)!;
  }),
  'chunk-row.data-object': rowFault('chunk-row.data-object', (row, _d, p) => {
    row['data'] = pickOf<JsonValue>([[], 'texts', null], p)!;
  }),
  'chunk-row.data-keys': rowFault('chunk-row.data-keys', (_row, data, p) => {
    if (p % 2 === 0) data['extra'] = 1;
    else delete data['dt'];
  }),
  'chunk-row.numbers': rowFault('chunk-row.numbers', (_row, data, p) => {
    data[pickOf(['turn', 'step', 'index'], p)!] = '1';
  }),
  'chunk-row.tool-strings': rowFault(
    'chunk-row.tool-strings',
    (_row, data, p) => {
      if (p % 2 === 0) data['id'] = 5;
      else data['name'] = null;
    },
    true,
  ),
  'chunk-row.members': rowFault('chunk-row.members', (_row, data, p) => {
    const key = payloadKey(data);
    const members = listAt(data, key);
    if (p % 3 === 0) {
      data[key] = [];
      data['dt'] = [];
    } else data[key] = pickOf<JsonValue>([[...members.slice(1), 7], members.join('')], p)!;
  }),
  'chunk-row.dt': rowFault('chunk-row.dt', (_row, data, p) => {
    const dt = listAt(data, 'dt');
    data['dt'] = p % 2 === 0 ? [0.5, ...dt.slice(1)] : dt.map(String);
  }),
  'chunk-row.dt-arity': rowFault('chunk-row.dt-arity', (_row, data, p) => {
    const dt = listAt(data, 'dt');
    data['dt'] = p % 2 === 0 ? dt.slice(1) : [...dt, 1];
  }),
  'chunk-row.seq-range': rowFault('chunk-row.seq-range', (row) => {
    row['seq0'] = Number.MAX_SAFE_INTEGER - 1;
  }),
  'chunk-row.time-range': rowFault('chunk-row.time-range', (row, data) => {
    row['time0'] = Number.MAX_SAFE_INTEGER;
    data['dt'] = listAt(data, 'dt').map(() => 5);
  }),

  'envelope.object': lineFault('envelope.object', (_e, p) => pickOf(['[1,2]', '"event"', '5', 'null', 'true'], p)),
  'envelope.key': lineFault('envelope.key', (e, p) => {
    e[pickOf(['id', 'Type', 'turn', 'timestamp'], p)!] = 'evt-1';
  }),
  'envelope.seq': lineFault('envelope.seq', (e, p) => {
    if (p % 5 === 4) delete e['seq'];
    else e['seq'] = pickOf<JsonValue>([-1, `${numberAt(e, 'seq')}`, numberAt(e, 'seq') + 0.5, null], p)!;
  }),
  'envelope.time': lineFault('envelope.time', (e, p) => {
    if (p % 4 === 3) delete e['time'];
    else e['time'] = pickOf<JsonValue>([1.5, '1700000000000', null], p)!;
  }),
  'envelope.data': lineFault('envelope.data', (e) => {
    delete e['data'];
  }),

  'json.negative-zero': (log, pick) => {
    const last = log.events[log.events.length - 1]!;
    const data = pickOf(['{"todos":[],"n":-0}', '{"todos":[{"content":"a","status":"pending","weight":-0.0}]}', '{"todos":[],"list":[1,-0]}', '{"todos":[],"n":-0e5}', '{"todos":[],"none":null,"n":-0}', '{"todos":[null,{"x":[null,"-0",-0]}]}'], pick)!;
    if (inHeader(pick)) return text('json.negative-zero', withHeaderKey(log, pickOf(['"note":-0', '"weights":[1,{"w":-0.0}]'], pick)!));
    return text('json.negative-zero', `${log.jsonl}{"type":"todo/write","seq":${log.events.length},"time":${last.time},"data":${data}}\n`);
  },
  'json.non-finite': (log, pick) => {
    const last = log.events[log.events.length - 1]!;
    const data = pickOf(['{"todos":[],"n":1e400}', '{"todos":[],"n":-1e400}', '{"todos":[],"deep":{"x":[2e308]}}', '{"todos":[],"none":null,"deep":[null,{"x":-2e308}]}'], pick)!;
    if (inHeader(pick)) return text('json.non-finite', withHeaderKey(log, pickOf(['"note":1e400', '"weights":[1,{"w":-2e308}]'], pick)!));
    return text('json.non-finite', `${log.jsonl}{"type":"todo/write","seq":${log.events.length},"time":${last.time},"data":${data}}\n`);
  },
};

/** A third of the lossless-JSON faults lie in the header line, which is data too (LOG-3.1). */
const inHeader = (pick: number) => Math.floor(pick / 7) % 3 === 0;

/** The log with one more key at the end of its header line. */
function withHeaderKey(log: GeneratedLog, member: string): string {
  const end = log.jsonl.indexOf('\n');
  return `${log.jsonl.slice(0, end - 1)},${member}}${log.jsonl.slice(end)}`;
}

/** Values a JSON text cannot hold, for in-process appends: each breaks one lossless-JSON rule. */
export const MEMORY_FAULTS = {
  'json.undefined': () => ({ todos: [], note: undefined }),
  'json.type': () => ({ todos: [], n: 10n }),
  'json.cycle': () => {
    const data: Record<string, unknown> = { todos: [] };
    data['self'] = { parent: data };
    return data;
  },
  'json.array-subclass': () => ({ todos: TodoList.from([]) }),
  'json.sparse-array': () => ({ todos: [, { content: 'a', status: 'pending' }] }),
  'json.plain-object': () => ({ todos: [], at: new Date(0) }),
  'json.symbol-key': () => ({ todos: [], [Symbol('hidden')]: 1 }),
  'json.enumerable-key': () => Object.defineProperty({ todos: [] }, 'hidden', { value: 1, enumerable: false }),
} satisfies Partial<Record<LogRuleId, () => unknown>>;

class TodoList extends Array<unknown> {}

/** A prototype of the null-prototype kind another realm's Object.prototype is, with `constructor` as given. */
const protoWith = (constructor?: unknown) => Object.create(null, constructor === undefined ? {} : { constructor: { value: constructor } }) as object;

/**
 * More values of the lossless-JSON classes in memory, each refused with NOT_LOSSLESS_JSON
 * (LOG-3.1, LOG-3.2): the number rules' values, which a JSON text would write as 0 or null;
 * holes and extra properties together; undefined, functions and symbols as values; and objects
 * whose prototype only looks like an Object.prototype (of this realm or another).
 */
export const MEMORY_VALUE_FAULTS: Readonly<Record<string, () => unknown>> = {
  'number -0': () => ({ todos: [], n: -0 }),
  'number NaN': () => ({ todos: [{ content: 'a', status: 'pending', weight: NaN }] }),
  'number Infinity': () => ({ todos: [], list: [null, 'x', Infinity] }),
  'number -Infinity': () => ({ todos: [], deep: { none: null, x: [-Infinity] } }),
  'decorated array': () => ({ todos: Object.assign([], { extra: 1 }) }),
  'sparse decorated array': () => ({ todos: Object.assign([, { content: 'a', status: 'pending' }], { extra: 1 }) }),
  'undefined in a list': () => ({ todos: [undefined] }),
  'function value': () => ({ todos: [], run: () => 1 }),
  'symbol value': () => ({ todos: [], tag: Symbol('tag') }),
  'prototype without constructor': () => ({ todos: [], at: Object.create(protoWith()) }),
  'prototype borrowing Object': () => ({ todos: [], at: Object.create(protoWith(Object)) }),
  'prototype of another constructor': () => ({ todos: [], at: Object.create(protoWith(function Other() {})) }),
  'instance of a class named Object': () => ({ todos: [], at: new { Object: class {} }.Object() }),
  'instance of a class extending null': () => ({ todos: [], at: Object.create(class Bare extends null {}.prototype) as object }),
};

/**
 * Data JSON carries however memory built it, each accepted and stored as its JSON text
 * (LOG-3.2): null-prototype objects, objects and arrays of another realm, shared references
 * that form no cycle, and keys JavaScript gives a meaning (`__proto__` as an own key).
 */
export const MEMORY_ACCEPTED: Readonly<Record<string, () => unknown>> = {
  'null prototype': () => ({ todos: [], meta: Object.assign(Object.create(null) as object, { a: 1, list: [Object.create(null)] }) }),
  'another realm': () => runInNewContext('({ todos: [], meta: { nested: { a: [1, { b: null }, "x"] } } })'),
  'shared reference': () => {
    const shared = { a: [1, -2.5] };
    return { todos: [], x: shared, y: [shared, shared] };
  },
  'prototype keys': () => JSON.parse('{"todos":[],"__proto__":{"constructor":1},"toString":"x","hasOwnProperty":[0]}'),
};

/** Logs seeded in memory: events whose seqs are not their indices. */
export const SEED_FAULTS: Partial<Record<LogRuleId, (log: GeneratedLog, pick: number) => SessionEvent[]>> = {
  'seq.contiguous': (log, pick) => {
    const events = [...log.events];
    const at = pick % events.length;
    events[at] = { ...events[at]!, seq: events[at]!.seq + 1 + (pick % 3) };
    return events;
  },
};

const isSeq = (value: JsonValue | undefined): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * Whether an event can be passed to append at all over the protocol: its AppendInput schema
 * only carries a list of seqs, an "append" or exact replace op, and an ignorable that is true.
 * Faults in those shapes exist in memory and in stored text; over the protocol only load can see them.
 */
export function fitsAppendInput(e: FaultyEvent): e is FaultyEvent & AppendableEvent {
  const sources = e['sourceEventSeqs'];
  const op = e['surfaceOp'];
  if (typeof e['type'] !== 'string' || typeof e['seq'] !== 'number' || typeof e['time'] !== 'number' || !Object.hasOwn(e, 'data')) return false;
  if (sources !== undefined && !(Array.isArray(sources) && sources.every(isSeq))) return false;
  if (Object.hasOwn(e, 'ignorable') && e['ignorable'] !== true) return false;
  if (!Object.hasOwn(e, 'surfaceOp') || op === 'append') return true;
  if (!isObject(op)) return false;
  return Object.keys(op).length === 3 && op['op'] === 'replace' && Number.isSafeInteger(op['start']) && Number.isSafeInteger(op['end']);
}

/** Every fault class, by the rule it breaks. */
export const FAULT_CLASSES: readonly string[] = [...Object.keys(EVENT_FAULTS), ...Object.keys(TEXT_FAULTS), ...Object.keys(MEMORY_FAULTS), ...Object.keys(SEED_FAULTS)];

/** The rules of the validators that no fault class in `classes` breaks. */
export function uncoveredRules(classes: readonly string[]): LogRuleId[] {
  const covered = new Set(classes);
  return (Object.keys(LOG_RULES) as LogRuleId[]).filter((rule) => !covered.has(rule));
}

/** The fault of class `name` in `log`; a class the log has no room for falls back to an unknown type. */
export function faultIn(log: GeneratedLog, name: string, pick: number, variant?: number): InvalidLog {
  const mutation = (EVENT_FAULTS as Record<string, Mutation>)[name] ?? (TEXT_FAULTS as Record<string, Mutation>)[name]!;
  const fault = mutation(log, pick, variant) ?? EVENT_FAULTS['event.known-type']!(log, pick)!;
  // Either storage form (odd picks): the fault in one event is refused alike when the delta runs around it are packed into chunk rows.
  if (fault.event === undefined || pick % 2 === 0) return fault;
  const events: JsonValue[] = [...log.events];
  events[fault.event.seq] = fault.event.faulty;
  return { ...fault, jsonl: writeJsonl(log.header, events as SessionEvent[]) };
}

/**
 * Cases hold several faults of one log: one of STRATA interleaved slices of the classes, drawn
 * uniformly, so that even a short run (25 cases) reaches every class a few times, and a few of
 * its variants; the rule-enumeration test reaches each one on a fixed sample whatever the seed.
 * The pick that chooses a variant is drawn without bias: a biased one keeps to a few variants.
 */
const STRATA = 6;
function invalidFrom(mutations: Partial<Record<LogRuleId, Mutation>>): fc.Arbitrary<InvalidLog[]> {
  // Each variant of a class of several is a unit of its own, drawn as often as a class of one:
  // a variant picked inside its class would show in a case too rarely to rely on (LOG-8.4's sub-rules).
  const units = Object.entries(mutations).flatMap(([name, m]): Array<readonly [string, number | undefined]> => (m.variants === undefined ? [[name, undefined]] : Array.from({ length: m.variants }, (_, v) => [name, v])));
  // At most as many faults per case as STRATA slices of the classes would give: the cost of a case stays.
  const strata = Math.ceil(units.length / Math.floor(Object.keys(mutations).length / STRATA));
  return fc
    .tuple(logPlanOf(3), fc.noBias(fc.nat(strata - 1)), fc.noBias(fc.nat()))
    .map(([plan, stratum, pick]) => {
      const log = buildLog(plan);
      return units.filter((_, i) => i % strata === stratum).map(([name, variant], i) => faultIn(log, name, pick + i, variant));
    });
}

/** Faults in one event (with the verdict append must match), several per case. */
export const invalidEventLogs = invalidFrom(EVENT_FAULTS);
/** Faults of every class that a stored log can hold, event-level or textual, several per case. */
export const invalidLogs = invalidFrom({ ...EVENT_FAULTS, ...TEXT_FAULTS });

/** A packed chunk row with one more member (a gap of 0 before it). */
function grownRow(line: string): string {
  const row = JSON.parse(line) as { data: Rec };
  const key = payloadKey(row.data);
  row.data[key] = [...listAt(row.data, key), 'x'];
  row.data['dt'] = [...listAt(row.data, 'dt'), 0];
  return JSON.stringify(row);
}

/** Kinds of storage damage (spec §5.3 item 2), each placed before and after the last turn/end. */
export const DAMAGE_KINDS = ['torn line', 'garbage line', 'empty line', 'seq gap', 'repeated line', 'missing newline', 'bad chunk row'] as const;
export type DamageKind = (typeof DAMAGE_KINDS)[number];
export type DamagePlace = 'committed' | 'tail';

/** A damaged stored log and what a reader must make of it: a refusal, or the events kept after cutting the torn tail. */
export interface DamagedLog {
  readonly kind: DamageKind;
  readonly place: DamagePlace;
  readonly jsonl: string;
  readonly expect: { readonly refused: ProtocolErrorCode } | { readonly kept: number };
}

/**
 * Every kind of damage at every place a log has room for. Damage before a later turn/end is
 * committed and refused (TORN_COMMITTED, or a malformed row's own CHUNK_ROW_INVALID, which is
 * refused wherever it lies: a torn write cannot produce a row that parses); damage after the
 * last turn/end is a torn tail, cut at the first damaged line.
 */
export function damagesOf(log: GeneratedLog, pick: number): DamagedLog[] {
  const lines = log.jsonl.split('\n');
  lines.pop(); // the empty string after the final newline
  // The first seq each stored line holds (rows hold several).
  const firstSeq = lines.map((line, i) => (i === 0 ? -1 : ((JSON.parse(line) as { seq?: number; seq0?: number }).seq ?? (JSON.parse(line) as { seq0: number }).seq0)));
  const lastTurnEnd = lines.findLastIndex((line) => line.startsWith('{"type":"turn/end"'));
  const out: DamagedLog[] = [];
  const file = (ls: readonly string[], newline = true) => `${ls.join('\n')}${newline ? '\n' : ''}`;
  for (const place of ['committed', 'tail'] as const) {
    // Lines the damage may start at: a turn/end must follow (committed), or none may (tail).
    const range = place === 'committed' ? Array.from({ length: Math.max(0, lastTurnEnd - 1) }, (_, i) => i + 1) : Array.from({ length: lines.length - 1 - lastTurnEnd }, (_, i) => lastTurnEnd + 1 + i);
    const at = (choices: readonly number[]) => pickOf(choices, pick);
    // Damage that starts after the last line (a last line written twice) keeps every event.
    const cut = (line: number): DamagedLog['expect'] => (place === 'committed' ? { refused: 'TORN_COMMITTED' } : { kept: firstSeq[line] ?? log.events.length });
    for (const kind of DAMAGE_KINDS) {
      const ls = [...lines];
      let damaged: DamagedLog | undefined;
      if (kind === 'torn line' || kind === 'garbage line') {
        const i = at(range);
        if (i !== undefined) {
          const garbage = ['garbage', '{"type":"turn/end"', '\u0000\u0000', '}{'];
          ls[i] = kind === 'torn line' ? ls[i]!.slice(0, 1 + (pick % (ls[i]!.length - 1))) : pickOf(garbage, pick)!;
          // Damage after damage (in the tail, half the picks): a later unreadable line, a torn turn/end too, proves nothing committed.
          const later = place === 'tail' && Math.floor(pick / 4) % 2 === 0 ? pickOf(range.filter((r) => r > i), pick) : undefined;
          if (later !== undefined) ls[later] = pickOf(garbage, pick + 1 + Math.floor(pick / 8))!;
          damaged = { kind, place, jsonl: file(ls), expect: cut(i) };
        }
      } else if (kind === 'empty line') {
        const i = at(range);
        if (i !== undefined) {
          ls.splice(i, 0, '');
          damaged = { kind, place, jsonl: file(ls), expect: cut(i) };
        }
      } else if (kind === 'seq gap') {
        // A lost line shows as a gap on the intact line after it, which commits the loss when it is itself a turn/end.
        const i = at(range.filter((r) => r + 1 < lines.length));
        if (i !== undefined) {
          ls.splice(i, 1);
          damaged = { kind, place, jsonl: file(ls), expect: cut(i) };
        }
      } else if (kind === 'repeated line') {
        // A repeated turn/end line would commit itself: in the tail, repeat a line after it.
        // In the tail the last line may be the one written twice.
        const places = [...range, ...(place === 'tail' ? [lines.length] : [])].filter((r) => r > (place === 'committed' ? 1 : lastTurnEnd + 1));
        // A line of either storage form is written twice: an event line, or (odd picks, where there is one) a packed chunk row.
        const afterRow = places.filter((r) => /^\{"type":"[a-z-]+-chunks"/.test(lines[r - 1]!));
        const i = at(pick % 2 === 1 && afterRow.length > 0 ? afterRow : places);
        if (i !== undefined) {
          // A row may be written again grown by a member: it restates stored seqs and runs on to the next one.
          ls.splice(i, 0, Math.floor(pick / 2) % 2 === 1 && afterRow.includes(i) ? grownRow(ls[i - 1]!) : ls[i - 1]!);
          damaged = { kind, place, jsonl: file(ls), expect: cut(i) };
        }
      } else if (kind === 'missing newline') {
        if (place === 'tail') {
          // The final line without its newline, cut anywhere or (half the picks) whole: a write cut short before its newline is still torn.
          const last = ls[ls.length - 1]!;
          ls[ls.length - 1] = Math.floor(pick / 3) % 2 === 0 ? last : last.slice(0, 1 + (pick % last.length));
          if (range.length > 0) damaged = { kind, place, jsonl: file(ls, false), expect: { kept: firstSeq[lines.length - 1]! } };
        } else {
          // Two lines run together, a newline lost inside the committed region.
          const i = at(range.filter((r) => r + 1 < lastTurnEnd));
          if (i !== undefined) {
            ls.splice(i, 2, `${ls[i]!}${ls[i + 1]!}`);
            damaged = { kind, place, jsonl: file(ls), expect: cut(i) };
          }
        }
      } else {
        const i = at(range.filter((r) => /^\{"type":"[a-z-]+-chunks"/.test(lines[r]!)));
        if (i !== undefined) {
          const row = JSON.parse(ls[i]!) as { data: { dt: number[] } };
          row.data.dt = row.data.dt.slice(1);
          ls[i] = JSON.stringify(row);
          damaged = { kind, place, jsonl: file(ls), expect: { refused: 'CHUNK_ROW_INVALID' } };
        }
      }
      if (damaged !== undefined) out.push(damaged);
    }
  }
  return out;
}
