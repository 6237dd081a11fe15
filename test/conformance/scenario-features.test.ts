import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { SCENARIO_FEATURES, referenceImplementation, runScenario, scenarioFeatures, withDeclaredFeatures, type Implementation, type Scenario } from '../../src/conformance/index.ts';
import { runSuite } from '../../src/suite/run-suite.ts';
import { loadJsonl } from '../../src/log/index.ts';
import { foldSurface } from '../../src/fold/index.ts';

/** Every feature once: a retried failure, tool outputs, a header change between two steps, a whole reply, a crash, a torn restart, a fork. */
const ALL: Scenario = {
  scenario: 1,
  session: { id: 's', createdAt: 0 },
  clock: { start: 0, step: 1 },
  route: { provider: 'deepseek', model: 'deepseek-chat' },
  defaults: {},
  system: 'sys',
  tools: [{ name: 'run', description: 'Run.', parameters: {} }],
  maxRetries: 1,
  replies: [
    { finish: 'error', error: { message: 'overloaded', code: 'OVERLOADED' } },
    { toolCalls: [{ name: 'run', arguments: '{"a": 1}', output: { content: [{ type: 'text', text: ' x ' }, { type: 'text', text: '' }], isError: true } }] },
    { text: ' whole ', whole: true },
    { text: 'cut short', chunkSize: 2 },
    { text: 'after' },
  ],
  actions: [
    { do: 'prompt', text: 'go', change: { duringRequest: 2, action: { do: 'setSystem', text: 'sys 2' } } },
    { do: 'prompt', text: 'again', crash: { duringRequest: 1 } },
    { do: 'prompt', text: 'last' },
    { do: 'restart', torn: '{"type":"x-torn","seq":1' },
    { do: 'fork', childId: 'forked', afterTurn: 1 },
    { do: 'trim', call: 1, text: 'trimmed' },
    { do: 'prompt', text: 'after the fork' },
    { do: 'compact', keep: 2 },
    { do: 'prompt', text: 'after the compaction' },
  ],
};

describe('the scenario feature sessionPrefix', () => {
  it('plays the session-prefix era: one composition per instance in its headers, entered messages before step/start, injections as context messages that join the next request', async () => {
    const s: Scenario = {
      ...ALL,
      maxRetries: 0,
      replies: [{ toolCalls: [{ name: 'run', arguments: '{}' }] }, { text: 'one' }, { text: 'two' }],
      actions: [{ do: 'prompt', text: 'go', inject: { text: 'late', duringRequest: 1 } }, { do: 'restart' }, { do: 'prompt', text: 'again' }],
      sessionPrefix: [['skills'], ['skills', 'workspace']],
    };
    const run = await runScenario(s);
    const events = loadJsonl(run.jsonl).log.events;
    const headers = events.filter((e) => e.type === 'request/header').map((e) => e.data as { reason: string; header: { messagePrefix?: Array<{ id: string }> } });
    expect(headers.map((h) => [h.reason, h.header.messagePrefix?.map((m) => m.id)])).toEqual([
      ['initial', ['prefix-0-0']],
      ['resume', ['prefix-1-0', 'prefix-1-1']],
    ]);
    expect(run.requests.map((r) => r.messages.map((m) => m.id))).toEqual([
      ['prefix-0-0', 'm-1'],
      // The injection (m-2) came while request 1 was in flight: it joins request 2.
      ['prefix-0-0', 'm-1', 'm-2', 'm-3', 'm-4'],
      ['prefix-1-0', 'prefix-1-1', 'm-1', 'm-2', 'm-3', 'm-4', 'm-5', 'm-6'],
    ]);
    const types = events.map((e) => e.type);
    expect(types.indexOf('user/message')).toBeLessThan(types.indexOf('step/start'));
    expect(types).toContain('context/message');
  });
});

describe('the scenario features', () => {
  it('are all played by the reference, as the contract says', async () => {
    // liveModel talks HTTP: test/properties/observed-wire.test.ts plays it; sessionPrefix is another design, played below.
    expect([...scenarioFeatures(ALL)].sort()).toEqual(SCENARIO_FEATURES.filter((f) => f !== 'liveModel' && f !== 'sessionPrefix').sort());
    const run = await runScenario(ALL);
    // fork: the parent as it stood at the fork is reported; the run goes on over the child, cut after turn 1.
    expect(run.forks?.map((f) => f.requests)).toEqual([5]);
    const parent = loadJsonl(run.forks![0]!.jsonl).log;
    const child = loadJsonl(run.jsonl).log;
    expect(run.forks![0]!.boundary).toBe(parent.events.findIndex((e) => e.type === 'turn/end') + 1);
    expect(child.header).toMatchObject({ id: 'forked', parentSession: ALL.session.id, seedLength: run.forks![0]!.boundary });
    expect(run.requests.at(-1)!.sessionId).toBe('forked');
    expect(run.requests.at(-1)!.messages.map((m) => (m.content[0] as { text?: string }).text)).not.toContain('again');
    const events = parent.events;
    const of = (type: string) => events.filter((e) => e.type === type);
    // retries: the failed attempt is logged and retried in the same step.
    expect(of('llm/retry').map((e) => e.data)).toMatchObject([{ turn: 1, step: 1, retry: 1, maxRetries: 1, failure: { code: 'OVERLOADED' } }]);
    // toolOutputs: the scripted blocks, as an error result.
    const result = of('tool/result')[0]!.data as { message: { content: Array<{ content: unknown; isError: boolean }> } };
    expect(result.message.content[0]).toMatchObject({ content: [{ type: 'text', text: ' x ' }, { type: 'text', text: '' }], isError: true });
    // headerChangeMidTurn: step 2 of turn 1 carries the new system prompt, logged as a change.
    expect(of('request/header').map((e) => [(e.data as { reason: string }).reason, (e.data as { header: { system?: string } }).header.system])).toEqual([
      ['initial', 'sys'],
      ['change', 'sys 2'],
      ['resume', 'sys 2'],
    ]);
    // wholeReplies: the message cites no chunk, and none was logged in its step.
    const whole = of('assistant/message').find((e) => JSON.stringify(e.data).includes(' whole '))!;
    expect(whole.sourceEventSeqs).toEqual([]);
    expect(events.some((e) => e.type === 'assistant/chunk' && (e.data as { step: number; turn: number }).turn === 1 && (e.data as { step: number }).step === 2)).toBe(false);
    // restartMidTurn: the first chunk persisted, the turn was repaired, a new instance went on.
    const repaired = events.findIndex((e) => e.type === 'turn/end' && (e.data as { reason: { kind: string } }).reason.kind === 'interrupted');
    expect(events[repaired - 1]!.type).toBe('step/end');
    expect(events[repaired - 2]!.data).toMatchObject({ turn: 2, chunk: { type: 'block-start' } });
    expect(events[repaired + 1]!.type).toBe('session/end-seed');
    expect(run.requests).toHaveLength(7);
    // tornRestart: the new instance cut the torn bytes and appended after the last whole line.
    expect(run.forks![0]!.jsonl).not.toContain('x-torn');
    expect(events.at(-1)!.type).toBe('session/end-seed');
    expect((run.requests[4]!.messages.at(-1)!.content[0] as { text: string }).text).toBe('last');
    expect((run.requests[5]!.messages.at(-1)!.content[0] as { text: string }).text).toBe('after the fork');
    // compactKeep: the compaction shadows all but the last two surface nodes; trim: the first call's result is replaced, as one node, at the next turn.
    const summary = child.events.find((e) => e.type === 'compaction/summary')!;
    const before = foldSurface(child.events.filter((e) => e.seq < summary.seq));
    expect((summary.data as { shadowedSeqs: number[] }).shadowedSeqs).toEqual(before.slice(0, -2));
    const trimmed = child.events.find((e) => e.type === 'tool/result' && typeof e.surfaceOp === 'object');
    // The whole result as first logged, its content the trim's text alone; the replace shadows that one node.
    const original = child.events.find((e) => e.type === 'tool/result' && e.surfaceOp === 'append')!;
    const data = original.data as { message: { content: [{ content: unknown }] } };
    const { message } = data;
    expect(trimmed).toMatchObject({ sourceEventSeqs: [original.seq], surfaceOp: { op: 'replace', start: original.seq, end: original.seq } });
    expect(trimmed!.data).toEqual({ ...data, message: { ...message, content: [{ ...message.content[0], content: [{ type: 'text', text: 'trimmed' }] }] } });
    expect(child.events[trimmed!.seq - 1]!.type).toBe('compaction/prune');
  });

  it('repairs a turn whose process stopped while a tool ran: the running call and the unstarted one get synthetic results', async () => {
    const s: Scenario = {
      ...ALL,
      maxRetries: 0,
      replies: [{ toolCalls: [{ name: 'run', arguments: '{}' }, { name: 'run', arguments: '{"b":2}' }] }, { text: 'after' }],
      actions: [
        { do: 'prompt', text: 'go', crash: { duringRequest: 1, inTool: true } },
        { do: 'prompt', text: 'next' },
      ],
    };
    const events = loadJsonl((await runScenario(s)).jsonl).log.events;
    const results = events.filter((e) => e.type === 'tool/result').map((e) => (e.data as { error?: { code: string } }).error?.code);
    expect(results).toEqual(['TOOL_OUTCOME_UNKNOWN', 'TOOL_NOT_STARTED']);
    expect(events.filter((e) => e.type === 'tool/call')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'session/end-seed')).toHaveLength(1);
  });

  it('are taken out, keeping the rest of the case, for an implementation that did not declare them', () => {
    const none = withDeclaredFeatures(ALL, undefined);
    expect(scenarioFeatures(none).size).toBe(0);
    // A fork is left out: the rest is the scenario as it was drawn before its forks.
    expect(none.actions).toEqual([{ do: 'prompt', text: 'go' }, { do: 'setSystem', text: 'sys 2' }, { do: 'prompt', text: 'again' }, { do: 'prompt', text: 'last' }, { do: 'restart' }, { do: 'prompt', text: 'after the fork' }, { do: 'compact' }, { do: 'prompt', text: 'after the compaction' }]);
    expect(none.replies[1]!.toolCalls).toEqual([{ name: 'run', arguments: '{"a": 1}' }]);
    const some = withDeclaredFeatures(ALL, ['retries', 'wholeReplies', 'unknown-feature']);
    expect([...scenarioFeatures(some)].sort()).toEqual(['retries', 'wholeReplies']);
    expect(withDeclaredFeatures(ALL, SCENARIO_FEATURES)).toBe(ALL);
  });

  it('never reach an adapter that declared none: the loop properties pass it on the rest of each case', async () => {
    const reference = referenceImplementation();
    const { scenarioFeatures: _all, ...info } = reference.info;
    const seen: string[] = [];
    const old: Implementation = {
      ...reference,
      info,
      run: async (s) => {
        seen.push(...scenarioFeatures(s));
        return reference.run(s);
      },
    };
    const result = await runSuite(old, PROPERTIES, { runs: 30, seed: 5, only: PROPERTIES.filter((p) => p.levels.includes('loop') && p.scenarioFeatures === undefined).map((p) => p.id) });
    expect(result.properties.filter((p) => p.status !== 'pass').map((p) => `${p.id}: ${p.counterexample?.message}`)).toEqual([]);
    expect(seen).toEqual([]);
  });
});
