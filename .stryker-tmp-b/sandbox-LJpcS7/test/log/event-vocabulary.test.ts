// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { isKnownEventType } from '../../src/log/event-types.ts';
import { eventsOf, isEvent, isTyped } from '../../src/log/index.ts';
import { richLog, emptyLog, userMessage } from '../helpers/log-builder.ts';

describe('the typed event vocabulary', () => {
  it('gives a payload type to exactly the spec types of a rich log, each a type the reader knows', () => {
    const log = richLog();
    const typed = new Set(log.events.filter(isTyped).map((e) => e.type));
    expect([...typed].sort()).toEqual(
      ['assistant/chunk', 'assistant/message', 'compaction/end', 'compaction/start', 'compaction/summary', 'request/header', 'step/end', 'step/start', 'tool/call', 'tool/result', 'turn/end', 'turn/start', 'user/message'],
    );
    for (const type of typed) expect(isKnownEventType(type)).toBe(true);
    // isEvent narrows to one type: the data read through it is that type's payload.
    const results = log.events.filter(eventsOf('tool/result'));
    expect(results.map((e) => e.data.message.source['callId'])).toEqual(['call-1']);
    expect(log.events.filter(eventsOf('request/header')).map((e) => e.data.reason)).toEqual(['initial', 'change']);
    expect(log.events.filter((e) => isEvent(e, 'turn/start')).map((e) => e.data.turn)).toEqual([1, 2]);
  });

  it('leaves a type without a payload shape untyped', () => {
    const log = emptyLog();
    const todo = log.append('todo/write', { todos: [] });
    expect(isTyped(todo)).toBe(false);
  });

  it('refuses, at compile time, a payload that does not fit its type', () => {
    const log = emptyLog();
    // Load does not check turn/start payloads (spec §5.2 names only headers and messages): only the types catch this.
    // : a turn/start carries {turn}, not a message
    expect(() => log.append('turn/start', userMessage('u', 'x'))).not.toThrow();
    // : a tool/result needs turn, step and message
    expect(() => log.append('tool/result', { turn: 1 }, { surfaceOp: 'append', sourceEventSeqs: [0] })).toThrow();
    // The escape hatch is explicit: the log's own checks decide.
    expect(() => log.append<string>('tool/result', { turn: 1 }, { surfaceOp: 'append', sourceEventSeqs: [0] })).toThrow();
  });
});
