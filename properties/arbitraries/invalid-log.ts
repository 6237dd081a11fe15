/**
 * Invalid logs, generated: a valid log with exactly one fault, and the code a reader must
 * refuse it with. Event-level faults also say which event holds them, so append can be
 * held to the same verdict as load.
 */
import fc from 'fast-check';
import type { ProtocolErrorCode } from '../../src/errors.ts';
import type { JsonValue, SessionEvent } from '../../src/log/index.ts';
import { buildLog, logPlan, writeJsonl, type GeneratedLog } from './session-log.ts';

export interface InvalidLog {
  readonly fault: string;
  readonly code: ProtocolErrorCode;
  readonly jsonl: string;
  /** For faults in one event: its seq, the valid log before it, and the event as written. */
  readonly event?: { readonly seq: number; readonly prefix: string; readonly faulty: SessionEvent; readonly original: SessionEvent | undefined };
}

type Rec = Record<string, JsonValue>;
type Mutation = (log: GeneratedLog, pick: number) => InvalidLog | undefined;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const pickOf = <T>(items: readonly T[], pick: number): T | undefined => (items.length === 0 ? undefined : items[pick % items.length]);

/** Replaces event `seq` (or appends at the end) and writes the log unpacked. */
function withEvent(log: GeneratedLog, fault: string, code: ProtocolErrorCode, faulty: SessionEvent): InvalidLog {
  const events = [...log.events];
  const original = events[faulty.seq];
  events[faulty.seq] = faulty;
  return {
    fault,
    code,
    jsonl: writeJsonl(log.header, events, false),
    event: { seq: faulty.seq, prefix: writeJsonl(log.header, log.events.slice(0, faulty.seq), false), faulty, original },
  };
}

function appended(log: GeneratedLog, fault: string, code: ProtocolErrorCode, type: string, data: JsonValue, extra: Partial<SessionEvent> = {}): InvalidLog {
  const last = log.events[log.events.length - 1]!;
  return withEvent(log, fault, code, { type, seq: log.events.length, time: last.time + 1, data, ...extra } as SessionEvent);
}

function changed(log: GeneratedLog, fault: string, code: ProtocolErrorCode, candidates: (e: SessionEvent) => boolean, pick: number, edit: (e: Rec) => void): InvalidLog | undefined {
  const target = pickOf(log.events.filter(candidates), pick);
  if (target === undefined) return undefined;
  const faulty = clone(target) as unknown as Rec;
  edit(faulty);
  return withEvent(log, fault, code, faulty as unknown as SessionEvent);
}

const isSurface = (e: SessionEvent) => e.surfaceOp !== undefined;
const messageOf = (e: Rec): Rec => (e['type'] === 'user/message' ? (e['data'] as Rec) : ((e['data'] as Rec)['message'] as Rec));

/** Every fault the suite knows, by name. Each returns undefined when the log has no place for it. */
export const MUTATIONS: Record<string, Mutation> = {
  'legacy-header-delta': (log) => appended(log, 'legacy-header-delta', 'LEGACY_HEADER_DELTA', 'request/header-delta', { changes: { system: 'x' } }),
  'legacy-reason-fallback': (log, pick) =>
    changed(log, 'legacy-reason-fallback', 'LEGACY_HEADER_REASON', (e) => e.type === 'request/header', pick, (e) => {
      (e['data'] as Rec)['reason'] = 'fallback';
    }),
  'legacy-mode-set': (log) => appended(log, 'legacy-mode-set', 'LEGACY_MODE_SET', 'mode/set', { mode: 'plan' }),
  'unknown-type': (log) => appended(log, 'unknown-type', 'UNKNOWN_EVENT_TYPE', 'x-harness/unannounced', { note: 'no ignorable marker' }),
  'message-without-id': (log, pick) =>
    changed(log, 'message-without-id', 'MESSAGE_SHAPE', isSurface, pick, (e) => {
      delete messageOf(e)['id'];
    }),
  'message-wrong-role': (log, pick) =>
    changed(log, 'message-wrong-role', 'MESSAGE_SHAPE', isSurface, pick, (e) => {
      messageOf(e)['role'] = 'system';
    }),
  'tool-call-id-mismatch': (log, pick) =>
    changed(log, 'tool-call-id-mismatch', 'MESSAGE_SHAPE', (e) => e.type === 'tool/result', pick, (e) => {
      ((messageOf(e)['content'] as Rec[])[0] as Rec)['toolCallId'] = 'some-other-call';
    }),
  'header-without-model': (log, pick) =>
    changed(log, 'header-without-model', 'REQUEST_HEADER_INVALID', (e) => e.type === 'request/header', pick, (e) => {
      ((e['data'] as Rec)['header'] as Rec)['config'] = { provider: 'deepseek', model: '' };
    }),
  'surface-op-missing': (log, pick) =>
    changed(log, 'surface-op-missing', 'SURFACE_INVALID', isSurface, pick, (e) => {
      delete e['surfaceOp'];
    }),
  'surface-op-on-log-only': (log, pick) =>
    changed(log, 'surface-op-on-log-only', 'SURFACE_INVALID', (e) => e.type === 'step/start', pick, (e) => {
      e['surfaceOp'] = 'append';
    }),
  'source-seq-not-earlier': (log, pick) =>
    changed(log, 'source-seq-not-earlier', 'SURFACE_INVALID', (e) => e.type === 'tool/result', pick, (e) => {
      e['sourceEventSeqs'] = [e['seq'] as number];
    }),
  'replace-coverage-incomplete': (log, pick) =>
    changed(log, 'replace-coverage-incomplete', 'SURFACE_INVALID', (e) => typeof e.surfaceOp === 'object', pick, (e) => {
      const op = e['surfaceOp'] as { start: number };
      e['sourceEventSeqs'] = (e['sourceEventSeqs'] as number[]).filter((seq) => seq !== op.start);
    }),
  'replace-unknown-node': (log, pick) => {
    // Replace "nodes" that are step/start events: seqs that were never on the surface.
    const target = pickOf(log.events.filter((e) => e.type === 'user/message' && e.surfaceOp === 'append'), pick);
    const stepStart = target && log.events.slice(0, target.seq).findLast((e) => e.type === 'step/start');
    if (target === undefined || stepStart === undefined) return undefined;
    const faulty = { ...clone(target), surfaceOp: { op: 'replace', start: stepStart.seq, end: stepStart.seq }, sourceEventSeqs: [stepStart.seq] } as SessionEvent;
    return withEvent(log, 'replace-unknown-node', 'SURFACE_INVALID', faulty);
  },
};

/** Faults that live in the text rather than in one event: they have no append counterpart. */
export const TEXT_MUTATIONS: Record<string, Mutation> = {
  'format-version': (log, pick) => {
    const version = pickOf([1, 2, -1], pick)!;
    return { fault: 'format-version', code: 'FORMAT_VERSION', jsonl: log.jsonl.replace('"version":0', `"version":${version}`) };
  },
  'envelope-extra-key': (log, pick) => {
    const events = clone(log.events) as unknown as Rec[];
    pickOf(events, pick)!['id'] = 'evt-1';
    return { fault: 'envelope-extra-key', code: 'ENVELOPE_INVALID', jsonl: writeJsonl(log.header, events as unknown as SessionEvent[], false) };
  },
  'negative-zero': (log) => {
    const last = log.events[log.events.length - 1]!;
    const line = `{"type":"todo/write","seq":${log.events.length},"time":${last.time},"data":{"todos":[],"n":-0}}`;
    return { fault: 'negative-zero', code: 'NOT_LOSSLESS_JSON', jsonl: `${log.jsonl}${line}\n` };
  },
  'overflowing-number': (log) => {
    const last = log.events[log.events.length - 1]!;
    const line = `{"type":"todo/write","seq":${log.events.length},"time":${last.time},"data":{"todos":[],"n":1e400}}`;
    return { fault: 'overflowing-number', code: 'NOT_LOSSLESS_JSON', jsonl: `${log.jsonl}${line}\n` };
  },
  'chunk-row-arity': (log, pick) => {
    const lines = log.jsonl.split('\n');
    const rows = lines.map((line, i) => [line, i] as const).filter(([line]) => /^\{"type":"[a-z-]+-chunks"/.test(line));
    const chosen = pickOf(rows, pick);
    if (chosen === undefined) return undefined;
    const row = JSON.parse(chosen[0]) as { data: { dt: number[] } };
    row.data.dt = row.data.dt.slice(1);
    lines[chosen[1]] = JSON.stringify(row);
    return { fault: 'chunk-row-arity', code: 'CHUNK_ROW_INVALID', jsonl: lines.join('\n') };
  },
  'committed-seq-gap': (log, pick) => {
    const lines = writeJsonl(log.header, log.events, false).split('\n');
    const lastTurnEnd = lines.findLastIndex((line) => line.startsWith('{"type":"turn/end"'));
    // The gap shows on the line after the removed one, and a turn/end must follow that line.
    if (lastTurnEnd < 3) return undefined;
    lines.splice(1 + (pick % (lastTurnEnd - 2)), 1);
    return { fault: 'committed-seq-gap', code: 'TORN_COMMITTED', jsonl: lines.join('\n') };
  },
  'committed-garbage-line': (log, pick) => {
    const lines = writeJsonl(log.header, log.events, false).split('\n');
    const lastTurnEnd = lines.findLastIndex((line) => line.startsWith('{"type":"turn/end"'));
    if (lastTurnEnd < 2) return undefined;
    lines[1 + (pick % (lastTurnEnd - 1))] = '{"type":"step/end","seq":';
    return { fault: 'committed-garbage-line', code: 'TORN_COMMITTED', jsonl: lines.join('\n') };
  },
};

function invalidFrom(mutations: Record<string, Mutation>): fc.Arbitrary<InvalidLog> {
  const names = Object.keys(mutations);
  return fc
    .tuple(logPlan, fc.constantFrom(...names), fc.nat())
    .map(([plan, name, pick]) => {
      const log = buildLog(plan);
      // Fall back to a fault every log has room for, so no draw is wasted.
      return mutations[name]!(log, pick) ?? MUTATIONS['unknown-type']!(log, pick)!;
    });
}

/** One-event faults (with the verdict append must match). */
export const invalidEventLog = invalidFrom(MUTATIONS);
/** Any fault, event-level or textual. */
export const invalidLog = invalidFrom({ ...MUTATIONS, ...TEXT_MUTATIONS });
