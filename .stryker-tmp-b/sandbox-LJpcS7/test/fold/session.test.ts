// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { Session, deriveEventMessage, deriveMessagesFresh, foldSurface } from '../../src/fold/index.ts';
import { SessionLog, loadJsonl, type SessionEvent } from '../../src/log/index.ts';
import { REFUSED_DSH_LOG, dshLogs } from '../helpers/corpora.ts';
import { richLog, userMessage } from '../helpers/log-builder.ts';

/** Grows a log event by event and checks the live cached fold against a fresh fold at every prefix. */
function expectCachedEqualsFreshAtEveryPrefix(source: SessionLog): void {
  const grown = SessionLog.fromEvents(source.header, []);
  const session = new Session(grown);
  const events = source.events;
  for (let n = 0; n <= events.length; n++) {
    const cached = session.deriveMessages();
    const fresh = deriveMessagesFresh(events.slice(0, n));
    expect(JSON.stringify(cached), `prefix of ${n} events`).toBe(JSON.stringify(fresh));
    if (n < events.length) grown.adopt(events[n]!);
  }
}

describe('Session.deriveMessages (spec §3.2)', () => {
  it('equals a fresh fold at every prefix of the rich log (appends, a tool pair, a replace)', () => {
    expectCachedEqualsFreshAtEveryPrefix(richLog());
  });

  it('equals a fresh fold at every prefix of every real DSH log', () => {
    let prefixes = 0;
    for (const [name, text] of dshLogs()) {
      if (name === REFUSED_DSH_LOG) continue;
      const { log } = loadJsonl(text);
      expectCachedEqualsFreshAtEveryPrefix(log);
      prefixes += log.length + 1;
    }
    expect(prefixes).toBeGreaterThan(3000);
  });

  it('projects each node once, and rebuilds only when a replace changes the generation', () => {
    const log = richLog();
    const session = new Session(log);
    session.deriveMessages();
    expect(session.counters).toMatchObject({ nodesProjected: log.surface.size, rebuilds: 1 });
    session.deriveMessages();
    expect(session.counters.nodesProjected).toBe(log.surface.size);
    log.append('user/message', userMessage('u9', 'more'), { surfaceOp: 'append' });
    session.deriveMessages();
    expect(session.counters).toMatchObject({ nodesProjected: log.surface.size, rebuilds: 1 });
    const [first] = log.surface.nodes as [number];
    log.append('user/message', userMessage('r9', 'rewritten'), { surfaceOp: { op: 'replace', start: first, end: first }, sourceEventSeqs: [first] });
    const after = session.deriveMessages();
    expect(session.counters).toMatchObject({ nodesProjected: 2 * log.surface.size, rebuilds: 2 });
    expect(after[0]!.id).toBe('r9');
  });

  it('returns a fresh array over shared, deep-frozen messages', () => {
    const session = new Session(richLog());
    const a = session.deriveMessages();
    const b = session.deriveMessages();
    expect(a).not.toBe(b);
    expect(a[0]).toBe(b[0]);
    a.reverse();
    expect(session.deriveMessages()[0]).toBe(b[0]);
    const message = b[0]!;
    expect(() => (message.content as unknown[]).push({ type: 'text', text: 'x' })).toThrow(TypeError);
    expect(() => {
      (message as { id: string }).id = 'changed';
    }).toThrow(TypeError);
  });

  it('a held array does not grow when the log does', () => {
    const log = richLog();
    const held = new Session(log).deriveMessages();
    const length = held.length;
    log.append('user/message', userMessage('u9', 'more'), { surfaceOp: 'append' });
    expect(held).toHaveLength(length);
  });
});

describe('deriveEventMessage (spec §3.1)', () => {
  it('returns the event’s own message object, and null for log-only events and empty assistant messages', () => {
    const log = richLog();
    for (const event of log.events) {
      const message = deriveEventMessage(event);
      if (event.type === 'user/message') expect(message).toBe(event.data);
      else if (event.type === 'tool/result' || event.type === 'assistant/message') expect(message).toBe((event.data as { message: object }).message);
      else expect(message).toBeNull();
    }
    const empty = { type: 'assistant/message', seq: 0, time: 0, data: { turn: 1, step: 1, message: { id: 'a', role: 'assistant', content: [], source: { kind: 'model' } } } };
    expect(deriveEventMessage(empty as unknown as SessionEvent)).toBeNull();
  });

  it('foldSurface over a whole log equals the live surface', () => {
    const log = richLog();
    expect(foldSurface(log.events)).toEqual(log.surface.nodes);
  });
});
