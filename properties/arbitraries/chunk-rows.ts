/**
 * Packed chunk rows (LOG-1.5) and the runs of `assistant/chunk` events a writer may pack,
 * in every form: each way a row can be malformed (several per rule of src/log/rules.ts
 * `chunk-row.*`), every well-formed row shape (each row type, a tool row named and unnamed,
 * one to three members, keys in any order, gaps of zero and below, numbers of every sign
 * and kind, times at both ends of the safe range, a row as the first line, a row whose last
 * seq is the largest safe integer), and runs of events a row cannot hold as they are
 * (marked, extra or missing keys, values of other types, unknown chunk types) or that two
 * blocks share (deltas that differ in one field only, times further apart than a gap can
 * say). Everything here is written from LOG-1.5's words, not from the reference.
 */
import type { JsonValue, SessionEvent } from '../../src/log/index.ts';
import { unpackedJsonl, type GeneratedLog } from './session-log.ts';

type Rec = Record<string, JsonValue>;
type RowType = 'text-chunks' | 'reasoning-chunks' | 'tool-call-chunks';

/** An edit that breaks one rule of a row: applied to a parsed row and its data, in place. */
export interface RowEdit {
  readonly name: string;
  /** Only a row of this kind can break it. */
  readonly row?: 'tool' | 'text';
  readonly edit: (row: Rec, data: Rec) => void;
}

const MAX = Number.MAX_SAFE_INTEGER;
const list = (value: JsonValue | undefined): JsonValue[] => (Array.isArray(value) ? [...(value as JsonValue[])] : []);
/** The key of a chunk row's members: `args` in a tool row, `texts` in a text row. */
export const payloadKey = (data: Readonly<Record<string, unknown>>) => (Object.hasOwn(data, 'args') ? 'args' : 'texts');
/** Sets `key` as an own property, `__proto__` included (as JSON.parse reads it). */
function setOwn(target: Rec, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Several violations of each `chunk-row.*` rule, by rule. */
export const ROW_EDITS: Readonly<Record<string, readonly RowEdit[]>> = {
  'chunk-row.envelope': [
    { name: 'an extra key', edit: (row) => void (row['note'] = 'x') },
    { name: 'an own __proto__ key', edit: (row) => setOwn(row, '__proto__', { seq0: 0 }) },
    { name: 'an event key', edit: (row) => void (row['seq'] = row['seq0']!) },
    { name: 'no time0', edit: (row) => void delete row['time0'] },
    { name: 'no seq0', edit: (row) => void delete row['seq0'] },
    { name: 'no data', edit: (row) => void delete row['data'] },
  ],
  'chunk-row.seq0': [-1, '3', 1.5, null, 2 ** 53, true].map((value) => ({ name: `seq0 ${JSON.stringify(value)}`, edit: (row: Rec) => void (row['seq0'] = value) })),
  'chunk-row.time0': [1.5, null, '1', 2 ** 53, -(2 ** 53), false].map((value) => ({ name: `time0 ${JSON.stringify(value)}`, edit: (row: Rec) => void (row['time0'] = value) })),
  'chunk-row.data-object': [[], 'texts', null, 5, true].map((value) => ({ name: `data ${JSON.stringify(value)}`, edit: (row: Rec) => void (row['data'] = value) })),
  'chunk-row.data-keys': [
    { name: 'an extra key', edit: (_row, data) => void (data['extra'] = 1) },
    { name: 'an own __proto__ key', edit: (_row, data) => setOwn(data, '__proto__', 1) },
    ...['dt', 'turn', 'step', 'index'].map((key) => ({ name: `no ${key}`, edit: (_row: Rec, data: Rec) => void delete data[key] })),
    { name: 'no members', edit: (_row, data) => void delete data[payloadKey(data)] },
    { name: 'a text row with an id', row: 'text', edit: (_row, data) => void ((data['id'] = 'call-1')) },
    { name: 'a text row with a name', row: 'text', edit: (_row, data) => void ((data['name'] = 'run')) },
    { name: 'a text row with args', row: 'text', edit: (_row, data) => void ((data['args'] = data['texts']!)) },
    { name: 'a tool row with texts', row: 'tool', edit: (_row, data) => void (data['texts'] = data['args']!) },
    { name: 'a tool row without id', row: 'tool', edit: (_row, data) => void delete data['id'] },
    { name: 'a tool row with texts for args', row: 'tool', edit: (_row, data) => void ((data['texts'] = data['args']!), delete data['args']) },
  ],
  'chunk-row.numbers': (['turn', 'step', 'index'] as const).flatMap((key) => ['1', null, true, [0], {}].map((value) => ({ name: `${key} ${JSON.stringify(value)}`, edit: (_row: Rec, data: Rec) => void (data[key] = value) }))),
  'chunk-row.tool-strings': [
    ...[5, null, ['call-1']].map((value): RowEdit => ({ name: `id ${JSON.stringify(value)}`, row: 'tool', edit: (_row, data) => void (data['id'] = value) })),
    ...[5, null, false, {}].map((value): RowEdit => ({ name: `name ${JSON.stringify(value)}`, row: 'tool', edit: (_row, data) => void (data['name'] = value) })),
  ],
  'chunk-row.members': [
    { name: 'none', edit: (_row, data) => void ((data[payloadKey(data)] = []), (data['dt'] = [])) },
    { name: 'a number last', edit: (_row, data) => void (data[payloadKey(data)] = [...list(data[payloadKey(data)]).slice(1), 7]) },
    { name: 'a null first', edit: (_row, data) => void (data[payloadKey(data)] = [null, ...list(data[payloadKey(data)]).slice(1)]) },
    { name: 'one string', edit: (_row, data) => void (data[payloadKey(data)] = list(data[payloadKey(data)]).join('')) },
    { name: 'an object', edit: (_row, data) => void (data[payloadKey(data)] = { 0: 'a' }) },
  ],
  'chunk-row.dt': [
    { name: 'a fraction first', edit: (_row, data) => void (data['dt'] = [0.5, ...list(data['dt']).slice(1)]) },
    { name: 'strings', edit: (_row, data) => void (data['dt'] = list(data['dt']).map(String)) },
    { name: 'a null last', edit: (_row, data) => void (data['dt'] = [...list(data['dt']).slice(0, -1), null]) },
    { name: 'an unsafe gap', edit: (_row, data) => void (data['dt'] = [2 ** 53, ...list(data['dt']).slice(1)]) },
    { name: 'a string', edit: (_row, data) => void (data['dt'] = '1') },
    { name: 'an object', edit: (_row, data) => void (data['dt'] = {}) },
  ],
  'chunk-row.dt-arity': [
    { name: 'a gap too few', edit: (_row, data) => void (data['dt'] = list(data['dt']).slice(1)) },
    { name: 'a gap too many', edit: (_row, data) => void (data['dt'] = [...list(data['dt']), 1]) },
    { name: 'as many gaps as members', edit: (_row, data) => void (data['dt'] = list(data[payloadKey(data)]).map(() => 0)) },
  ],
  'chunk-row.seq-range': [
    { name: 'seq0 one below the largest safe integer', edit: (row) => void (row['seq0'] = MAX - 1) },
    { name: 'seq0 the largest safe integer', edit: (row) => void (row['seq0'] = MAX) },
  ],
  'chunk-row.time-range': [
    { name: 'past the largest safe time', edit: (row, data) => void ((row['time0'] = MAX), (data['dt'] = list(data['dt']).map(() => 5))) },
    { name: 'below the smallest safe time', edit: (row, data) => void ((row['time0'] = -MAX), (data['dt'] = list(data['dt']).map(() => -5))) },
    { name: 'gaps that sum past it', edit: (row, data) => void ((row['time0'] = 0), (data['dt'] = list(data['dt']).map(() => MAX))) },
  ],
};

/** A well-formed row, placed after a log's last event (`seq0` its length). */
interface RowShape {
  readonly name: string;
  readonly type: RowType;
  readonly members: readonly string[];
  readonly dt: readonly number[];
  readonly turn?: number;
  readonly step?: number;
  readonly index?: number;
  readonly id?: string;
  readonly toolName?: string;
  /** time0, else the log's last time. */
  readonly time0?: number;
  /** The row's keys in another order than the writer's. */
  readonly reordered?: true;
}

/** Every well-formed row shape (LOG-1.5). */
export const ROW_SHAPES: readonly RowShape[] = [
  { name: 'text row', type: 'text-chunks', members: ['Hel', 'lo', ', world'], dt: [1, 2] },
  { name: 'reasoning row, gaps of zero and below, before 1970', type: 'reasoning-chunks', members: ['think', 'ing', '…'], dt: [0, -3], time0: -315_619_200_000 },
  { name: 'named tool row', type: 'tool-call-chunks', members: ['{"pa', 'th":', '"a"}'], dt: [1, 1], id: 'call-7', toolName: 'read_file' },
  { name: 'unnamed tool row', type: 'tool-call-chunks', members: ['', '{}', ''], dt: [3, 0], id: '' },
  { name: 'one member', type: 'text-chunks', members: ['alone'], dt: [] },
  { name: 'two members', type: 'tool-call-chunks', members: ['{', '}'], dt: [-1], id: 'call-2', toolName: '__proto__' },
  { name: 'keys in another order', type: 'text-chunks', members: ['a', 'b', 'c'], dt: [1, 1], reordered: true },
  { name: 'numbers of every sign and kind', type: 'reasoning-chunks', members: ['x', 'y', 'z'], dt: [1, 1], turn: 0, step: -1, index: 2.5 },
  { name: 'members JavaScript gives a meaning', type: 'text-chunks', members: ['__proto__', 'constructor', '\u2028\ud800'], dt: [1, 1] },
  { name: 'times ending at the largest safe integer', type: 'text-chunks', members: ['a', 'b', 'c'], dt: [1, 2], time0: MAX - 3 },
  { name: 'times starting at the smallest safe integer', type: 'tool-call-chunks', members: ['a', 'b', 'c'], dt: [0, 1], time0: -MAX, id: 'call-3' },
];

/** A row of `shape` at `seq0`, and the events it stands for, with the keys in the order of LOG-1.6 and src/log/types.ts. */
export function rowOf(shape: RowShape, seq0: number, lastTime: number): { row: Rec; events: SessionEvent[] } {
  const { turn = 1, step = 1, index = 0 } = shape;
  const time0 = shape.time0 ?? lastTime;
  const tool = shape.type === 'tool-call-chunks';
  const named = shape.toolName === undefined ? {} : { name: shape.toolName };
  const data: Rec = tool
    ? { turn, step, index, dt: [...shape.dt], id: shape.id ?? 'call-1', ...named, args: [...shape.members] }
    : { turn, step, index, dt: [...shape.dt], texts: [...shape.members] };
  const row: Rec = shape.reordered ? { data: Object.fromEntries(Object.entries(data).reverse()), time0, seq0, type: shape.type } : { type: shape.type, seq0, time0, data };
  let time = time0;
  const events = shape.members.map((member, k): SessionEvent => {
    if (k > 0) time += shape.dt[k - 1]!;
    const chunk = tool
      ? { type: 'tool-call-delta' as const, index, id: shape.id ?? 'call-1', ...named, argumentsDelta: member }
      : { type: shape.type === 'text-chunks' ? ('text-delta' as const) : ('reasoning-delta' as const), index, text: member };
    return { type: 'assistant/chunk', seq: seq0 + k, time, data: { turn, step, chunk } };
  });
  return { row, events };
}

/** A run of chunk events after a log's last event, as `[data, extra]` per event. */
interface ChunkRun {
  readonly name: string;
  readonly events: ReadonlyArray<{ readonly data: JsonValue; readonly ignorable?: true; readonly time?: number; readonly type?: string }>;
}

const text = (piece: string, index = 0): Rec => ({ type: 'text-delta', index, text: piece });
const tool = (piece: string, extra: Rec = {}): Rec => ({ type: 'tool-call-delta', index: 0, id: 'call-1', ...extra, argumentsDelta: piece });
const chunkData = (chunk: JsonValue, turn: JsonValue = 1, step: JsonValue = 1): Rec => ({ turn, step, chunk });
const four = (make: (k: number) => JsonValue) => [0, 1, 2, 3].map((k) => ({ data: make(k) }));

/**
 * Runs of assistant/chunk events that a row cannot hold as they are, or that end a run at one
 * field: LOG-2.1 lets an assistant/chunk hold any lossless JSON as data, and LOG-1.6 asks that
 * whatever a writer stores loads back to the same events.
 */
export const CHUNK_RUNS: readonly ChunkRun[] = [
  { name: 'marked deltas amid unmarked ones', events: [0, 1, 2, 3, 4].map((k) => ({ data: chunkData(text(`p${k}`)), ...(k === 2 ? { ignorable: true as const } : {}) })) },
  { name: 'every delta marked', events: [0, 1, 2].map((k) => ({ data: chunkData(text(`m${k}`)), ignorable: true as const })) },
  { name: 'data null', events: four(() => null) },
  { name: 'data a string', events: four(() => 'text-delta') },
  { name: 'data a list', events: four(() => [1, text('a')]) },
  { name: 'data with an extra key', events: four((k) => ({ ...chunkData(text(`e${k}`)), note: k })) },
  { name: 'data without step', events: four((k) => ({ turn: 1, chunk: text(`s${k}`), note: 1 })) },
  { name: 'turn a string', events: four((k) => chunkData(text(`t${k}`), '1')) },
  { name: 'step null', events: four((k) => chunkData(text(`n${k}`), 1, null)) },
  { name: 'chunk null', events: four(() => chunkData(null)) },
  { name: 'chunk a string', events: four(() => chunkData('text-delta')) },
  { name: 'index a string', events: four((k) => chunkData({ type: 'text-delta', index: '0', text: `i${k}` })) },
  { name: 'no index', events: four((k) => chunkData({ type: 'reasoning-delta', text: `i${k}`, at: 0 })) },
  { name: 'text a number', events: four((k) => chunkData({ type: 'text-delta', index: 0, text: k })) },
  { name: 'text delta with an extra key', events: four((k) => chunkData({ ...text(`x${k}`), extra: true })) },
  { name: 'reasoning delta without text', events: four((k) => chunkData({ type: 'reasoning-delta', index: 0, content: `r${k}` })) },
  { name: 'unknown chunk type with text', events: four((k) => chunkData({ type: 'text-chunk', index: 0, text: `u${k}` })) },
  { name: 'block-start chunks', events: four(() => chunkData({ type: 'block-start', index: 0, blockType: 'text' })) },
  { name: 'tool delta with an extra key', events: four((k) => chunkData(tool(`${k}`, { extra: 1 }))) },
  { name: 'tool delta named and with an extra key', events: four((k) => chunkData(tool(`${k}`, { name: 'run', extra: 1 }))) },
  { name: 'tool delta name a number', events: four((k) => chunkData(tool(`${k}`, { name: 5 }))) },
  { name: 'tool delta id a number', events: four((k) => chunkData({ type: 'tool-call-delta', index: 0, id: 7, argumentsDelta: `${k}` })) },
  { name: 'tool delta without id', events: four((k) => chunkData({ type: 'tool-call-delta', index: 0, name: 'run', argumentsDelta: `${k}`, at: 1 })) },
  { name: 'tool delta arguments a number', events: four((k) => chunkData({ type: 'tool-call-delta', index: 0, id: 'call-1', argumentsDelta: k })) },
  { name: 'tool delta named, arguments a list', events: four(() => chunkData({ type: 'tool-call-delta', index: 0, id: 'call-1', name: 'run', argumentsDelta: ['{}'] })) },
  { name: 'deltas alternating turn', events: four((k) => chunkData(text(`a${k}`), 1 + (k % 2))) },
  { name: 'deltas alternating step', events: four((k) => chunkData(text(`b${k}`), 1, 1 + (k % 2))) },
  { name: 'deltas alternating index (interleaved blocks)', events: four((k) => chunkData(text(`c${k}`, k % 2))) },
  { name: 'text and reasoning deltas alternating', events: four((k) => chunkData({ type: k % 2 === 0 ? 'text-delta' : 'reasoning-delta', index: 0, text: `d${k}` })) },
  { name: 'text and tool deltas alternating', events: four((k) => chunkData(k % 2 === 0 ? text(`{${k}`) : tool(`{${k}`))) },
  { name: 'tool deltas alternating id', events: four((k) => chunkData({ type: 'tool-call-delta', index: 0, id: `call-${k % 2}`, argumentsDelta: `${k}` })) },
  { name: 'tool deltas alternating name', events: four((k) => chunkData(tool(`${k}`, { name: k % 2 === 0 ? 'run' : 'read_file' }))) },
  { name: 'tool deltas named then not', events: four((k) => chunkData(tool(`${k}`, k % 2 === 0 ? { name: 'run' } : {}))) },
  { name: 'text, reasoning, reasoning, text deltas', events: [0, 1, 2, 3].map((k) => ({ data: chunkData({ type: k === 1 || k === 2 ? 'reasoning-delta' : 'text-delta', index: 0, text: `r${k}` }) })) },
  { name: 'chunk data on a log-only type', events: [0, 1, 2, 3].map((k) => ({ type: 'hook/result', data: chunkData(text(`h${k}`)) })) },
  { name: "text delta with a tool delta's keys", events: four((k) => chunkData({ type: 'text-delta', index: 0, id: 'call-1', argumentsDelta: `${k}` })) },
  { name: 'data keys in another order', events: four((k) => ({ step: 1, turn: 1, chunk: text(`o${k}`) })) },
  { name: 'chunk keys in another order', events: four((k) => chunkData({ text: `o${k}`, index: 0, type: 'text-delta' })) },
  { name: 'tool delta named, name last', events: four((k) => chunkData({ type: 'tool-call-delta', index: 0, id: 'call-1', argumentsDelta: `${k}`, name: 'run' })) },
  { name: 'times further apart than a safe gap', events: [-MAX, MAX, -MAX, MAX].map((time, k) => ({ data: chunkData(text(`f${k}`)), time })) },
  { name: 'times at the safe limits, then a safe gap', events: [MAX, MAX, -MAX, -MAX, -MAX + 1].map((time, k) => ({ data: chunkData(text(`g${k}`)), time })) },
];

/** The events of `run` after the last of `log`, in the key order of LOG-1.6. */
export function runEvents(run: ChunkRun, log: GeneratedLog): SessionEvent[] {
  const last = log.events[log.events.length - 1]!;
  return run.events.map((e, k) => ({ type: e.type ?? 'assistant/chunk', seq: log.events.length + k, time: e.time ?? last.time + k, data: e.data, ...(e.ignorable ? { ignorable: e.ignorable } : {}) }));
}

/** The log's JSONL with `lines` after its last line. */
export const withLines = (log: GeneratedLog, lines: readonly JsonValue[]): string => `${log.jsonl}${lines.map((line) => `${JSON.stringify(line)}\n`).join('')}`;

/** A log of the header alone, then `lines`: a row as the first line after the header. */
export const afterHeader = (log: GeneratedLog, lines: readonly JsonValue[]): string => unpackedJsonl(log.header, lines);

/** The log with `edit` applied to one of its rows of the edit's kind (picked by `pick`), or to a row appended after its last event when it has none. */
export function faultyRow(log: GeneratedLog, edit: RowEdit, pick: number): string {
  const lines = log.jsonl.split('\n');
  const tag = edit.row === 'tool' ? /^\{"type":"tool-call-chunks"/ : edit.row === 'text' ? /^\{"type":"(text|reasoning)-chunks"/ : /^\{"type":"[a-z-]+-chunks"/;
  const rows = lines.flatMap((line, i) => (tag.test(line) ? [i] : []));
  if (rows.length > 0) {
    const at = rows[pick % rows.length]!;
    const row = JSON.parse(lines[at]!) as Rec;
    edit.edit(row, row['data'] as Rec);
    lines[at] = JSON.stringify(row);
    return lines.join('\n');
  }
  const shape = ROW_SHAPES[edit.row === 'tool' ? 2 : 0]!;
  const { row } = rowOf(shape, log.events.length, log.events[log.events.length - 1]!.time);
  edit.edit(row, row['data'] as Rec);
  return withLines(log, [row]);
}

/** Every class this file holds, by name: each case holds them all. */
export const CHUNK_ROW_CLASSES: readonly string[] = [
  ...Object.entries(ROW_EDITS).flatMap(([rule, edits]) => edits.map((e) => `${rule}: ${e.name}`)),
  ...ROW_SHAPES.map((shape) => `row: ${shape.name}`),
  'row: the first line after the header',
  'row: its last seq the largest safe integer',
  ...CHUNK_RUNS.map((run) => `run: ${run.name}`),
];
