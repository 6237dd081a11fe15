// @ts-nocheck
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeLargeLog } from '../../benchmarks/_internals/large-log.ts';
import { auditFile, auditLog, type AuditedLog } from '../../src/audit/index.ts';
import { loadJsonl, saveJsonl } from '../../src/log/index.ts';
import { sessionLog, writeJsonl } from '../../properties/arbitraries/session-log.ts';
import fc from 'fast-check';
import { explainingEvent, prefixBreak, reconstructRequest, requestBoundaries } from '../../src/fold/index.ts';
import { DSH_LOGS_DIR, REFUSED_DSH_LOG, dshLogs } from '../helpers/corpora.ts';
import { assistantData, emptyLog, headerData, richJsonl, unexplainedDropJsonl } from '../helpers/log-builder.ts';
import { runCli } from '../helpers/run-cli.ts';

function audited(text: string): AuditedLog {
  const result = auditLog(text, 'x.jsonl');
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** The stored line `line` (1-based) of a JSONL text, parsed. */
function lineAt(text: string, line: number): unknown {
  return JSON.parse(text.split('\n')[line - 1]!) as unknown;
}

/** The 1-based line that stores event `seq`: the last line whose event (or packed row) starts at or before it. */
function lineOfSeq(text: string, seq: number): number {
  const starts = text.split('\n').slice(1).filter((l) => l !== '').map((l) => {
    const stored = JSON.parse(l) as { seq?: number; seq0?: number };
    return stored.seq ?? stored.seq0!;
  });
  let line = 0;
  starts.forEach((start, i) => {
    if (start <= seq) line = i + 2;
  });
  return line;
}

describe('auditLog', () => {
  it('counts, rebuilds and attributes on the rich log', () => {
    const text = richJsonl();
    const result = audited(text);
    expect(result).toMatchObject({ turns: 2, steps: 3, requests: 3, headers: { initial: 1, resume: 0, change: 1 }, replaces: 1 });
    expect(result.usage).toEqual([
      { turn: 1, step: 1, inputTokens: 100, cacheReadTokens: 0 },
      { turn: 1, step: 2, inputTokens: 20, cacheReadTokens: 64 },
      { turn: 2, step: 1, inputTokens: 30, cacheReadTokens: 0 },
    ]);
    expect(result.cacheReadRate).toBeCloseTo(64 / (100 + 20 + 64 + 30), 10);
    // Between the two requests the log holds a compaction replace and then a changed header.
    expect(result.drops).toEqual([{ turn: 2, step: 1, cause: 'replace', line: expect.any(Number) as number }]);
    expect(result.breaks).toEqual([{ turn: 2, step: 1, part: 'system', cause: 'change', line: expect.any(Number) as number }]);
    expect(result.unreconstructable).toEqual([]);
    // A drop points at the assistant message that reports the lower reads; a break at the request's first event.
    expect(lineAt(text, result.drops[0]!.line)).toMatchObject({ type: 'assistant/message', data: { turn: 2, step: 1 } });
    const boundary = requestBoundaries(loadJsonl(text).log.events).find((b) => b.turn === 2 && b.step === 1)!;
    expect(lineAt(text, result.breaks[0]!.line)).toMatchObject({ seq: boundary.seq });
  });

  it('flags a cache-read drop with no logged cause as unexplained', () => {
    const result = audited(unexplainedDropJsonl());
    expect(result.drops).toEqual([{ turn: 1, step: 2, cause: 'unexplained', line: expect.any(Number) as number }]);
    expect(result.breaks).toEqual([]);
  });

  it('keeps unknown cache reads unknown: no rate, no drop', () => {
    const log = emptyLog();
    log.append('step/start', { turn: 1, step: 1 });
    log.append('request/header', headerData('initial'));
    log.append('assistant/message', assistantData(1, 1, 'a', [{ type: 'text', text: 'x' }], { inputTokens: 10, outputTokens: 1 }), { surfaceOp: 'append', sourceEventSeqs: [] });
    const result = audited(saveJsonl(log));
    expect(result.cacheReadRate).toBeNull();
    expect(result.usage).toEqual([{ turn: 1, step: 1, inputTokens: 10 }]);
  });

  it('loads every real DSH log but the one with a committed seq gap', () => {
    const results = dshLogs().map(([name, text]) => auditLog(text, name));
    const refused = results.filter((r) => !r.ok);
    expect(refused.map((r) => [r.file, r.ok ? '' : r.code])).toEqual([[REFUSED_DSH_LOG, 'TORN_COMMITTED']]);
    const fresh = results.find((r) => r.file === 'fresh-round-trip__session.jsonl') as AuditedLog;
    expect(fresh.usage.map((u) => u.cacheReadTokens)).toEqual([7680, 7808]);
    expect(fresh).toMatchObject({ steps: 2, requests: 2, headers: { initial: 1 }, upgradedEvents: expect.any(Number) as number });
  });
});

describe('auditFile (one streaming pass)', () => {
  it('reports what auditLog reports, on every real log and on a log of many compactions and resumes', async () => {
    // A file was read from plain JSONL; a text in memory was read from nowhere.
    const fromFile = async (path: string, name: string) => {
      const audit = await auditFile(path, name);
      if (audit.ok) expect(audit.source).toEqual({ compression: 'none' });
      const { source: _, ...rest } = audit as AuditedLog;
      return rest;
    };
    for (const [name, text] of dshLogs()) expect(await fromFile(join(DSH_LOGS_DIR, name), name), name).toEqual(auditLog(text, name));
    const dir = mkdtempSync(join(tmpdir(), 'recon-audit-'));
    const path = join(dir, 'large.jsonl');
    const written = writeLargeLog(path, 1.5e6);
    const streamed = await fromFile(path, 'large.jsonl');
    expect(streamed).toMatchObject({ ok: true, events: written.events, unreconstructable: [] });
    expect(streamed).toEqual(auditLog(readFileSync(path, 'utf8'), 'large.jsonl'));
  });

  it('finds the breaks, drops and causes a full refold at every boundary finds, on generated logs', () => {
    // The one-pass audit against the definition: every request rebuilt from scratch from its prefix.
    fc.assert(
      fc.property(sessionLog(), (log) => {
        const text = writeJsonl(log.header, log.events);
        const audit = auditLog(text, 'g');
        if (!audit.ok) throw new Error(audit.message);
        const boundaries = requestBoundaries(log.events);
        const requests = boundaries.map((b) => reconstructRequest(log.events, b.seq, log.header.id));
        const breaks: string[] = [];
        requests.forEach((request, i) => {
          const previous = requests[i - 1];
          if (request === undefined || previous === undefined) return;
          const part = prefixBreak(previous, request);
          if (part === undefined) return;
          const found = explainingEvent(log.events, boundaries[i - 1]!.seq, boundaries[i]!.seq, part);
          const cause = found === undefined ? 'unexplained' : found.cause === 'replace' ? 'replace' : found.cause === 'initial' ? 'first-request' : found.cause;
          breaks.push(`${boundaries[i]!.turn}.${boundaries[i]!.step} ${part}: ${cause} @${lineOfSeq(text, boundaries[i]!.seq)}`);
        });
        expect(audit.breaks.map((b) => `${b.turn}.${b.step} ${b.part}: ${b.cause} @${b.line}`)).toEqual(breaks);
        // A drop is explained by the events between the boundaries that precede the two steps' messages.
        const points = log.events.filter((e) => e.type === 'assistant/message' && (e.data as { usage?: unknown }).usage !== undefined);
        const boundaryBefore = (seq: number) => boundaries.filter((b) => b.seq <= seq).at(-1)?.seq ?? 0;
        const drops: string[] = [];
        points.forEach((event, i) => {
          const reads = (e: typeof event) => (e.data as { usage: { cacheReadTokens?: number } }).usage.cacheReadTokens;
          const before = i > 0 ? reads(points[i - 1]!) : undefined;
          const now = reads(event);
          if (before === undefined || now === undefined || now >= before) return;
          const found = explainingEvent(log.events, boundaryBefore(points[i - 1]!.seq), boundaryBefore(event.seq), 'any');
          const cause = found === undefined ? 'unexplained' : found.cause === 'replace' ? 'replace' : found.cause === 'initial' ? 'first-request' : found.cause;
          const { turn, step } = event.data as { turn: number; step: number };
          drops.push(`${turn}.${step}: ${cause} @${lineOfSeq(text, event.seq)}`);
        });
        expect(audit.drops.map((d) => `${d.turn}.${d.step}: ${d.cause} @${d.line}`)).toEqual(drops);
        expect(audit.requests).toBe(boundaries.length);
        const unbuilt = boundaries.filter((_, i) => requests[i] === undefined);
        expect(audit.unreconstructable).toEqual(unbuilt.map((b) => ({ turn: b.turn, step: b.step, seq: b.seq, line: lineOfSeq(text, b.seq) })));
      }),
      { numRuns: 60, seed: 10 },
    );
  });
});

describe('recon audit', () => {
  it('prints the JSON object of the issue and exits 1 when a log is refused', async () => {
    const files = dshLogs().map(([name]) => join(DSH_LOGS_DIR, name));
    const { code, stdout } = await runCli(['audit', ...files, '--json']);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { logs: Array<Record<string, unknown>>; summary: Record<string, number> };
    expect(report.summary).toMatchObject({ total: files.length, ok: files.length - 1, rejected: 1 });
    const ok = report.logs.find((l) => l['ok'] === true)!;
    for (const key of ['file', 'events', 'turns', 'steps', 'requests', 'headers', 'replaces', 'usage', 'cacheReadRate', 'drops']) expect(ok).toHaveProperty(key);
    const refused = report.logs.find((l) => l['ok'] === false)!;
    expect(refused).toMatchObject({ code: 'TORN_COMMITTED', line: 8, seq: 87 });
  });

  it('exits 0 on loadable logs, reports unreadable files and still audits the rest', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-audit-'));
    writeFileSync(join(dir, 'rich.jsonl'), richJsonl());
    expect((await runCli(['audit', 'rich.jsonl'], {}, dir)).code).toBe(0);
    const { code, stdout } = await runCli(['audit', 'missing.jsonl', 'rich.jsonl'], {}, dir);
    expect(code).toBe(1);
    expect(stdout).toContain('FILE_UNREADABLE');
    expect(stdout).toContain('✓ rich.jsonl');
  });

  it('audits every .jsonl below a directory, on worker threads, with the results of a sequential run in sorted order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-audit-'));
    const logs = dshLogs().slice(0, 6).map(([name]) => name);
    mkdirSync(join(dir, 'b', 'deeper'), { recursive: true });
    mkdirSync(join(dir, 'a'));
    const placed = ['b/deeper/z.jsonl', 'a/y.jsonl', 'x.jsonl', 'b/w.jsonl', 'a/v.jsonl', 'b/u.jsonl'];
    placed.forEach((to, i) => copyFileSync(join(DSH_LOGS_DIR, logs[i]!), join(dir, to)));
    copyFileSync(join(DSH_LOGS_DIR, REFUSED_DSH_LOG), join(dir, 'b', 'refused.jsonl'));
    writeFileSync(join(dir, 'a', 'notes.txt'), 'not a log');
    mkdirSync(join(dir, 'empty'));
    const run = (workers: string) => runCli(['audit', '.', '--json', '--workers', workers], {}, dir);
    const [one, three] = [await run('1'), await run('3')];
    expect(three.stdout).toBe(one.stdout);
    expect(three.code).toBe(1);
    const report = JSON.parse(three.stdout) as { logs: Array<{ file: string; ok: boolean; code?: string }>; summary: Record<string, number> };
    expect(report.logs.map((l) => l.file)).toEqual(['a/v.jsonl', 'a/y.jsonl', 'b/deeper/z.jsonl', 'b/refused.jsonl', 'b/u.jsonl', 'b/w.jsonl', 'x.jsonl']);
    expect(report.logs.filter((l) => !l.ok).map((l) => [l.file, l.code])).toEqual([['b/refused.jsonl', 'TORN_COMMITTED']]);
    expect(report.summary).toMatchObject({ total: 7, ok: 6, rejected: 1 });
    // Each log's result is the one auditing it alone gives.
    const alone = await runCli(['audit', 'a/y.jsonl', '--json'], {}, dir);
    expect((JSON.parse(alone.stdout) as typeof report).logs[0]).toEqual(report.logs[1]);
    const empty = await runCli(['audit', 'empty'], {}, dir);
    expect([empty.code, empty.stderr]).toEqual([2, expect.stringContaining('empty: no log (.jsonl, .jsonl.zstd)') as string]);
    expect((await runCli(['audit', '.', '--workers', '0'], {}, dir)).code).toBe(2);
  });

  it('writes progress on stderr only when asked (or on a terminal), never into --json', async () => {
    const file = join(DSH_LOGS_DIR, 'fresh-round-trip__session.jsonl');
    const quiet = await runCli(['audit', file, '--json']);
    expect(quiet.stderr).toBe('');
    const shown = await runCli(['audit', file, '--json', '--progress']);
    expect(shown.stdout).toBe(quiet.stdout);
    expect(shown.stderr).toMatch(/^audited 1 log, [\d.]+ MB in [\d.]+ s/m);
  });

  it('fails with --strict on an unexplained drop or an unrebuildable request, and explains its usage on mistakes', async () => {
    expect((await runCli(['audit'])).code).toBe(2);
    expect((await runCli(['audit', '--bogus', 'x'])).stderr).toContain('recon audit --help');
    expect((await runCli(['audit', '--help'])).stdout).toContain('Usage: recon audit');
    const dir = mkdtempSync(join(tmpdir(), 'recon-audit-'));
    writeFileSync(join(dir, 'drop.jsonl'), unexplainedDropJsonl());
    expect((await runCli(['audit', 'drop.jsonl'], {}, dir)).code).toBe(0);
    expect((await runCli(['audit', 'drop.jsonl', '--strict'], {}, dir)).code).toBe(1);
    // This real log's first request precedes its first request/header.
    const file = join(DSH_LOGS_DIR, 'message-feedback-protocol__session.jsonl');
    expect((await runCli(['audit', file])).code).toBe(0);
    const strict = await runCli(['audit', file, '--strict', '--json']);
    expect(strict.code).toBe(1);
    expect((JSON.parse(strict.stdout) as { summary: object }).summary).toMatchObject({ unexplainedBreaks: 0, unexplainedDrops: 0, unreconstructable: 1 });
  });
});
