// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/audit/index.ts';
import { reconstructRequest } from '../../src/fold/index.ts';
import { SessionLog, loadJsonl, newSessionHeader, saveJsonl, type RequestHeaderData } from '../../src/log/index.ts';
import { AgentLoop, ScriptedModel, ToolRegistry, counterIds, type ScriptedReply, type SentRequest } from '../../src/loop/index.ts';
import { serializeDeepSeekRequest } from '../../src/wire/index.ts';
import { tickingClock } from '../helpers/log-builder.ts';

const echo = {
  spec: { name: 'echo', description: 'Echo the text argument.', parameters: { type: 'object', properties: { text: { type: 'string' } } } },
  run: (args: string) => ({ content: [{ type: 'text' as const, text: (JSON.parse(args) as { text: string }).text }] }),
};

const CONFIG = { provider: 'deepseek', model: 'deepseek-chat' };
const DEFAULTS = { maxTokens: 8192, reasoningEffort: 'high' };

function model(replies: ScriptedReply[]) {
  return new ScriptedModel({ defaults: DEFAULTS, replies });
}

function newLoop(log: SessionLog, replies: ScriptedReply[], overrides: { system?: string; config?: typeof CONFIG & { maxTokens?: number } } = {}) {
  return new AgentLoop({
    log,
    model: model(replies),
    config: overrides.config ?? CONFIG,
    system: overrides.system ?? 'You are a careful agent.',
    tools: new ToolRegistry([echo]),
    ids: counterIds(`m${log.length}`),
  });
}

/** Every sent request equals the request rebuilt from a fresh fold of the final log, in JSON and on the wire. */
function expectReconstructable(log: SessionLog, sent: readonly SentRequest[]): void {
  const text = saveJsonl(log);
  const reloaded = loadJsonl(text).log;
  for (const s of sent) {
    const rebuilt = reconstructRequest(reloaded.events, s.boundarySeq, reloaded.header.id)!;
    expect(JSON.stringify(s.request)).toBe(JSON.stringify(rebuilt));
    expect(s.wire.body).toBe(serializeDeepSeekRequest(rebuilt).body);
    expect(Object.isFrozen(s.request) && Object.isFrozen(s.request.messages)).toBe(true);
  }
}

function headerReasons(log: SessionLog): string[] {
  return log.events.filter((e) => e.type === 'request/header').map((e) => (e.data as unknown as RequestHeaderData).reason);
}

describe('the reference loop', () => {
  it('runs a three-step tool turn, a second turn, a system change, resumes with and without drift, and compacts', async () => {
    const log = SessionLog.create(newSessionHeader('loop-session', 0), { clock: tickingClock() });
    const sent: SentRequest[] = [];

    // Instance 1: a three-step tool turn, then a second turn, then a real system change.
    const first = newLoop(log, [
      { reasoning: 'Use the tool.', toolCalls: [{ name: 'echo', arguments: '{"text":"one"}' }], usage: { inputTokens: 300, outputTokens: 20 }, chunkSize: 4 },
      { toolCalls: [{ name: 'echo', arguments: '{"text":"two"}' }] },
      { text: 'Both echoed.' },
      { text: 'Second turn answered.' },
      { text: 'Answered under the new prompt.' },
      { text: 'Same prompt again.' },
    ]);
    first.followup('Echo one, then two.');
    await first.runUntilIdle();
    expect(first.sent.map((s) => `${s.turn}.${s.step}`)).toEqual(['1.1', '1.2', '1.3']);
    first.followup('And a second turn.');
    await first.runUntilIdle();
    first.system = 'You are a careful agent. Answer in one line.';
    first.followup('Now with a new prompt.');
    await first.runUntilIdle();
    // Re-rendering the same prompt is not a change.
    first.system = () => 'You are a careful agent. ' + 'Answer in one line.';
    first.followup('Same prompt.');
    await first.runUntilIdle();
    sent.push(...first.sent);
    expect(headerReasons(log)).toEqual(['initial', 'change']);

    // Instance 2: a resume over the persisted log without drift stays cache-aligned.
    const resumed = loadJsonl(saveJsonl(log), { clock: tickingClock(2_000_000_000_000) }).log;
    const second = newLoop(resumed, [{ text: 'Resumed.' }], { system: 'You are a careful agent. Answer in one line.' });
    second.followup('After a restart.');
    await second.runUntilIdle();
    sent.push(...second.sent);
    const beforeResume = sent[sent.length - 2]!.request;
    const afterResume = sent[sent.length - 1]!.request;
    expect(afterResume.messages.slice(0, beforeResume.messages.length)).toEqual(beforeResume.messages);
    expect(afterResume.system).toBe(beforeResume.system);
    expect(headerReasons(resumed)).toEqual(['initial', 'change', 'resume']);

    // Instance 3: a resume with drift (another model and a capped maxTokens) logs the drift.
    const drifted = loadJsonl(saveJsonl(resumed), { clock: tickingClock(3_000_000_000_000) }).log;
    const third = newLoop(drifted, [{ text: 'Drifted.' }, { text: 'A summary of everything.' }, { text: 'After compaction.' }], {
      system: 'You are a careful agent. Answer in one line.',
      config: { provider: 'deepseek', model: 'deepseek-reasoner', maxTokens: 1024 },
    });
    third.followup('On another model.');
    await third.runUntilIdle();
    const resumeHeaders = drifted.events.filter((e) => e.type === 'request/header').map((e) => (e.data as unknown as RequestHeaderData).header);
    expect(resumeHeaders.at(-1)!.config).toEqual({ provider: 'deepseek', model: 'deepseek-reasoner', maxTokens: 1024, reasoningEffort: 'high' });
    expect(resumeHeaders.at(-1)!.adapterDefaults).toEqual({ reasoningEffort: true });

    // A compaction: a one-shot that logs its envelope, then a replace; no header for it.
    await third.compact({ keep: 0 });
    third.followup('After compaction.');
    await third.runUntilIdle();
    sent.push(...third.sent);
    expect(third.oneShots).toHaveLength(1);
    expect(third.isLoopRequest(third.oneShots[0]!.request)).toBe(false);
    const summary = drifted.events.find((e) => e.type === 'compaction/summary')!.data as Record<string, unknown>;
    expect(summary).toMatchObject({ provider: 'deepseek', model: 'deepseek-reasoner', maxTokens: 1024 });
    const last = sent.at(-1)!.request;
    expect(last.messages[0]!.source).toMatchObject({ kind: 'plugin', plugin: 'compact' });
    expect(last.messages.map((m) => m.role)).toEqual(['user', 'user']);

    // One header per loop instance plus one per real change.
    expect(headerReasons(drifted)).toEqual(['initial', 'change', 'resume', 'resume']);
    expect(sent).toHaveLength(9);
    expectReconstructable(drifted, sent);

    // Every prefix break is preceded by the logged event that explains it.
    const audit = auditLog(saveJsonl(drifted), 'loop.jsonl');
    if (!audit.ok) throw new Error(audit.message);
    expect(audit.requests).toBe(9);
    expect(audit.breaks.map((b) => `${b.turn}.${b.step} ${b.part}: ${b.cause}`)).toEqual(['3.1 system: change', '6.1 model: resume', '7.1 messages: replace']);
    expect(audit.unreconstructable).toEqual([]);
  });

  it('keeps an explicit effort across a resume on the same route, and lets the route default it on another', async () => {
    const log = SessionLog.create(newSessionHeader('effort', 0), { clock: tickingClock() });
    const loop = new AgentLoop({
      log,
      model: model([{ text: 'a' }, { text: 'b' }]),
      config: CONFIG,
      ids: counterIds('e'),
      requestHook: (_at, proposed) => ({ ...proposed, reasoningEffort: 'max' }),
    });
    loop.followup('go');
    await loop.runUntilIdle();
    loop.followup('again');
    await loop.runUntilIdle();
    expect(headerReasons(log)).toEqual(['initial']);
    expect(loop.sent.map((s) => s.request.reasoningEffort)).toEqual(['max', 'max']);

    const same = new AgentLoop({ log: loadJsonl(saveJsonl(log)).log, model: model([{ text: 'c' }]), config: CONFIG, ids: counterIds('f') });
    same.followup('resumed');
    await same.runUntilIdle();
    expect(same.sent[0]!.request.reasoningEffort).toBe('max');
    const other = new AgentLoop({ log: loadJsonl(saveJsonl(log)).log, model: model([{ text: 'c' }]), config: { ...CONFIG, model: 'deepseek-reasoner' }, ids: counterIds('g') });
    other.followup('resumed');
    await other.runUntilIdle();
    expect(other.sent[0]!.request.reasoningEffort).toBe('high');
    expect(other.sent[0]!.request.model).toBe('deepseek-reasoner');
    const otherHeader = other.log.events.findLast((e) => e.type === 'request/header')!.data as unknown as RequestHeaderData;
    expect(otherHeader).toMatchObject({ reason: 'resume', header: { adapterDefaults: { reasoningEffort: true } } });
  });

  it('lets an inject during a request join the next request, never the current one', async () => {
    const log = SessionLog.create(newSessionHeader('inject', 0), { clock: tickingClock() });
    let loop: AgentLoop;
    loop = new AgentLoop({
      log,
      model: model([{ text: 'first' }, { text: 'second' }]),
      config: CONFIG,
      ids: counterIds('i'),
      onDispatch: (s) => {
        if (s.step === 1) loop.inject('late context');
      },
    });
    loop.followup('go');
    await loop.runUntilIdle();
    const texts = loop.sent.map((s) => s.request.messages.map((m) => (m.content[0] as { text?: string }).text));
    expect(texts).toEqual([['go'], ['go', 'first', 'late context']]);
    expectReconstructable(log, loop.sent);
  });

  it('trims a tool result with a single-node replace at the next turn', async () => {
    const log = SessionLog.create(newSessionHeader('trim', 0), { clock: tickingClock() });
    const loop = newLoop(log, [{ toolCalls: [{ id: 'c1', name: 'echo', arguments: '{"text":"a very long output"}' }] }, { text: 'done' }, { text: 'later' }]);
    loop.followup('go');
    await loop.runUntilIdle();
    loop.trimToolResult('c1', [{ type: 'text', text: '[trimmed]' }]);
    loop.followup('more');
    await loop.runUntilIdle();
    const result = loop.sent.at(-1)!.request.messages.find((m) => m.source.kind === 'tool')!;
    expect(result.content).toEqual([{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: '[trimmed]' }], isError: false }]);
    expect(log.events.some((e) => e.type === 'compaction/prune')).toBe(true);
    const original = log.events.findIndex((e) => e.type === 'tool/result');
    const replacing = log.events.filter((e) => e.type === 'tool/result' && typeof e.surfaceOp === 'object');
    expect(replacing.map((e) => ({ surfaceOp: e.surfaceOp, sourceEventSeqs: e.sourceEventSeqs }))).toEqual([{ surfaceOp: { op: 'replace', start: original, end: original }, sourceEventSeqs: [original] }]);
    expectReconstructable(log, loop.sent);
  });

  it('trims the same tool result twice before a turn as one replace of the current node, the last trim winning', async () => {
    const log = SessionLog.create(newSessionHeader('trim-twice', 0), { clock: tickingClock() });
    const loop = newLoop(log, [{ toolCalls: [{ id: 'c1', name: 'echo', arguments: '{"text":"a very long output"}' }] }, { text: 'done' }, { text: 'later' }, { text: 'again' }]);
    loop.followup('go');
    await loop.runUntilIdle();
    loop.trimToolResult('c1', [{ type: 'text', text: '[first]' }]);
    loop.trimToolResult('c1', [{ type: 'text', text: '[second]' }]);
    loop.followup('more');
    await loop.runUntilIdle();
    const replacing = log.events.filter((e) => e.type === 'tool/result' && typeof e.surfaceOp === 'object');
    expect(replacing).toHaveLength(1);
    // A later trim targets the replacement, the node now current.
    loop.trimToolResult('c1', [{ type: 'text', text: '[third]' }]);
    loop.followup('once more');
    await loop.runUntilIdle();
    const ops = log.events.filter((e) => e.type === 'tool/result' && typeof e.surfaceOp === 'object').map((e) => e.surfaceOp);
    expect(ops).toEqual([replacing[0]!.surfaceOp, { op: 'replace', start: replacing[0]!.seq, end: replacing[0]!.seq }]);
    const result = loop.sent.at(-1)!.request.messages.find((m) => m.source.kind === 'tool')!;
    expect(result.content).toEqual([{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: '[third]' }], isError: false }]);
    expectReconstructable(log, loop.sent);
  });

  it('ends a turn blocked on a pre-step reject, and in error on a failed stream, and retries when allowed', async () => {
    const blocked = new AgentLoop({ log: SessionLog.create(newSessionHeader('b', 0)), model: model([]), config: CONFIG, preStep: () => ({ kind: 'reject' }) });
    blocked.followup('x');
    await blocked.runUntilIdle();
    expect(blocked.log.events.at(-1)!.data).toEqual({ turn: 1, reason: { kind: 'blocked' } });
    expect(blocked.log.events.some((e) => e.type === 'step/start')).toBe(false);

    const failing = new AgentLoop({ log: SessionLog.create(newSessionHeader('f', 0)), model: model([{ finish: 'error', error: { message: 'overloaded', code: 'SERVER_ERROR' } }]), config: CONFIG });
    failing.followup('x');
    await failing.runUntilIdle();
    expect(failing.log.events.at(-1)!.data).toEqual({ turn: 1, reason: { kind: 'error', error: { message: 'overloaded', code: 'SERVER_ERROR' } } });

    const retrying = new AgentLoop({
      log: SessionLog.create(newSessionHeader('r', 0)),
      model: model([{ finish: 'error', error: { message: 'empty', code: 'EMPTY_RESPONSE' } }, { text: 'recovered' }]),
      config: CONFIG,
      maxRetries: 1,
    });
    retrying.followup('x');
    await retrying.runUntilIdle();
    expect(retrying.sent).toHaveLength(2);
    expect(retrying.log.events.map((e) => e.type)).toContain('llm/retry-started');
    expect(auditLog(saveJsonl(retrying.log), 'r')).toMatchObject({ ok: true, requests: 2 });
  });

  it('closes a turn a crash left open before continuing, and writes logs that load again', async () => {
    const log = SessionLog.create(newSessionHeader('crash', 0), { clock: tickingClock() });
    const loop = newLoop(log, [{ toolCalls: [{ id: 'c9', name: 'echo', arguments: '{"text":"x"}' }] }]);
    loop.followup('go');
    // Stop in the middle of the turn: the model has no second reply.
    await loop.runUntilIdle();
    const text = saveJsonl(log);
    const cut = text.split('\n');
    const upTo = cut.findIndex((l) => l.includes('"tool/call"'));
    const crashed = loadJsonl(cut.slice(0, upTo + 1).join('\n') + '\n').log;
    const next = newLoop(crashed, [{ text: 'continued' }]);
    const tail = crashed.events.slice(-4).map((e) => e.type);
    expect(tail).toEqual(['tool/result', 'step/end', 'turn/end', 'session/end-seed']);
    expect((crashed.events.at(-2)!.data as { reason: unknown }).reason).toEqual({ kind: 'interrupted' });
    // The call had started, so its outcome is unknown, and the synthetic result cites it.
    const synthetic = crashed.events.at(-4)!;
    expect(synthetic.data).toMatchObject({ error: { name: 'InterruptedError', code: 'TOOL_OUTCOME_UNKNOWN' }, message: { source: { kind: 'tool', callId: 'c9' } } });
    expect(synthetic.sourceEventSeqs).toEqual([upTo - 1]);
    next.followup('again');
    await next.runUntilIdle();
    expect(next.sent).toHaveLength(1);
    expect(crashed.events.at(-1)!.data).toEqual({ turn: 2, reason: { kind: 'completed' } });
    expectReconstructable(crashed, next.sent);
    expect(loadJsonl(saveJsonl(crashed)).log.length).toBe(crashed.length);
  });
});
