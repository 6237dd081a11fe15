import { describe, expect, it } from 'vitest';
import { isKnownEventType } from '../../src/log/event-types.ts';
import { eventsOf, isEvent, isTyped, type EventType } from '../../src/log/index.ts';
import { richLog, emptyLog, userMessage } from '../helpers/log-builder.ts';

describe('the typed event vocabulary', () => {
  it('narrows each event of a rich log to its type, and only to its type', () => {
    const log = richLog();
    const typed = log.events.filter(isTyped);
    expect(typed.length).toBeGreaterThan(0);
    for (const event of typed) {
      expect(isKnownEventType(event.type)).toBe(true);
      expect(isEvent(event, event.type as EventType)).toBe(true);
      expect(isEvent(event, event.type === 'turn/start' ? 'turn/end' : 'turn/start')).toBe(false);
    }
    const results = log.events.filter(eventsOf('tool/result'));
    expect(results.map((e) => e.data.message.source['callId'])).toEqual(['call-1']);
    const headers = log.events.filter(eventsOf('request/header')).map((e) => e.data.reason);
    expect(headers).toEqual(['initial', 'change']);
  });

  it('leaves a type without a payload shape untyped', () => {
    const log = emptyLog();
    const todo = log.append('todo/write', { todos: [] });
    expect(isTyped(todo)).toBe(false);
  });

  it('refuses, at compile time, a payload that does not fit its type', () => {
    const log = emptyLog();
    // Load does not check turn/start payloads (spec §5.2 names only headers and messages): only the types catch this.
    // @ts-expect-error: a turn/start carries {turn}, not a message
    expect(() => log.append('turn/start', userMessage('u', 'x'))).not.toThrow();
    // @ts-expect-error: a tool/result needs turn, step and message
    expect(() => log.append('tool/result', { turn: 1 }, { surfaceOp: 'append', sourceEventSeqs: [0] })).toThrow();
    // The escape hatch is explicit: the log's own checks decide.
    expect(() => log.append<string>('tool/result', { turn: 1 }, { surfaceOp: 'append', sourceEventSeqs: [0] })).toThrow();
  });
});
