// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { ReconError, type ErrorCode } from '../../src/errors.ts';
import { SessionLog, loadJsonl, newSessionHeader, saveJsonl } from '../../src/log/index.ts';
import { SESSION_ID, headerData, richJsonl, withLine } from '../helpers/log-builder.ts';

function refusal(text: string, file = 'session.jsonl'): ReconError {
  try {
    loadJsonl(text, { file });
  } catch (error) {
    if (ReconError.is(error)) return error;
    throw error;
  }
  throw new Error('the log loaded');
}

function expectCode(text: string, code: ErrorCode, line?: number): ReconError {
  const error = refusal(text);
  expect(error.code, error.message).toBe(code);
  expect(error.location.file).toBe('session.jsonl');
  if (line !== undefined) expect(error.location.line).toBe(line);
  return error;
}

const HEADER = JSON.stringify(newSessionHeader(SESSION_ID, 1));
const line = (event: object) => JSON.stringify(event);
const ev = (seq: number, type: string, data: unknown, extra: object = {}) => line({ type, seq, time: 1000 + seq, data, ...extra });

describe('the session header line (spec §1.5–1.6)', () => {
  it('refuses another format version and names the direction', () => {
    const newer = expectCode(`${HEADER.replace('"version":0', '"version":1')}\n`, 'FORMAT_VERSION', 1);
    expect(newer.detail).toContain('written by a newer harness');
    expect(newer.hint).toContain('upgrade');
    const older = expectCode(`${HEADER.replace('"version":0', '"version":-1')}\n`, 'FORMAT_VERSION', 1);
    expect(older.detail).toContain('older than the supported v0');
  });

  it('checks the version before the shape, so a newer log is never called corrupt', () => {
    expectCode('{"type":"session","version":7}\n', 'FORMAT_VERSION');
  });

  it('refuses a missing, unparsable or malformed header', () => {
    expectCode('', 'SESSION_HEADER_INVALID', 1);
    expectCode('not json\n', 'SESSION_HEADER_INVALID', 1);
    expectCode(`${line({ type: 'event', version: 0, id: 'x', createdAt: 1 })}\n`, 'SESSION_HEADER_INVALID');
    expectCode(`${line({ type: 'session', version: 0, id: 'x', createdAt: 1, cwd: 'relative/dir' })}\n`, 'SESSION_HEADER_INVALID');
    expectCode(`${line({ type: 'session', version: 0, id: 'x', createdAt: 1, origin: 'fork' })}\n`, 'SESSION_HEADER_INVALID');
  });

  it('accepts fixture placeholders such as {{cwd}} as opaque strings', () => {
    const { log } = loadJsonl(`${line({ type: 'session', version: 0, id: '{{sessionId}}', createdAt: 1, cwd: '{{cwd}}/workspace' })}\n`);
    expect(log.header.cwd).toBe('{{cwd}}/workspace');
  });
});

describe('event rules at load (spec §5.2–5.3)', () => {
  it('refuses request/header-delta, reason "fallback", mode/set, an unknown type and version 1 each with its own code', () => {
    const text = richJsonl();
    const next = loadJsonl(text).log.length;
    const lastLine = text.split('\n').length; // the appended line's number
    const add = (type: string, data: unknown) => `${text}${ev(next, type, data)}\n`;
    const codes = [
      expectCode(add('request/header-delta', {}), 'LEGACY_HEADER_DELTA', lastLine).code,
      expectCode(add('request/header', { ...headerData('change'), reason: 'fallback' }), 'LEGACY_HEADER_REASON', lastLine).code,
      expectCode(add('mode/set', {}), 'LEGACY_MODE_SET', lastLine).code,
      expectCode(add('plugin/unknown', {}), 'UNKNOWN_EVENT_TYPE', lastLine).code,
      expectCode(text.replace('"version":0', '"version":1'), 'FORMAT_VERSION', 1).code,
    ];
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps an unknown type marked ignorable, and the ignorable marker', () => {
    const text = `${HEADER}\n${ev(0, 'plugin/unknown', { x: 1 }, { ignorable: true })}\n`;
    expect(loadJsonl(text).log.eventAt(0)).toEqual({ type: 'plugin/unknown', seq: 0, time: 1000, data: { x: 1 }, ignorable: true });
    expectCode(`${HEADER}\n${ev(0, 'plugin/unknown', {}, { ignorable: false })}\n`, 'ENVELOPE_INVALID', 2);
  });

  it('refuses a bad envelope: an extra key, a non-integer seq or time, missing data', () => {
    expectCode(`${HEADER}\n${ev(0, 'todo/write', {}, { id: 'x' })}\n`, 'ENVELOPE_INVALID', 2);
    expectCode(`${HEADER}\n${line({ type: 'todo/write', seq: 0, time: 1.5, data: {} })}\n`, 'ENVELOPE_INVALID', 2);
    expectCode(`${HEADER}\n${line({ type: 'todo/write', seq: 0, time: 1 })}\n`, 'ENVELOPE_INVALID', 2);
    expectCode(`${HEADER}\n${line({ type: 7, seq: 0, time: 1, data: {} })}\n`, 'ENVELOPE_INVALID', 2);
    expectCode(`${HEADER}\n[1,2]\n`, 'ENVELOPE_INVALID', 2);
  });

  it('refuses -0 and overflowing numbers in stored data', () => {
    const error = expectCode(`${HEADER}\n{"type":"todo/write","seq":0,"time":1,"data":{"n":-0}}\n`, 'NOT_LOSSLESS_JSON', 2);
    expect(error.detail).toContain('event.data.n is -0');
    expectCode(`${HEADER}\n{"type":"todo/write","seq":0,"time":1,"data":{"n":1e999}}\n`, 'NOT_LOSSLESS_JSON', 2);
  });

  it.each([
    ['no id', { role: 'user', content: [], source: { kind: 'user' } }, 'lacks an identified message'],
    ['a wrong role', { id: 'u', role: 'assistant', content: [], source: { kind: 'user' } }, 'must have role "user"'],
    ['no source kind', { id: 'u', role: 'user', content: [], source: {} }, 'invalid source'],
    ['content that is not a list', { id: 'u', role: 'user', content: 'hi', source: { kind: 'user' } }, 'invalid content'],
  ])('refuses a user/message with %s', (_name, data, detail) => {
    const error = expectCode(`${HEADER}\n${ev(0, 'user/message', data, { surfaceOp: 'append' })}\n`, 'MESSAGE_SHAPE', 2);
    expect(error.detail).toContain(detail);
  });

  it('refuses assistant and tool messages of the wrong shape', () => {
    const assistant = { turn: 1, step: 1, message: { id: 'a', role: 'assistant', content: [], source: { kind: 'user' } } };
    expect(expectCode(`${HEADER}\n${ev(0, 'assistant/message', assistant, { surfaceOp: 'append' })}\n`, 'MESSAGE_SHAPE').detail).toContain('model source');
    const tool = (block: object, source: object) => ({ turn: 1, step: 1, message: { id: 't', role: 'user', content: [block], source } });
    const good = { type: 'tool-result', toolCallId: 'c', content: [] };
    const cases: Array<[object, string]> = [
      [tool(good, { kind: 'user' }), 'tool source'],
      [tool({ ...good, type: 'text' }, { kind: 'tool', callId: 'c' }), 'one tool-result block'],
      [tool({ ...good, content: 'x' }, { kind: 'tool', callId: 'c' }), 'one tool-result block'],
      [tool(good, { kind: 'tool', callId: 'd' }), 'mismatched tool call ids'],
    ];
    for (const [data, detail] of cases) {
      expect(expectCode(`${HEADER}\n${ev(0, 'tool/result', data, { surfaceOp: 'append' })}\n`, 'MESSAGE_SHAPE').detail).toContain(detail);
    }
  });

  it('refuses a seq that is not its index when seeded from memory', () => {
    const header = newSessionHeader(SESSION_ID, 1);
    const events = [{ type: 'turn/start', seq: 1, time: 1, data: { turn: 1 } }];
    expect(() => SessionLog.fromEvents(header, events)).toThrow(expect.objectContaining({ code: 'SEQ_NOT_CONTIGUOUS' }) as Error);
  });

  it('names file, line, seq and code in the message', () => {
    const error = expectCode(`${HEADER}\n${ev(0, 'turn/start', { turn: 1 })}\n${ev(1, 'request/header-delta', {})}\n`, 'LEGACY_HEADER_DELTA', 3);
    expect(error.message).toMatch(/^session\.jsonl:3: seq 1: LEGACY_HEADER_DELTA: /);
  });
});

describe('torn tails and committed damage (spec §5.3 item 2)', () => {
  const text = richJsonl();
  const lines = text.split('\n');
  const turnEnd = lines.findIndex((l) => l.includes('"turn/end"')) + 1;

  it('cuts a last line without a newline, even one that parses', () => {
    const torn = text.slice(0, -1);
    const loaded = loadJsonl(torn);
    expect(loaded.tornTail?.line).toBe(lines.length - 1);
    expect(loaded.log.length).toBe(loadJsonl(text).log.length - 1);
  });

  it('cuts an unparsable tail after the last turn/end and reports what it dropped', () => {
    const withTail = `${text}{"type":"step/sta`;
    const loaded = loadJsonl(withTail);
    expect(loaded.tornTail).toMatchObject({ line: lines.length, droppedLines: 1, droppedBytes: 17 });
    expect(saveJsonl(loaded.log)).toBe(text);
  });

  it('refuses an unparsable line or a seq gap before a later turn/end', () => {
    const broken = withLine(text, turnEnd - 2, '{"type":"step/end",');
    expect(expectCode(broken, 'TORN_COMMITTED', turnEnd - 2).detail).toContain(`line ${turnEnd} later holds a turn/end`);
    const gap = text.split('\n');
    gap.splice(3, 1);
    expectCode(gap.join('\n'), 'TORN_COMMITTED', 4);
  });

  it('cuts a seq gap after the last turn/end', () => {
    const gap = `${text}${ev(999, 'turn/start', { turn: 9 })}\n`;
    expect(loadJsonl(gap).tornTail?.reason).toContain('expected seq');
  });
});

describe('packed chunk rows', () => {
  it('expands rows into assistant/chunk events with running times', () => {
    const row = { type: 'text-chunks', seq0: 0, time0: 100, data: { turn: 1, step: 1, index: 0, dt: [5, -2], texts: ['a', 'b', 'c'] } };
    const { log } = loadJsonl(`${HEADER}\n${line(row)}\n`);
    expect(log.events.map((e) => [e.seq, e.time, (e.data as { chunk: { text: string } }).chunk.text])).toEqual([
      [0, 100, 'a'],
      [1, 105, 'b'],
      [2, 103, 'c'],
    ]);
  });

  it('refuses a malformed row instead of dropping its run', () => {
    const row = { type: 'tool-call-chunks', seq0: 0, time0: 100, data: { turn: 1, step: 1, index: 0, id: 'c', dt: [1], args: ['{'] } };
    expect(expectCode(`${HEADER}\n${line(row)}\n`, 'CHUNK_ROW_INVALID', 2).detail).toContain('dt has 1 gaps for 1 members');
  });
});

describe('upgrade of the older pre-identity shape', () => {
  it('gives old messages stable ids and the current wrapper, and a rewrite keeps the id', () => {
    const text = [
      line({ type: 'session', version: 0, id: 'S', createdAt: 1 }),
      ev(0, 'turn/start', { turn: 1, trigger: { kind: 'message' } }),
      ev(1, 'user/message', { content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' } }, { surfaceOp: 'append' }),
      ev(2, 'assistant/message', { turn: 1, step: 1, content: [{ type: 'text', text: 'yo' }], provenance: { provider: 'p', model: 'm' } }, { surfaceOp: 'append', sourceEventSeqs: [] }),
      ev(3, 'tool/result', { turn: 1, step: 1, callId: 'c', content: [{ type: 'text', text: 'out' }], isError: false }, { surfaceOp: 'append', sourceEventSeqs: [2] }),
      ev(4, 'tool/result', { turn: 1, step: 1, callId: 'c', content: [], isError: false }, { surfaceOp: { op: 'replace', start: 3, end: 3 }, sourceEventSeqs: [3] }),
      ev(5, 'turn/end', { turn: 1, reason: { kind: 'error', step: 1, message: 'boom' } }),
      '',
    ].join('\n');
    const { log, upgradedSeqs } = loadJsonl(text);
    expect(upgradedSeqs).toEqual([0, 1, 2, 3, 4, 5]);
    expect(log.eventAt(0)!.data).toEqual({ turn: 1 });
    expect(log.eventAt(1)!.data).toMatchObject({ id: 'legacy-message:S:1', role: 'user' });
    expect(log.eventAt(2)!.data).toEqual({ turn: 1, step: 1, message: { id: 'legacy-message:S:2', role: 'assistant', content: [{ type: 'text', text: 'yo' }], source: { provider: 'p', model: 'm', kind: 'model' } } });
    expect((log.eventAt(4)!.data as { message: { id: string } }).message.id).toBe('legacy-message:S:3');
    expect(log.eventAt(5)!.data).toEqual({ turn: 1, reason: { kind: 'error', error: { message: 'boom', code: 'UNKNOWN' } } });
    expect(Object.isFrozen((log.eventAt(2)!.data as { message: object }).message)).toBe(true);
  });

  it('refuses a malformed old shape instead of guessing', () => {
    expectCode(`${HEADER}\n${ev(0, 'turn/start', { turn: 0, trigger: { kind: 'message' } })}\n`, 'LEGACY_SHAPE_INVALID', 2);
    expectCode(`${HEADER}\n${ev(0, 'turn/end', { turn: 1, reason: { kind: 'error' } })}\n`, 'LEGACY_SHAPE_INVALID', 2);
  });
});

describe('the rich log', () => {
  it('loads, and a rejected append on the loaded log leaves it byte-identical', () => {
    const text = richJsonl();
    const { log } = loadJsonl(text);
    expect(() => log.append('request/header-delta', {})).toThrow(expect.objectContaining({ code: 'LEGACY_HEADER_DELTA' }) as Error);
    expect(saveJsonl(log)).toBe(text);
  });
});
