/**
 * Packed chunk rows: the storage form of runs of `assistant/chunk` deltas. A row
 * `{type, seq0, time0, data}` with `type` one of `text-chunks`, `reasoning-chunks`,
 * `tool-call-chunks` stands for consecutive events with seqs `seq0, seq0+1, …` and times
 * `time0` plus the running sum of `data.dt`. Rows are storage, never events.
 */
import type { JsonValue } from './json.ts';
import { refuse, type LogRuleId } from './rules.ts';
import type { SessionEvent } from './types.ts';

/** Fewer members than this are stored as plain events: a row would not be smaller. */
const MIN_RUN = 3;

type Rec = Record<string, unknown>;
type DeltaKind = 'text-delta' | 'reasoning-delta' | 'tool-call-delta';

const ROW_OF: Record<DeltaKind, string> = {
  'text-delta': 'text-chunks',
  'reasoning-delta': 'reasoning-chunks',
  'tool-call-delta': 'tool-call-chunks',
};

function malformed(rule: LogRuleId, type: string, why: string): never {
  return refuse(rule, `malformed ${type} row: ${why}`);
}

// The row checks below run for every packed line loaded: key sets by switch and plain
// loops, so that checking a row allocates nothing (no key lists, no closures).

/** Whether the row's keys are exactly type, seq0, time0, data. */
function isRowEnvelope(row: Rec): boolean {
  let n = 0;
  for (const key in row) {
    switch (key) {
      case 'type':
      case 'seq0':
      case 'time0':
      case 'data':
        n++;
        break;
      default:
        return false;
    }
  }
  return n === 4;
}

/** Whether a row's data has exactly the keys {turn, step, index, dt, texts}, or for tool calls {turn, step, index, id, name?, dt, args}. */
function isRowData(d: Rec, isTool: boolean): boolean {
  let n = 0;
  for (const key in d) {
    switch (key) {
      case 'turn':
      case 'step':
      case 'index':
      case 'dt':
        n++;
        break;
      case 'texts':
        if (isTool) return false;
        n++;
        break;
      case 'id':
      case 'args':
        if (!isTool) return false;
        n++;
        break;
      case 'name':
        // Optional, so not counted.
        if (!isTool) return false;
        break;
      default:
        return false;
    }
  }
  return n === (isTool ? 6 : 5);
}

function allStrings(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) if (typeof list[i] !== 'string') return false;
  return true;
}

function allSafeIntegers(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) if (!Number.isSafeInteger(list[i])) return false;
  return true;
}

/** Expands a parsed row into its events, deep-frozen, or CHUNK_ROW_INVALID. The caller checked the tag. */
export function expandChunkRow(row: Rec): SessionEvent[] {
  const type = row['type'] as string;
  if (!isRowEnvelope(row)) malformed('chunk-row.envelope', type, 'the envelope must be exactly {type, seq0, time0, data}');
  const seq0 = row['seq0'];
  const time0 = row['time0'];
  if (!Number.isSafeInteger(seq0) || (seq0 as number) < 0) malformed('chunk-row.seq0', type, 'seq0 must be a non-negative safe integer');
  if (!Number.isSafeInteger(time0)) malformed('chunk-row.time0', type, 'time0 must be a safe integer');
  const data = row['data'];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return malformed('chunk-row.data-object', type, 'data must be an object');
  const d = data as Rec;
  const isTool = type === 'tool-call-chunks';
  const payloadKey = isTool ? 'args' : 'texts';
  if (!isRowData(d, isTool)) malformed('chunk-row.data-keys', type, `data must be exactly {turn, step, index, ${isTool ? 'id, name?, ' : ''}dt, ${payloadKey}}`);
  if (typeof d['turn'] !== 'number' || typeof d['step'] !== 'number' || typeof d['index'] !== 'number') malformed('chunk-row.numbers', type, 'turn, step and index must be numbers');
  if (isTool && (typeof d['id'] !== 'string' || (Object.hasOwn(d, 'name') && typeof d['name'] !== 'string'))) malformed('chunk-row.tool-strings', type, 'id and name must be strings');
  const members = d[payloadKey];
  if (!Array.isArray(members) || members.length === 0 || !allStrings(members)) malformed('chunk-row.members', type, `${payloadKey} must be a non-empty list of strings`);
  const dt = d['dt'];
  if (!Array.isArray(dt) || !allSafeIntegers(dt)) malformed('chunk-row.dt', type, 'dt must be a list of safe integers');
  if (dt.length !== members.length - 1) malformed('chunk-row.dt-arity', type, `dt has ${dt.length} gaps for ${members.length} members`);
  // Parenthesised: seq0 + length - 1 rounds back into the safe range when seq0 + length leaves it.
  if (!Number.isSafeInteger((seq0 as number) + (members.length - 1))) malformed('chunk-row.seq-range', type, 'member seqs leave the safe integer range');

  // Everything the members share is read once: a row holds many of them.
  const n = members.length;
  const events = new Array<SessionEvent>(n);
  const turn = d['turn'] as number;
  const step = d['step'] as number;
  const index = d['index'] as number;
  const delta = type === 'text-chunks' ? 'text-delta' : type === 'reasoning-chunks' ? 'reasoning-delta' : undefined;
  const id = d['id'] as string;
  const name = Object.hasOwn(d, 'name') ? (d['name'] as string) : undefined;
  let seq = seq0 as number;
  let time = time0 as number;
  for (let k = 0; k < n; k++) {
    if (k > 0) {
      time += dt[k - 1] as number;
      if (!Number.isSafeInteger(time)) malformed('chunk-row.time-range', type, 'member times leave the safe integer range');
    }
    const text = members[k] as string;
    let chunk: JsonValue;
    if (delta !== undefined) chunk = { type: delta, index, text };
    else if (name !== undefined) chunk = { type: 'tool-call-delta', index, id, name, argumentsDelta: text };
    else chunk = { type: 'tool-call-delta', index, id, argumentsDelta: text };
    // Frozen as built: the loader needs no second walk over rows.
    const data = Object.freeze({ turn, step, chunk: Object.freeze(chunk) });
    events[k] = Object.freeze({ type: 'assistant/chunk', seq: seq++, time, data });
  }
  return events;
}

/** Whether the value's keys are exactly `keys`, in that order: the order a row's expansion gives back. */
function keysInOrder(value: Rec, keys: readonly string[]): boolean {
  let n = 0;
  for (const key in value) {
    if (key !== keys[n]) return false;
    n++;
  }
  return n === keys.length;
}

/**
 * The delta kind of an event that packs losslessly, else undefined (stored verbatim). A row gives
 * its members back in one key order (expandChunkRow): an event in another order is left
 * unpacked, since a reload must give the same events, key order included (LOG-1.6).
 */
function packableKind(event: SessionEvent): DeltaKind | undefined {
  if (event.type !== 'assistant/chunk' || !keysInOrder(event, ['type', 'seq', 'time', 'data'])) return undefined;
  const data = event.data as Rec;
  if (typeof data !== 'object' || data === null || !keysInOrder(data, ['turn', 'step', 'chunk'])) return undefined;
  if (typeof data['turn'] !== 'number' || typeof data['step'] !== 'number') return undefined;
  const chunk = data['chunk'] as Rec;
  if (typeof chunk !== 'object' || chunk === null || typeof chunk['index'] !== 'number') return undefined;
  switch (chunk['type']) {
    case 'text-delta':
    case 'reasoning-delta':
      return keysInOrder(chunk, ['type', 'index', 'text']) && typeof chunk['text'] === 'string' ? chunk['type'] : undefined;
    case 'tool-call-delta': {
      const named = keysInOrder(chunk, ['type', 'index', 'id', 'name', 'argumentsDelta']) && typeof chunk['name'] === 'string';
      const ok = (named || keysInOrder(chunk, ['type', 'index', 'id', 'argumentsDelta'])) && typeof chunk['id'] === 'string' && typeof chunk['argumentsDelta'] === 'string';
      return ok ? 'tool-call-delta' : undefined;
    }
    default:
      return undefined;
  }
}

function chunkOf(event: SessionEvent): Rec {
  return (event.data as Rec)['chunk'] as Rec;
}

function continuesRun(prev: SessionEvent, next: SessionEvent, kind: DeltaKind): boolean {
  if (next.seq !== prev.seq + 1 || !Number.isSafeInteger(next.time - prev.time)) return false;
  const a = prev.data as Rec;
  const b = next.data as Rec;
  if (a['turn'] !== b['turn'] || a['step'] !== b['step']) return false;
  const ca = chunkOf(prev);
  const cb = chunkOf(next);
  if (ca['index'] !== cb['index']) return false;
  if (kind !== 'tool-call-delta') return true;
  return ca['id'] === cb['id'] && Object.hasOwn(ca, 'name') === Object.hasOwn(cb, 'name') && ca['name'] === cb['name'];
}

function rowOf(kind: DeltaKind, run: readonly SessionEvent[]): JsonValue {
  const first = run[0]!;
  const data = first.data as Rec;
  const chunk = chunkOf(first);
  const dt = run.slice(1).map((event, i) => event.time - run[i]!.time);
  const base = { turn: data['turn'] as number, step: data['step'] as number, index: chunk['index'] as number, dt };
  const head = { type: ROW_OF[kind], seq0: first.seq, time0: first.time };
  if (kind === 'tool-call-delta') {
    const named = Object.hasOwn(chunk, 'name') ? { name: chunk['name'] as string } : {};
    return { ...head, data: { ...base, id: chunk['id'] as string, ...named, args: run.map((e) => chunkOf(e)['argumentsDelta'] as string) } };
  }
  return { ...head, data: { ...base, texts: run.map((e) => chunkOf(e)['text'] as string) } };
}

/** The storage records for `events`: each run of at least three packable deltas of one block becomes a row. */
export function packChunkRuns(events: readonly SessionEvent[]): Array<SessionEvent | JsonValue> {
  const out: Array<SessionEvent | JsonValue> = [];
  let kind: DeltaKind | undefined;
  let run: SessionEvent[] = [];
  const flush = () => {
    if (kind !== undefined && run.length >= MIN_RUN) out.push(rowOf(kind, run));
    else out.push(...run);
    kind = undefined;
    run = [];
  };
  for (const event of events) {
    const k = packableKind(event);
    if (k === undefined) {
      flush();
      out.push(event);
      continue;
    }
    const last = run[run.length - 1];
    if (k === kind && last !== undefined && continuesRun(last, event, k)) {
      run.push(event);
      continue;
    }
    flush();
    kind = k;
    run = [event];
  }
  flush();
  return out;
}
