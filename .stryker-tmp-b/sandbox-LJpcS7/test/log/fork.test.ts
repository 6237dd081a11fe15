/** fork (spec §7.5, DSH's fork.spec.ts): the child inherits the parent's events up to a boundary. */
// @ts-nocheck

import { describe, expect, it } from 'vitest';
import { LOOP_PROPERTIES } from '../../properties/loop.ts';
import { forkingScenario, linearScenario, scenario } from '../../properties/arbitraries/scenario.ts';
import { deriveMessagesFresh, foldRequestHeader } from '../../src/fold/index.ts';
import { fork, loadJsonl, saveJsonl, type SessionLog } from '../../src/log/index.ts';
import { findMutant } from '../../src/conformance/mutants/catalog.ts';
import { referenceImplementation, withDeclaredFeatures, type Implementation, type Scenario } from '../../src/conformance/index.ts';
import { generateCases, notApplicable, runSuite } from '../../src/suite/run-suite.ts';
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

/** Two turns, then a fork after the first with a new system prompt, then a turn of the child's own. */
const FORKING: Scenario = {
  scenario: 1,
  session: { id: 's', createdAt: 1 },
  clock: { start: 10, step: 1 },
  route: { provider: 'deepseek', model: 'deepseek-chat' },
  defaults: {},
  system: 'one',
  tools: [],
  replies: [],
  actions: [{ do: 'prompt', text: 'a' }, { do: 'prompt', text: 'b' }, { do: 'fork', childId: 's-child', afterTurn: 1, system: 'two' }, { do: 'prompt', text: 'c' }],
};

const run = async (s: Scenario, impl: Implementation = referenceImplementation()) => {
  const outcome = await impl.run!(s);
  if (!outcome.ok) throw new Error(outcome.code);
  return outcome.value;
};

const texts = (messages: readonly { content: readonly { type: string; text?: string }[] }[]) => messages.map((m) => m.content.map((b) => b.text ?? `<${b.type}>`).join(''));
const FORK_ALIGNED = LOOP_PROPERTIES.filter((p) => p.id === 'LOOP-FORK-ALIGNED');

describe('the scenario step fork', () => {
  it('goes on over the child, cut after the turn it names, reports the parent as it stood, and logs the override as the child’s resume snapshot', async () => {
    const { forks, jsonl, requests } = await run(FORKING);
    expect(forks).toHaveLength(1);
    const parent = loadJsonl(forks![0]!.jsonl).log;
    const child = loadJsonl(jsonl).log;
    const boundary = forks![0]!.boundary;
    expect(boundary).toBe(parent.events.findIndex((e) => e.type === 'turn/end') + 1);
    expect(child.header).toMatchObject({ id: 's-child', parentSession: 's', seedLength: boundary });
    expect(child.events.slice(0, boundary)).toEqual(parent.events.slice(0, boundary));
    expect(child.events[boundary]!.type).toBe('session/end-seed');
    expect(forks![0]!.requests).toBe(2);
    // Turn 2 of the parent is not the child's: its prompt is gone, and the child's turn is numbered after the seed.
    expect(requests.map((r) => [r.sessionId, r.system, texts(r.messages)])).toEqual([
      ['s', 'one', ['a']],
      ['s', 'one', ['a', 'done', 'b']],
      ['s-child', 'two', ['a', 'done', 'c']],
    ]);
    const own = child.events.slice(boundary);
    expect(own.filter((e) => e.type === 'request/header').map((e) => (e.data as { reason: string }).reason)).toEqual(['resume']);
    expect(own.find((e) => e.type === 'turn/start')!.data).toEqual({ turn: 2 });
  });

  it('forks the whole log without afterTurn, log-only tail included, and forks a child again', async () => {
    const s: Scenario = { ...FORKING, actions: [{ do: 'prompt', text: 'a' }, { do: 'fork', childId: 'c1' }, { do: 'prompt', text: 'b' }, { do: 'fork', childId: 'c2', route: { provider: 'deepseek', model: 'deepseek-reasoner' } }, { do: 'prompt', text: 'c' }] };
    const { forks, jsonl, requests } = await run(s);
    expect(forks!.map((f) => [loadJsonl(f.jsonl).log.header.id, f.boundary === loadJsonl(f.jsonl).log.length, f.requests])).toEqual([
      ['s', true, 1],
      ['c1', true, 2],
    ]);
    expect(loadJsonl(jsonl).log.header).toMatchObject({ id: 'c2', parentSession: 'c1' });
    expect(requests.map((r) => [r.sessionId, r.model, texts(r.messages)])).toEqual([
      ['s', 'deepseek-chat', ['a']],
      ['c1', 'deepseek-chat', ['a', 'done', 'b']],
      ['c2', 'deepseek-reasoner', ['a', 'done', 'b', 'done', 'c']],
    ]);
  });

  it('is left out for a loop that does not declare the feature, and LOOP-FORK-ALIGNED is n/a there', () => {
    expect(withDeclaredFeatures(FORKING, []).actions).toEqual([{ do: 'prompt', text: 'a' }, { do: 'prompt', text: 'b' }, { do: 'prompt', text: 'c' }]);
    const info = { ...referenceImplementation().info, scenarioFeatures: [] };
    expect(notApplicable(info, FORK_ALIGNED[0]!)).toBe('needs the scenario feature fork');
  });

  it('is drawn on a stream of its own: the scenarios that do not fork are those drawn before forks existed, seed for seed', () => {
    const forked = [...generateCases({ arbitrary: scenario }, 17, 120)].map((c) => c.generate());
    const linear = [...generateCases({ arbitrary: linearScenario }, 17, 120)].map((c) => c.generate());
    const withFork = forked.filter((s) => s.actions.some((a) => a.do === 'fork')).length;
    expect(withFork).toBeGreaterThan(20);
    expect(withFork).toBeLessThan(70);
    expect(forked.map((s) => ({ ...s, actions: s.actions.filter((a) => a.do !== 'fork') }))).toEqual(linear);
    const always = [...generateCases({ arbitrary: forkingScenario }, 17, 30)].map((c) => c.generate());
    expect(always.every((s) => s.actions.some((a) => a.do === 'fork') && s.actions.at(-1)!.do === 'prompt')).toBe(true);
  });

  it('lets the loop properties see every log of a run: each passes on the reference over forking scenarios', async () => {
    const forkingOnly = LOOP_PROPERTIES.map((p) => ({ ...p, arbitrary: forkingScenario }));
    const result = await runSuite(referenceImplementation(), forkingOnly, { runs: 20, seed: 4 });
    expect(result.properties.filter((p) => p.status !== 'pass').map((p) => `${p.id}: ${p.counterexample?.message}`)).toEqual([]);
  });

  it('catches a loop that drops the fork override and a fold that windows a child at its seed', async () => {
    for (const name of ['fork-override-dropped', 'fold-windows-at-seed']) {
      const result = await runSuite(await findMutant(name).open(), FORK_ALIGNED, { runs: 20, seed: 4, shrink: false });
      expect(result.properties[0]!.status, name).toBe('fail');
    }
    const dropped = await run(FORKING, await findMutant('fork-override-dropped').open());
    expect(dropped.requests.at(-1)!.system).toBe('one');
  });
});
