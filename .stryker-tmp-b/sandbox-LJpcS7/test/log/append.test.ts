// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { ReconError, type ErrorCode } from '../../src/errors.ts';
import { loadJsonl, saveJsonl, type AppendOptions, type SessionLog, type ContentBlock } from '../../src/log/index.ts';
import { assistantData, headerData, richLog, toolResultData, userMessage } from '../helpers/log-builder.ts';

/** Appends and expects a coded refusal that leaves the log byte-identical. */
function expectRefused(log: SessionLog, code: ErrorCode, type: string, data: unknown, options?: AppendOptions): ReconError {
  const before = saveJsonl(log);
  const generation = log.surface.replaceGeneration;
  const nodes = log.surface.nodes;
  let caught: unknown;
  try {
    log.append(type, data, options);
  } catch (error) {
    caught = error;
  }
  expect(ReconError.is(caught), `append of ${type} was accepted`).toBe(true);
  const error = caught as ReconError;
  expect(error.code).toBe(code);
  expect(error.location.seq).toBe(log.length);
  expect(saveJsonl(log)).toBe(before);
  expect(log.surface.replaceGeneration).toBe(generation);
  expect(log.surface.nodes).toEqual(nodes);
  return error;
}

describe('append (spec §5.1), with every load rule applied (append/load parity)', () => {
  it('assigns seq = length, writes the envelope in DSH key order and freezes the event', () => {
    const log = richLog();
    const event = log.append('todo/write', { todos: [{ content: 'x', status: 'pending' }] });
    expect(event.seq).toBe(log.length - 1);
    expect(Object.keys(event)).toEqual(['type', 'seq', 'time', 'data']);
    expect(Object.isFrozen(event.data)).toBe(true);
    const surface = log.append('user/message', userMessage('u9', 'hi'), { surfaceOp: 'append' });
    expect(Object.keys(surface)).toEqual(['type', 'seq', 'time', 'data', 'surfaceOp']);
  });

  it('stores an event of an older shape as load reads it back: upgraded, or refused when malformed', () => {
    const log = richLog();
    // Older shapes are outside the typed vocabulary: appended as values the log itself must check.
    const old = log.append<string>('turn/start', { turn: 9, trigger: { kind: 'message', source: { kind: 'user' } } });
    expect(old.data).toEqual({ turn: 9 });
    const user = log.append<string>('user/message', { content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' } }, { surfaceOp: 'append' });
    expect(user.data).toEqual({ content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' }, id: `legacy-message:${log.header.id}:${user.seq}`, role: 'user' });
    expect(loadJsonl(saveJsonl(log)).log.events).toEqual(log.events);
    expect(expectRefused(log, 'LEGACY_SHAPE_INVALID', 'turn/end', { turn: 9, reason: { kind: 'completed', note: 'x' } }).rule).toBe('legacy-shape.turn-end-kind-only');
  });

  it('copies the caller data: later mutation of the caller object does not reach the log', () => {
    const log = richLog();
    const data = { todos: [{ content: 'x', status: 'pending' }] };
    const event = log.append('todo/write', data);
    data.todos[0]!.content = 'changed';
    expect((event.data as typeof data).todos[0]!.content).toBe('x');
  });

  it('refuses data that is not lossless JSON', () => {
    const error = expectRefused(richLog(), 'NOT_LOSSLESS_JSON', 'todo/write', { todos: [{ content: -0 }] });
    expect(error.detail).toContain('data.todos[0].content is -0');
  });

  it('refuses request/header-delta and the reason "fallback"', () => {
    expectRefused(richLog(), 'LEGACY_HEADER_DELTA', 'request/header-delta', { changes: {} });
    expectRefused(richLog(), 'LEGACY_HEADER_REASON', 'request/header', { ...headerData('change'), reason: 'fallback' });
    expectRefused(richLog(), 'LEGACY_MODE_SET', 'mode/set', { mode: 'plan' });
  });

  it('refuses an unknown type unless it is marked ignorable', () => {
    expectRefused(richLog(), 'UNKNOWN_EVENT_TYPE', 'plugin/made-up', {});
    const log = richLog();
    const event = log.append('plugin/made-up', {}, { ignorable: true });
    expect(event.ignorable).toBe(true);
    expect(loadJsonl(saveJsonl(log)).log.eventAt(event.seq)).toEqual(event);
  });

  it('refuses surface metadata on log-only types and a missing marker on surface types', () => {
    expectRefused(richLog(), 'SURFACE_INVALID', 'todo/write', { todos: [] }, { surfaceOp: 'append' });
    expectRefused(richLog(), 'SURFACE_INVALID', 'todo/write', { todos: [] }, { sourceEventSeqs: [0] });
    expectRefused(richLog(), 'SURFACE_INVALID', 'user/message', userMessage('u9', 'x'));
    expectRefused(richLog(), 'SURFACE_INVALID', 'user/message', userMessage('u9', 'x'), { surfaceOp: { op: 'replace', start: 2 } as never });
    expectRefused(richLog(), 'SURFACE_INVALID', 'user/message', userMessage('u9', 'x'), { surfaceOp: 'prepend' as never });
  });

  it('refuses bad sourceEventSeqs', () => {
    const msg = userMessage('u9', 'x');
    expectRefused(richLog(), 'SURFACE_INVALID', 'user/message', msg, { surfaceOp: 'append', sourceEventSeqs: [] });
    expectRefused(richLog(), 'SURFACE_INVALID', 'user/message', msg, { surfaceOp: 'append', sourceEventSeqs: [1, 1] });
    expectRefused(richLog(), 'SURFACE_INVALID', 'user/message', msg, { surfaceOp: 'append', sourceEventSeqs: [1.5] });
    const log = richLog();
    const error = expectRefused(log, 'SURFACE_INVALID', 'user/message', msg, { surfaceOp: 'append', sourceEventSeqs: [log.length] });
    expect(error.detail).toContain('must reference earlier events');
    // An empty list is allowed on assistant/message: a known empty provider stream.
    log.append('assistant/message', assistantData(3, 1, 'a9', [{ type: 'text', text: 'ok' }]), { surfaceOp: 'append', sourceEventSeqs: [] });
  });

  it('refuses a replace whose range is not in the current surface or covers it only in part', () => {
    const log = richLog();
    const msg = userMessage('r1', 'summary');
    // seq 2 was shadowed by the compaction replace at seq 19: no longer a current node.
    expectRefused(log, 'SURFACE_INVALID', 'user/message', msg, { surfaceOp: { op: 'replace', start: 2, end: 2 }, sourceEventSeqs: [2] });
    const [first, second] = log.surface.nodes as [number, number];
    expectRefused(log, 'SURFACE_INVALID', 'user/message', msg, { surfaceOp: { op: 'replace', start: second, end: first }, sourceEventSeqs: [first, second] });
    const error = expectRefused(log, 'SURFACE_INVALID', 'user/message', msg, { surfaceOp: { op: 'replace', start: first, end: second }, sourceEventSeqs: [first] });
    expect(error.detail).toContain(`missing ${second}`);
    log.append('user/message', msg, { surfaceOp: { op: 'replace', start: first, end: second }, sourceEventSeqs: [0, first, second] });
    expect(log.surface.replaceGeneration).toBe(2);
  });

  it('allows a single-node tool/result rewrite that changes only the result content', () => {
    const log = richLogWithLiveTool();
    const target = log.surface.nodes.find((seq) => log.eventAt(seq)!.type === 'tool/result')!;
    const trimmed = toolResultData(3, 1, 't3', 'call-3', '[trimmed]');
    const op = { surfaceOp: { op: 'replace', start: target, end: target } as const, sourceEventSeqs: [target] };
    log.append('tool/result', trimmed, op);
    expect(log.surface.replaceGeneration).toBe(2);
    expect(log.surface.nodes.at(-1)).toBe(log.length - 1);
  });

  it('refuses a tool/result rewrite that changes more than content, spans two nodes, or targets another type', () => {
    const log = richLogWithLiveTool();
    const nodes = log.surface.nodes;
    const tool = nodes.find((seq) => log.eventAt(seq)!.type === 'tool/result')!;
    const op = (start: number, end: number) => ({ surfaceOp: { op: 'replace', start, end } as const, sourceEventSeqs: nodes.filter((s) => s >= start && s <= end) });
    expectRefused(log, 'SURFACE_INVALID', 'tool/result', toolResultData(3, 1, 'other-id', 'call-3', 'x'), op(tool, tool));
    const before = nodes[nodes.indexOf(tool) - 1]!;
    expectRefused(log, 'SURFACE_INVALID', 'tool/result', toolResultData(3, 1, 't3', 'call-3', 'x'), op(before, tool));
    expectRefused(log, 'SURFACE_INVALID', 'tool/result', toolResultData(3, 1, 't3', 'call-3', 'x'), op(before, before));
  });

  it('refuses message shapes that load would refuse', () => {
    const log = richLog();
    expectRefused(log, 'MESSAGE_SHAPE', 'user/message', { role: 'user', content: [], source: { kind: 'user' } }, { surfaceOp: 'append' });
    expectRefused(log, 'MESSAGE_SHAPE', 'user/message', { ...(userMessage('u', 'x') as object), role: 'assistant' }, { surfaceOp: 'append' });
    const noModel = { turn: 3, step: 1, message: { id: 'a', role: 'assistant', content: [], source: { kind: 'model', provider: 'p' } } };
    expectRefused(log, 'MESSAGE_SHAPE', 'assistant/message', noModel, { surfaceOp: 'append' });
    const result = toolResultData(3, 1, 't', 'call-a', 'x');
    const mismatched = { ...result, message: { ...result.message, source: { kind: 'tool', callId: 'call-b' } } };
    expectRefused(log, 'MESSAGE_SHAPE', 'tool/result', mismatched, { surfaceOp: 'append', sourceEventSeqs: [0] });
  });

  it('refuses a request/header without provider/model, with a bad effort or with unbacked adapterDefaults', () => {
    const log = richLog();
    expectRefused(log, 'REQUEST_HEADER_INVALID', 'request/header', headerData('change', { config: { provider: '', model: 'm' } }));
    expectRefused(log, 'REQUEST_HEADER_INVALID', 'request/header', headerData('change', { config: { provider: 'p', model: 'm', reasoningEffort: '' } }));
    expectRefused(log, 'REQUEST_HEADER_INVALID', 'request/header', headerData('change', { config: { provider: 'p', model: 'm' }, adapterDefaults: { maxTokens: true } }));
    expectRefused(log, 'REQUEST_HEADER_INVALID', 'request/header', { ...headerData('change'), reason: 'sometimes' });
  });

  it('refuses an ignorable marker other than true', () => {
    expectRefused(richLog(), 'ENVELOPE_INVALID', 'todo/write', { todos: [] }, { ignorable: false as never });
  });
});

/** The rich log plus a third turn whose tool result is still a current surface node. */
function richLogWithLiveTool(): SessionLog {
  const log = richLog();
  log.append('turn/start', { turn: 3 });
  log.append('step/start', { turn: 3, step: 1 });
  log.append('user/message', userMessage('u3', 'Echo again.'), { surfaceOp: 'append' });
  const call: ContentBlock = { type: 'tool-call', id: 'call-3', name: 'echo', arguments: '{}' };
  log.append('assistant/message', assistantData(3, 1, 'a4', [call]), { surfaceOp: 'append', sourceEventSeqs: [] });
  const callSeq = log.append('tool/call', { turn: 3, step: 1, callId: 'call-3', name: 'echo', arguments: '{}' }).seq;
  log.append('tool/result', toolResultData(3, 1, 't3', 'call-3', 'a long output'), { surfaceOp: 'append', sourceEventSeqs: [callSeq] });
  return log;
}
