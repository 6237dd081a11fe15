import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditLog, type AuditedLog } from '../../src/audit/index.ts';
import { saveJsonl } from '../../src/log/index.ts';
import { DSH_LOGS_DIR, REFUSED_DSH_LOG, dshLogs } from '../helpers/corpora.ts';
import { assistantData, emptyLog, headerData, richJsonl, userMessage } from '../helpers/log-builder.ts';
import { runCli } from '../helpers/run-cli.ts';

function audited(text: string): AuditedLog {
  const result = auditLog(text, 'x.jsonl');
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('auditLog', () => {
  it('counts, rebuilds and attributes on the rich log', () => {
    const result = audited(richJsonl());
    expect(result).toMatchObject({ turns: 2, steps: 3, requests: 3, headers: { initial: 1, resume: 0, change: 1 }, replaces: 1 });
    expect(result.usage).toEqual([
      { turn: 1, step: 1, inputTokens: 100, cacheReadTokens: 0 },
      { turn: 1, step: 2, inputTokens: 20, cacheReadTokens: 64 },
      { turn: 2, step: 1, inputTokens: 30, cacheReadTokens: 0 },
    ]);
    expect(result.cacheReadRate).toBeCloseTo(64 / (100 + 20 + 64 + 30), 10);
    // Between the two requests the log holds a compaction replace and then a changed header.
    expect(result.drops).toEqual([{ turn: 2, step: 1, cause: 'replace' }]);
    expect(result.breaks).toEqual([{ turn: 2, step: 1, part: 'system', cause: 'change' }]);
    expect(result.unreconstructable).toEqual([]);
  });

  it('flags a cache-read drop with no logged cause as unexplained', () => {
    const result = audited(unexplainedDropJsonl());
    expect(result.drops).toEqual([{ turn: 1, step: 2, cause: 'unexplained' }]);
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

/** Two steps of one turn whose cache reads fall from 512 to 0 with nothing logged between them. */
function unexplainedDropJsonl(): string {
  const log = emptyLog();
  log.append('turn/start', { turn: 1 });
  for (const [step, reads] of [[1, 512], [2, 0]] as const) {
    log.append('step/start', { turn: 1, step });
    if (step === 1) {
      log.append('user/message', userMessage('u', 'go'), { surfaceOp: 'append' });
      log.append('request/header', headerData('initial'));
    }
    log.append('assistant/message', assistantData(1, step, `a${step}`, [{ type: 'text', text: 'x' }], { inputTokens: 10, outputTokens: 1, cacheReadTokens: reads }), {
      surfaceOp: 'append',
      sourceEventSeqs: [],
    });
    log.append('step/end', { turn: 1, step });
  }
  return saveJsonl(log);
}
