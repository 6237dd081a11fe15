/**
 * `recon audit` on Codex rollouts, opencode records and OTLP GenAI spans, and how a file's
 * shape (never its name) decides how it is read.
 */
// @ts-nocheck

import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditReport, UsageSession } from '../../src/audit/usage/index.ts';
import { DSH_LOGS_DIR, dshLogs } from '../helpers/corpora.ts';
import { claudeAssistant, codexLine, codexMeta, codexTokenCount, jsonl, opencodeAssistant, opencodeStep, otelSpan, otlp, put } from '../helpers/harness-logs.ts';
import { runCli } from '../helpers/run-cli.ts';

const CODEX = join(import.meta.dirname, '../../corpora/codex/ryoppippi__ccusage__fixture-session-alpha.jsonl');

async function audit(args: readonly string[], cwd = process.cwd()): Promise<AuditReport & { code: number }> {
  const { code, stdout, stderr } = await runCli(['audit', ...args, '--json', '--workers', '1'], {}, cwd);
  expect(stderr).toBe('');
  return { ...(JSON.parse(stdout) as AuditReport), code };
}

const sessionOf = (report: AuditReport, id: string): UsageSession => {
  const found = report.sessions.find((s) => s.id === id);
  if (found === undefined) throw new Error(`no session ${id} in ${report.sessions.map((s) => s.id).join(', ')}`);
  return found;
};
const codes = (session: UsageSession) => session.calls.map((c) => c.drop?.code);

describe('Codex rollouts', () => {
  it('reads the fixture: input counts its cached part, each token_count is one call, a model switch explains the drop', async () => {
    const report = await audit([CODEX]);
    const [session] = report.sessions;
    expect(session).toMatchObject({ harness: 'codex', models: ['gpt-5.2-codex', 'gpt-5.3-codex'], denominator: expect.stringContaining('input_tokens (OpenAI counts cached_input_tokens inside it)') as string });
    // By hand from the file's two last_token_usage objects: 250 + 500 read of 1000 + 2500.
    expect(session!.calls.map(({ prompt, uncached, cacheRead, output, reasoning }) => ({ prompt, uncached, cacheRead, output, reasoning }))).toEqual([
      { prompt: 1000, uncached: 750, cacheRead: 250, output: 125, reasoning: 75 },
      { prompt: 2500, uncached: 2000, cacheRead: 500, output: 300, reasoning: 200 },
    ]);
    expect(session!.rate).toBeCloseTo(750 / 3500, 12);
    expect(codes(session!)).toEqual(['COLD_START', 'ROUTE_CHANGED']);
    expect(session!.calls[1]!.drop!.evidence.map((e) => e.place.line)).toEqual([3, 2]);
    expect(session!.calls.every((c) => c.cacheWrite === undefined)).toBe(true);
  });

  it('counts a re-emitted token_count once, attributes compaction and idle time, refuses cached above input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-codex-'));
    const running = (input: number, cached: number, output: number) => ({ input, cached, output });
    put(join(dir, 'r.jsonl'), jsonl([
      codexMeta('2026-05-01T10:00:00.000Z', 'thread-1'),
      codexLine('2026-05-01T10:00:00.100Z', 'turn_context', { model: 'gpt-5.2-codex', cwd: '/tmp/x' }),
      codexTokenCount('2026-05-01T10:00:05.000Z', running(12000, 0, 300), running(12000, 0, 300)),
      // A refresh: the running total did not move.
      codexTokenCount('2026-05-01T10:00:06.000Z', running(12000, 0, 300), running(12000, 0, 300)),
      codexTokenCount('2026-05-01T10:00:20.000Z', running(12800, 12160, 200), running(24800, 12160, 500)),
      codexLine('2026-05-01T10:01:00.000Z', 'compacted', { message: 'summary', replacement_history: [] }),
      codexTokenCount('2026-05-01T10:01:10.000Z', running(3000, 1024, 100), running(27800, 13184, 600)),
      codexTokenCount('2026-05-01T10:30:00.000Z', running(3500, 0, 100), running(31300, 13184, 700)),
    ]));
    const report = await audit(['r.jsonl'], dir);
    const session = sessionOf(report, 'thread-1');
    expect(session.calls.map((c) => c.lines.map((l) => l.line))).toEqual([[3, 4], [5], [7], [8]]);
    expect(codes(session)).toEqual(['COLD_START', undefined, 'COMPACTED', 'IDLE_EXPIRED']);
    expect(session.calls[1]!.bound).toBe(12288); // The first call's prompt + output, 12300, in OpenAI's units: 1024 + 128·88.
    expect(session.calls[3]!.drop!.summary).toContain("past openai's 10-minute cache lifetime");
    put(join(dir, 'bad.jsonl'), jsonl([codexMeta('2026-05-01T10:00:00.000Z', 'thread-2'), codexTokenCount('2026-05-01T10:00:05.000Z', running(100, 200, 3), running(100, 200, 3))]));
    const bad = await audit(['bad.jsonl'], dir);
    expect(bad.logs[0]).toMatchObject({ ok: false, code: 'USAGE_INCONSISTENT', line: 2 });
  });

  it('counts a fork’s copy of its parent once, attributes its first own drop to the fork, and says when the parent is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-codex-'));
    const r = (input: number, cached: number, output: number) => ({ input, cached, output });
    const parentCalls = [codexTokenCount('2026-05-01T10:00:05.000Z', r(9000, 0, 100), r(9000, 0, 100)), codexTokenCount('2026-05-01T10:00:30.000Z', r(9500, 8960, 100), r(18500, 8960, 200))];
    const parent = jsonl([codexMeta('2026-05-01T10:00:00.000Z', 'parent'), codexLine('2026-05-01T10:00:00.100Z', 'turn_context', { model: 'gpt-5.2-codex' }), ...parentCalls]);
    // The fork's rollout sorts first by name, opens with the parent's events re-stamped, then calls on its own.
    const fork = jsonl([
      codexMeta('2026-05-01T11:00:00.000Z', 'child', { forked_from_id: 'parent' }),
      codexLine('2026-05-01T11:00:00.100Z', 'turn_context', { model: 'gpt-5.2-codex' }),
      ...parentCalls.map((line) => ({ ...(line as object), timestamp: '2026-05-01T11:00:00.200Z' })),
      codexTokenCount('2026-05-01T11:00:10.000Z', r(9800, 2048, 100), r(28300, 11008, 300)),
    ]);
    put(join(dir, 'a-child.jsonl'), fork);
    put(join(dir, 'b-parent.jsonl'), parent);
    const report = await audit(['.'], dir);
    expect(report.logs.map((l) => (l.ok && 'harness' in l ? [l.file, l.calls, l.copies] : l.file))).toEqual([['a-child.jsonl', 1, 2], ['b-parent.jsonl', 2, 0]]);
    expect(sessionOf(report, 'parent').calls).toHaveLength(2);
    const child = sessionOf(report, 'child');
    expect(child.calls).toHaveLength(1);
    expect(child.calls[0]).toMatchObject({ previous: { session: 'parent', index: 2 }, drop: { code: 'FORKED' } });
    expect(child.notes).toEqual([]);

    const alone = await audit(['a-child.jsonl'], dir);
    const orphan = sessionOf(alone, 'child');
    expect(orphan.calls).toHaveLength(3);
    expect(orphan.notes.join()).toContain('forked from thread parent, whose rollout is not in this audit');
  });

  it('continues a thread across the rollout files of a resume', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-codex-'));
    const r = (input: number, cached: number, output: number) => ({ input, cached, output });
    put(join(dir, '1.jsonl'), jsonl([codexMeta('2026-05-01T10:00:00.000Z', 't'), codexTokenCount('2026-05-01T10:00:05.000Z', r(9000, 0, 100), r(9000, 0, 100))]));
    put(join(dir, '2.jsonl'), jsonl([codexMeta('2026-05-01T10:02:00.000Z', 't'), codexTokenCount('2026-05-01T10:02:05.000Z', r(9300, 1024, 100), r(18300, 1024, 200))]));
    const session = sessionOf(await audit(['.'], dir), 't');
    expect(session.files).toEqual(['1.jsonl', '2.jsonl']);
    expect(codes(session)).toEqual(['COLD_START', 'RESUMED']);
  });
});

describe('opencode records', () => {
  const session = 'ses_1';
  const t0 = Date.parse('2026-03-01T09:00:00.000Z');
  const messages = [
    opencodeAssistant({ id: 'msg_01', session, created: t0 }),
    opencodeAssistant({ id: 'msg_02', session, created: t0 + 60_000 }),
    opencodeAssistant({ id: 'msg_03', session, created: t0 + 90_000, summary: true }),
    opencodeAssistant({ id: 'msg_04', session, created: t0 + 120_000 }),
  ];
  const parts = [
    opencodeStep({ id: 'prt_01', session, message: 'msg_01', input: 3, read: 0, write: 12000, output: 200 }),
    opencodeStep({ id: 'prt_02', session, message: 'msg_02', input: 40, read: 12000, write: 260, output: 90 }),
    { id: 'prt_025', sessionID: session, messageID: 'msg_025', type: 'compaction', auto: true },
    opencodeStep({ id: 'prt_03', session, message: 'msg_03', input: 50, read: 12260, write: 300, output: 800 }),
    opencodeStep({ id: 'prt_04', session, message: 'msg_04', input: 10, read: 0, write: 1500, output: 50 }),
  ];

  it('reads storage as opencode keeps it (one pretty-printed JSON file a message and a part) and its export alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-opencode-'));
    for (const m of messages) put(join(dir, 'storage/message', session, `${m['id'] as string}.json`), JSON.stringify(m, null, 2));
    for (const p of parts) put(join(dir, 'storage/part', p['messageID'] as string, `${p['id'] as string}.json`), JSON.stringify(p, null, 2));
    put(join(dir, 'storage/config.json'), JSON.stringify({ theme: 'dark' }, null, 2));
    const stored = await audit(['storage'], dir);
    expect(stored.code).toBe(0);
    // The config file is no log and is passed over; every message and part file is read.
    expect(stored.logs).toHaveLength(messages.length + parts.length);
    const s = sessionOf(stored, session);
    expect(s.denominator).toContain('tokens.input + tokens.cache.read + tokens.cache.write');
    expect(s.calls.map(({ prompt, uncached, cacheRead, cacheWrite, model, provider }) => ({ prompt, uncached, cacheRead, cacheWrite, model, provider }))).toEqual([
      { prompt: 12003, uncached: 3, cacheRead: 0, cacheWrite: 12000, model: 'claude-sonnet-4-5', provider: 'anthropic' },
      { prompt: 12300, uncached: 40, cacheRead: 12000, cacheWrite: 260, model: 'claude-sonnet-4-5', provider: 'anthropic' },
      { prompt: 12610, uncached: 50, cacheRead: 12260, cacheWrite: 300, model: 'claude-sonnet-4-5', provider: 'anthropic' },
      { prompt: 1510, uncached: 10, cacheRead: 0, cacheWrite: 1500, model: 'claude-sonnet-4-5', provider: 'anthropic' },
    ]);
    expect(s.rate).toBeCloseTo((12000 + 12260) / (12003 + 12300 + 12610 + 1510), 12);
    // Anthropic's uncached tail after the last breakpoint is never read; the summary call
    // still sends the old history, and the drop shows in the call after it.
    expect(codes(s)).toEqual(['COLD_START', 'WITHIN_BOUND', 'WITHIN_BOUND', 'COMPACTED']);
    expect(s.calls[3]!.drop!.evidence.at(-1)!.place.file).toBe(join('storage/part/msg_025/prt_025.json'));

    const exported = { info: { id: session, title: 'x', time: { created: t0, updated: t0 } }, messages: messages.map((info) => ({ info, parts: parts.filter((p) => p['messageID'] === info['id'] || (info['id'] === 'msg_02' && p['type'] === 'compaction')) })) };
    put(join(dir, 'export.json'), JSON.stringify(exported, null, 2));
    const fromExport = sessionOf(await audit(['export.json'], dir), session);
    const figures = (x: UsageSession) => x.calls.map(({ prompt, cacheRead, cacheWrite, output, drop }) => [prompt, cacheRead, cacheWrite, output, drop?.code]);
    expect(figures(fromExport)).toEqual(figures(s));
    expect(fromExport.calls[0]!.lines[0]!.pointer).toBe('/messages/0/parts/0');
  });

  it('says "no data" for a session whose every step records zero cache reads and writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-opencode-'));
    put(join(dir, 'parts.jsonl'), jsonl([opencodeStep({ id: 'prt_1', session: 'ses_z', message: 'msg_1', input: 900, read: 0, write: 0, output: 10 }), opencodeStep({ id: 'prt_2', session: 'ses_z', message: 'msg_2', input: 950, read: 0, write: 0, output: 10 })]));
    const report = await audit(['parts.jsonl'], dir);
    const s = sessionOf(report, 'ses_z');
    expect(s.rate).toBeUndefined();
    expect(s.calls.every((c) => c.cacheRead === undefined)).toBe(true);
    expect(codes(s)).toEqual(['COLD_START', undefined]);
    expect(s.notes.join()).toContain('opencode stores 0 for counts its provider did not report');
    expect((await runCli(['audit', 'parts.jsonl'], {}, dir)).stdout).toContain('read rate no data');
  });
});

describe('OpenTelemetry GenAI spans', () => {
  const minute = 60_000;
  const t0 = Date.parse('2026-04-01T08:00:00.000Z');
  const span = (n: number, startMs: number, usage: Record<string, number>, extra: Record<string, string | number> = {}) =>
    otelSpan({ trace: 'a'.repeat(32), span: `${n}`.padStart(16, '0'), parent: 'f'.repeat(16), startMs, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'anthropic', 'gen_ai.request.model': 'claude-sonnet-4-5', 'gen_ai.conversation.id': 'conv-1', ...usage, ...extra } });
  /** Four calls in one conversation, with the cache counts under `read` and `write` names. */
  const calls = (read: string, write: string) => [
    span(1, t0, { 'gen_ai.usage.input_tokens': 10003, [read]: 0, [write]: 10000, 'gen_ai.usage.output_tokens': 80 }),
    span(2, t0 + minute, { 'gen_ai.usage.input_tokens': 10200, [read]: 10000, [write]: 190, 'gen_ai.usage.output_tokens': 80 }),
    span(3, t0 + 10 * minute, { 'gen_ai.usage.input_tokens': 10400, [read]: 0, [write]: 10390, 'gen_ai.usage.output_tokens': 80 }),
    span(4, t0 + 11 * minute, { 'gen_ai.usage.input_tokens': 10600, [read]: 4000, [write]: 6590, 'gen_ai.usage.output_tokens': 80 }),
  ];

  it('reads both spellings of the cache counts alike, in the order the calls started, input counting the cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-otel-'));
    // The collector's file exporter: one export request a line, children before parents, not in call order.
    const current = calls('gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.cache_creation.input_tokens');
    put(join(dir, 'current.jsonl'), jsonl([otlp([current[2], current[3]]), otlp([current[0], current[1]])]));
    const earlier = calls('gen_ai.usage.cache_read_input_tokens', 'gen_ai.usage.cache_creation_input_tokens').map((s) => JSON.parse(JSON.stringify(s).replace(/"a{32}"/, `"${'b'.repeat(32)}"`).replace('conv-1', 'conv-2')) as unknown);
    put(join(dir, 'earlier.json'), JSON.stringify(otlp(earlier), null, 2));
    const report = await audit(['current.jsonl', 'earlier.json'], dir);
    const [a, b] = [sessionOf(report, 'conv-1'), sessionOf(report, 'conv-2')];
    const figures = (s: UsageSession) => s.calls.map(({ prompt, uncached, cacheRead, cacheWrite, bound, drop }) => [prompt, uncached, cacheRead, cacheWrite, bound, drop?.code]);
    expect(figures(a)).toEqual([
      [10003, 3, 0, 10000, 0, 'COLD_START'],
      [10200, 10, 10000, 190, 10000, 'WITHIN_BOUND'],
      [10400, 10, 0, 10390, 10190, 'IDLE_EXPIRED'],
      [10600, 10, 4000, 6590, 10390, 'BYTES_NEEDED'],
    ]);
    expect(figures(b)).toEqual(figures(a));
    expect(a.rate).toBeCloseTo(14000 / (10003 + 10200 + 10400 + 10600), 12);
    expect(a.denominator).toContain('gen_ai.usage.input_tokens');
    expect(a.calls[0]!.lines[0]).toEqual({ file: 'current.jsonl', line: 2, pointer: '/resourceSpans/0/scopeSpans/0/spans/0' });
  });

  it('refuses two spellings that disagree and an input below the cache it counts; leaves out an agent span that sums its children', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-otel-'));
    put(join(dir, 'both.jsonl'), jsonl([otlp([span(1, t0, { 'gen_ai.usage.input_tokens': 500, 'gen_ai.usage.cache_read.input_tokens': 100, 'gen_ai.usage.cache_read_input_tokens': 90 })])]));
    put(join(dir, 'low.jsonl'), jsonl([otlp([span(1, t0, { 'gen_ai.usage.input_tokens': 50, 'gen_ai.usage.cache_read.input_tokens': 100 })])]));
    const agent = otelSpan({ trace: 'c'.repeat(32), span: 'f'.repeat(16), startMs: t0, attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.usage.input_tokens': 1500, 'gen_ai.usage.output_tokens': 30 } });
    const child = otelSpan({ trace: 'c'.repeat(32), span: '1'.repeat(16), parent: 'f'.repeat(16), startMs: t0 + 5, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.system': 'openai', 'gen_ai.response.model': 'gpt-5.2', 'gen_ai.usage.input_tokens': 1500, 'gen_ai.usage.output_tokens': 30 } });
    put(join(dir, 'agent.jsonl'), jsonl([otlp([child, agent])]));
    const report = await audit(['both.jsonl', 'low.jsonl', 'agent.jsonl'], dir);
    expect(report.logs.map((l) => (l.ok ? 'ok' : [l.code, l.line]))).toEqual([['USAGE_INCONSISTENT', 1], ['USAGE_INCONSISTENT', 1], 'ok']);
    expect(report.logs[2]).toMatchObject({ calls: 1, skipped: { 'gen_ai.operation.name invoke_agent (not one model call)': 1 } });
    const s = sessionOf(report, `trace ${'c'.repeat(32)}`);
    expect(s.calls[0]).toMatchObject({ provider: 'openai', model: 'gpt-5.2', prompt: 1500 });
    // No cache count at all: "no data", never 0 %.
    expect(s.rate).toBeUndefined();
  });
});

describe('the shape of a file decides how it is read', () => {
  it('reads a transcript under any name, DSH logs as before, and refuses records of no known shape at their line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-shape-'));
    const [name] = dshLogs()[0]!;
    copyFileSync(join(DSH_LOGS_DIR, name), join(dir, 'dsh.jsonl'));
    put(join(dir, 'transcript.log'), jsonl([claudeAssistant({ session: 's', id: 'm', at: '2026-01-01T00:00:00.000Z', usage: { input: 1, read: 0, write: 100, output: 1 } })]));
    put(join(dir, 'other.jsonl'), '\n{"event":"click","x":1}\n');
    const report = await audit(['dsh.jsonl', 'transcript.log', 'other.jsonl'], dir);
    expect(report.code).toBe(1);
    expect(report.logs[0]).toMatchObject({ file: 'dsh.jsonl', ok: true, era: expect.any(String) as string });
    expect(report.logs[1]).toMatchObject({ file: 'transcript.log', ok: true, harness: 'claude-code', calls: 1 });
    expect(report.logs[2]).toMatchObject({ file: 'other.jsonl', ok: false, code: 'LOG_SHAPE_UNKNOWN', line: 2 });
    const text = await runCli(['audit', 'other.jsonl'], {}, dir);
    expect(text.stdout).toContain('other.jsonl:2: LOG_SHAPE_UNKNOWN: the first record is an object with "event", "x"');
  });

  it('renders SARIF with a warning at the line of each drop only request bytes could explain, and an HTML page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-shape-'));
    const at = (m: number) => new Date(Date.parse('2026-01-01T00:00:00.000Z') + m * 60_000).toISOString();
    put(join(dir, 't.jsonl'), jsonl([
      claudeAssistant({ session: 's<1>', id: 'm1', at: at(0), usage: { input: 2, read: 0, write: 10000, output: 5 } }),
      claudeAssistant({ session: 's<1>', id: 'm2', at: at(1), usage: { input: 2, read: 3000, write: 7100, output: 5 } }),
    ]));
    const sarif = JSON.parse((await runCli(['audit', 't.jsonl', '--format', 'sarif'], {}, dir)).stdout) as { runs: Array<{ results: Array<{ ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }> }> }> };
    expect(sarif.runs[0]!.results.map((r) => [r.ruleId, r.level, r.locations[0]!.physicalLocation.artifactLocation.uri, r.locations[0]!.physicalLocation.region.startLine])).toEqual([['USAGE_DROP_NEEDS_BYTES', 'warning', 't.jsonl', 2]]);
    const html = await runCli(['audit', 't.jsonl', '--format', 'html'], {}, dir);
    expect(html.code).toBe(0);
    expect(html.stdout).toMatch(/^<!doctype html>/);
    expect(html.stdout).toContain('session s&lt;1&gt;');
    expect(html.stdout).toContain('<span class="code c-BYTES_NEEDED">BYTES_NEEDED</span>');
    expect(html.stdout).toContain('<svg');
    expect(html.stdout).not.toMatch(/<script|https?:\/\/(?!json\.schemastore)/);
  });
});
