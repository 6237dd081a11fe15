/** fork (spec §7.5, DSH's fork.spec.ts): the child inherits the parent's events up to a boundary. */
import { describe, expect, it } from 'vitest';
import { deriveMessagesFresh, foldRequestHeader } from '../../src/fold/index.ts';
import { fork, loadJsonl, saveJsonl, type SessionLog } from '../../src/log/index.ts';
import { refusalCode } from '../helpers/refusal.ts';
import { emptyLog, richLog, tickingClock } from '../helpers/log-builder.ts';

const at = { createdAt: 1_800_000_000_000 };
const code = refusalCode;
const typesOf = (log: SessionLog) => log.events.map((e) => e.type);

describe('fork', () => {
  it('takes the whole log by default, log-only tail events included, and ends the seed once', () => {
    const parent = richLog();
    parent.append('session/title', { title: 'greeting' });
    const child = fork(parent, { childId: 'child', ...at });
    expect(child.events.slice(0, parent.length)).toEqual(parent.events);
    expect(typesOf(child).at(-1)).toBe('session/end-seed');
    expect(typesOf(child).at(-2)).toBe('session/title');
    expect(child.header).toMatchObject({ id: 'child', parentSession: parent.header.id, seedLength: parent.length, createdAt: at.createdAt });
    // A seed that already ends with its marker gets no second one.
    const again = fork(child, { childId: 'grandchild', ...at });
    expect(again.length).toBe(child.length);
  });

  it('derives at its first step what the parent derives at the boundary, and folds the same header', () => {
    const parent = richLog();
    for (const boundary of [0, 16, parent.length]) {
      const child = fork(parent, { childId: `child-${boundary}`, boundary, ...at });
      expect(deriveMessagesFresh(child.events)).toEqual(deriveMessagesFresh(parent.events.slice(0, boundary)));
      expect(foldRequestHeader(child.events)).toEqual(foldRequestHeader(parent.events.slice(0, boundary)));
    }
  });

  it('forks an empty log, or at 0, to a child holding only its end-seed', () => {
    expect(typesOf(fork(emptyLog(), { childId: 'c', ...at }))).toEqual(['session/end-seed']);
    expect(typesOf(fork(richLog(), { childId: 'c', boundary: 0, ...at }))).toEqual(['session/end-seed']);
  });

  it('takes every turn/end reason as a boundary, and an earlier boundary while the parent has an open turn after it', () => {
    for (const reason of [{ kind: 'completed' }, { kind: 'aborted', reason: { kind: 'user' } }, { kind: 'blocked' }, { kind: 'max-tokens' }, { kind: 'interrupted' }, { kind: 'error', error: { message: 'm', code: 'E' } }] as const) {
      const parent = emptyLog();
      parent.append('turn/start', { turn: 1 });
      parent.append('turn/end', { turn: 1, reason });
      parent.append('turn/start', { turn: 2 });
      expect(fork(parent, { childId: 'c', boundary: 2, ...at }).length, reason.kind).toBe(3);
      expect(code(() => fork(parent, { childId: 'c', ...at })), reason.kind).toBe('OPEN_TURN');
    }
  });

  it('inherits an open compaction bracket, before the end-seed', () => {
    const parent = richLog();
    const open = parent.events.findIndex((e) => e.type === 'compaction/start');
    // Turn 2 is open at the bracket, so the boundary is the parent of a log whose bracket opens between turns.
    const between = emptyLog();
    between.append('compaction/start', { compactionId: 'c9', turn: null });
    const child = fork(between, { childId: 'c', ...at });
    expect(typesOf(child)).toEqual(['compaction/start', 'session/end-seed']);
    expect(code(() => fork(parent, { childId: 'c', boundary: open + 1, ...at }))).toBe('OPEN_TURN');
  });

  it('refuses a boundary that is not an event count, a boundary inside an open turn, and a taken id, leaving nothing written', () => {
    const parent = richLog();
    const before = saveJsonl(parent);
    for (const boundary of [-1, parent.length + 1, 1.5, Number.NaN]) expect(code(() => fork(parent, { childId: 'c', boundary, ...at })), String(boundary)).toBe('INVALID_BOUNDARY');
    expect(code(() => fork(parent, { childId: 'c', boundary: 3, ...at }))).toBe('OPEN_TURN');
    expect(code(() => fork(parent, { childId: parent.header.id, ...at }))).toBe('SESSION_ALREADY_EXISTS');
    expect(code(() => fork(parent, { childId: 'sibling', existingIds: new Set(['sibling']), ...at }))).toBe('SESSION_ALREADY_EXISTS');
    expect(code(() => fork(parent, { childId: '', ...at }))).toBe('SESSION_HEADER_INVALID');
    expect(saveJsonl(parent)).toBe(before);
  });

  it('writes a child that loads back to itself, and appends with its own clock', () => {
    const child = fork(richLog(), { childId: 'child', ...at, log: { clock: tickingClock(1_900_000_000_000) } });
    expect(loadJsonl(saveJsonl(child)).log.events).toEqual(child.events);
    expect(child.events.at(-1)!.time).toBe(1_900_000_000_000);
  });
});
