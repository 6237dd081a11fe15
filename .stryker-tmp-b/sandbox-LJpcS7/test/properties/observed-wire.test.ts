// @ts-nocheck
import { Agent } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { LOOP_WIRE_OBSERVED } from '../../properties/observed-wire.ts';
import { FALLBACK_REPLY, hasLevels, referenceImplementation, runScenario, type ImplementationAt, type Scenario } from '../../src/conformance/index.ts';
import { dshImplementation } from '../../src/conformance/dsh/dsh-implementation.ts';
import { dispatcherFetch, startProxy, startScriptedUpstream } from '../../src/http/index.ts';
import { runSuite } from '../../src/suite/run-suite.ts';

/** A tool call, reasoning, a compaction (a one-shot on the wire) and a restart. */
const SCENARIO: Scenario = {
  scenario: 1,
  session: { id: 'live', createdAt: 1_700_000_000_000 },
  clock: { start: 1_700_000_000_000, step: 1 },
  route: { provider: 'deepseek', model: 'deepseek-chat' },
  defaults: {},
  system: 'You are terse.',
  tools: [{ name: 'read', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } } } }],
  replies: [
    { reasoning: 'look first', toolCalls: [{ name: 'read', arguments: '{"path":"a.txt"}' }], usage: { inputTokens: 10, outputTokens: 3 } },
    { text: 'It says "é\\n".', chunkSize: 3 },
    { text: 'summary of the talk' },
    { text: 'after' },
  ],
  actions: [{ do: 'prompt', text: 'read a.txt' }, { do: 'compact' }, { do: 'restart' }, { do: 'prompt', text: 'and then?' }],
};

/** Plays the scenario live, through a proxy in front of the scripted upstream: what the loop reported, and what went out. */
async function live(impl: ImplementationAt<'loop'>, s: Scenario) {
  const upstream = await startScriptedUpstream(s.replies, FALLBACK_REPLY);
  const agent = new Agent();
  const proxy = await startProxy({ provider: 'deepseek', upstream: upstream.url, fetch: dispatcherFetch(agent) });
  try {
    const run = await impl.run({ ...s, model: { baseUrl: proxy.url } });
    if (!run.ok) throw new Error(run.code);
    return { run: run.value, observed: proxy.cassette().interactions.map((i) => i.request!.body) };
  } finally {
    await proxy.close();
    await agent.close();
    await upstream.close();
  }
}

describe('scenario feature liveModel', () => {
  it('the reference sends over HTTP what it reports, and asks what a scripted run asks', async () => {
    const { run, observed } = await live(referenceImplementation(), SCENARIO);
    const scripted = await runScenario(SCENARIO);
    expect(run.requests).toEqual(scripted.requests);
    expect(run.wire.map((w) => w.url)).toEqual(run.wire.map(() => expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/chat\/completions$/)));
    // Three loop requests and the compaction's one-shot, in the order sent.
    expect(observed).toHaveLength(4);
    expect(observed.filter((body) => run.wire.some((w) => w.body === body))).toHaveLength(3);
  });

  it('LOOP-WIRE-OBSERVED passes the reference on generated scenarios, and is n/a without the feature', async () => {
    const reference = referenceImplementation();
    const result = await runSuite(reference, PROPERTIES, { runs: 20, seed: 11, only: [LOOP_WIRE_OBSERVED.id] });
    expect(result.properties.map((p) => [p.status, p.counterexample?.message])).toEqual([['pass', undefined]]);
    const { scenarioFeatures: _f, ...info } = reference.info;
    const without = await runSuite({ ...reference, info }, PROPERTIES, { runs: 5, seed: 11, only: [LOOP_WIRE_OBSERVED.id] });
    expect(without.properties.map((p) => [p.status, p.reason])).toEqual([['n/a', 'needs the scenario feature liveModel']]);
  });

  describe('DSH', () => {
    let dsh: ImplementationAt<'loop' | 'wire'>;
    beforeAll(async () => {
      const opened = await dshImplementation('dsh', process.cwd());
      if (!hasLevels(opened, ['loop', 'wire'])) throw new Error(`the installed DSH lacks the loop or wire level: ${opened.info.levels.join(', ')}`);
      dsh = opened;
    });

    it('runs its DeepSeekAdapter over HTTP to the base URL: every request goes out, one-shot included', async () => {
      expect(dsh.info.scenarioFeatures).toContain('liveModel');
      const { run, observed } = await live(dsh, SCENARIO);
      expect(observed.length).toBeGreaterThan(run.wire.length);
      expect(run.wire.every((w) => observed.includes(w.body))).toBe(true);
      await expect(LOOP_WIRE_OBSERVED.check(dsh, SCENARIO)).resolves.toBeUndefined();
    });

    it('passes LOOP-WIRE-OBSERVED on generated scenarios', async () => {
      const result = await runSuite(dsh, PROPERTIES, { runs: 10, seed: 3, only: [LOOP_WIRE_OBSERVED.id] });
      expect(result.properties.map((p) => [p.status, p.counterexample?.message])).toEqual([['pass', undefined]]);
    });
  });
});
