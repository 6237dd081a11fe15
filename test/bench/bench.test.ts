import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareResults, incompleteBeta, welchP } from '../../benchmarks/compare.ts';
import { foldCounters, prefixCounters } from '../../benchmarks/counters.ts';
import type { BenchRun } from '../../benchmarks/run.ts';
import type { BenchResult } from '../../benchmarks/_internals/measure.ts';
import { syntheticLog } from '../../benchmarks/_internals/synthetic-log.ts';
import { writeLargeLog } from '../../benchmarks/_internals/large-log.ts';
import { PROFILES } from '../../benchmarks/_internals/measure.ts';
import { compressedAuditThroughput } from '../../benchmarks/audit.bench.ts';
import { auditFile } from '../../src/audit/index.ts';
import { targetsOf } from '../../benchmarks/report/bench-targets.ts';
import { renderBenchMarkdown } from '../../benchmarks/report/bench-markdown.ts';
import { readHistory, writeBenchReports } from '../../benchmarks/report/write-bench-reports.ts';
import { runCli } from '../helpers/run-cli.ts';

/** A result whose three rounds spread by `spread` around the mean. */
const result = (id: string, mean: number, sd: number, spread = sd): BenchResult => ({
  id,
  mean,
  p50: mean,
  p99: mean * 1.5,
  sd,
  rme: 2,
  samples: 60,
  rounds: [mean - spread, mean, mean + spread],
  untrusted: false,
  warnings: [],
});

describe('exact counters', () => {
  it('the cached fold projects only the new step’s nodes; a naive refold walks and projects everything', () => {
    const counters = [100, 1000, 10000].map((n) => foldCounters(n));
    for (const c of counters) {
      // The naive refold walks the base and the step, and projects every surface node.
      expect(c.naiveEventsRefolded).toBe(c.events + syntheticLog(c.events).steps[0]!.length);
      expect(c.naiveNodesPerStep).toBe(c.messages);
    }
    // Exact, as the README promises: a change here is a change in the algorithm or the synthetic logs.
    expect(counters).toEqual([
      { events: 100, cachedNodesPerStep: 1, naiveNodesPerStep: 8, naiveEventsRefolded: 102, messages: 8 },
      { events: 1000, cachedNodesPerStep: 1, naiveNodesPerStep: 80, naiveEventsRefolded: 1004, messages: 80 },
      { events: 10000, cachedNodesPerStep: 1, naiveNodesPerStep: 41, naiveEventsRefolded: 10010, messages: 41 },
    ]);
    expect(foldCounters(1000)).toEqual(counters[1]);
  });

  it('consecutive request bodies of a tool conversation reuse most of their bytes as a prefix', async () => {
    const a = await prefixCounters();
    expect(await prefixCounters()).toEqual(a);
    expect(a).toEqual({ requests: 40, bodyBytes: 194102, prefixBytesReused: 174016, reuse: 174016 / 194102 });
  });
});

describe('the audit bench’s logs', () => {
  it('are valid, of an exact size, and audited in one pass with every request rebuilt', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-bench-audit-'));
    const path = join(dir, 'one.jsonl');
    const written = writeLargeLog(path, 1e6);
    // Exact, as the bench reports them: a change here is a change in the generator.
    expect(written).toEqual({ bytes: 1_139_134, events: 9974 });
    expect(statSync(path).size).toBe(written.bytes);
    const audit = await auditFile(path, 'one.jsonl');
    if (!audit.ok) throw new Error(audit.message);
    expect(audit).toMatchObject({ events: 9974, turns: 200, steps: 400, requests: 400, replaces: 2, unreconstructable: [] });
    expect(audit.breaks.every((b) => b.cause !== 'unexplained') && audit.drops.every((d) => d.cause !== 'unexplained')).toBe(true);
  });

  it('include the same log compressed as DSH writes it, a checksummed frame per turn, that audits as its plaintext', async () => {
    // The bench itself refuses to time a compressed log that audits otherwise than its plaintext.
    const run = await compressedAuditThroughput({ ...PROFILES.quick, zstdAuditMegabytes: 1, auditSamples: 1 });
    expect(run).toMatchObject({ megabytes: 1, bytes: 1_139_134, events: 9974, frames: 201 });
    expect(run.compressedBytes).toBeLessThan(run.bytes / 4);
    expect(Number.isFinite(run.ratio) && run.ratio > 0).toBe(true);
  });
});

describe('Welch’s test and compare', () => {
  it('computes the regularised incomplete beta and two-sided p-values', () => {
    expect(incompleteBeta(0.5, 1, 1)).toBeCloseTo(0.5, 10);
    expect(incompleteBeta(0.3, 2, 3)).toBeCloseTo(0.3483, 4);
    // t = 2 with 10 degrees of freedom: p ≈ 0.0734.
    const p = welchP({ mean: 2, sd: Math.sqrt(3), samples: 6 }, { mean: 0, sd: Math.sqrt(3), samples: 6 });
    expect(p).toBeCloseTo(0.0734, 3);
    expect(welchP({ mean: 1, sd: 0.1, samples: 30 }, { mean: 1, sd: 0.1, samples: 30 })).toBeCloseTo(1, 10);
  });

  it('flags a significant slowdown above the threshold, weighing the spread of the round means', () => {
    const base = [result('a', 1, 0.05), result('b', 1, 0.05), result('c', 1, 0.5)];
    const head = [result('a', 1.3, 0.05), result('b', 1.02, 0.05), result('c', 1.3, 0.5)];
    const rows = compareResults(base, head, { threshold: 0.1 });
    expect(rows.map((r) => [r.id, r.verdict])).toEqual([
      ['a', 'regression'],
      ['b', 'no change'],
      ['c', 'no change'],
    ]);
    expect(compareResults(base, base).every((r) => r.verdict === 'no change')).toBe(true);
    // Tight samples but rounds that drift apart: the drift, not the samples, decides.
    const drifting = compareResults([result('d', 1, 0.001, 0.3)], [result('d', 1.2, 0.001, 0.3)]);
    expect(drifting[0]!.verdict).toBe('no change');
  });
});

function fabricatedRun(overrides: Partial<BenchRun> = {}): BenchRun {
  const env = { harness: '0.1.0', node: 'v20', v8: '11', platform: 'linux', arch: 'x64', cpu: 'test cpu', cores: 2, memoryGiB: 24, load: 0.1, commit: 'abc', dirty: false };
  const through = { cases: 100, ms: 1000, casesPerSecond: 100 };
  return {
    format: 1,
    profile: 'quick',
    startedAt: '2026-01-01T00:00:00.000Z',
    environment: env,
    fold: { cachedVsNaive10k: 60, perStep10kOver1k: 1.1, referenceVsDsh: 2.5 },
    load: { vsJsonParse: 0.6, referenceVsDsh: 7, eventsPerSecond: { reference: 400000, jsonParse: 700000, dsh: 50000 } },
    check: { overhead: 1.5 },
    proxy: { firstByteDirectMs: 1.5, firstByteProxiedMs: 2, addedFirstByteMs: 0.5 },
    suite: { inProcess: through, stdio: through, stdioOverInProcess: 1 },
    audit: [{ megabytes: 1, bytes: 1_000_500, events: 8000, ms: 250, eventsPerSecond: 32000, megabytesPerSecond: 4.002 }],
    cache: { referenceAttainment: 1, naiveAttainment: 0, simulated: [], recorded: [] },
    counters: { fold: [foldCounters(100)], prefix: { requests: 2, bodyBytes: 10, prefixBytesReused: 5, reuse: 0.5 } },
    results: [result('fold/cached/100', 0.001, 0.0001), { ...result('load/reference/10000', 25, 1), rme: 7 }],
    ...overrides,
  };
}

describe('bench reports', () => {
  it('writes latest.json, an append-only history, Markdown, the benchmark-action file and an offline HTML page', () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-bench-'));
    writeBenchReports(fabricatedRun(), dir);
    writeBenchReports(fabricatedRun({ startedAt: '2026-01-02T00:00:00.000Z' }), dir);
    expect(readHistory(join(dir, 'history.jsonl')).map((h) => h.startedAt)).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z']);
    expect(JSON.parse(readFileSync(join(dir, 'latest.json'), 'utf8'))).toMatchObject({ format: 1, environment: { commit: 'abc', dirty: false } });
    const action = JSON.parse(readFileSync(join(dir, 'benchmark-action.json'), 'utf8')) as Array<{ name: string; unit: string; value: number }>;
    expect(action.map((a) => [a.name, a.unit])).toEqual([
      ['fold/cached/100', 'ms'],
      ['load/reference/10000', 'ms'],
    ]);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/(src|href)="https?:/);
    const md = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(md).toContain('| `fold.cachedVsNaive10k` | 60.0 |');
    expect(md).toContain('| 1.0 MB | 8,000 | 250.00 ms | 32,000 | 4.0 |');
    const compressed = renderBenchMarkdown(fabricatedRun({ compressedAudit: { megabytes: 200, bytes: 200_000_000, events: 1_600_000, compressedBytes: 30_000_000, frames: 34_000, decoder: 'fzstd', encoder: 'zstd command', plainMs: 3000, zstdMs: 4000, ratio: 1.33, megabytesPerSecond: 50 } }));
    expect(compressed).toContain("Compressed as DSH's store writes it (200.0 MB of text in 34,000 checksummed frames, 30.0 MB; written by zstd command, decoded by fzstd)");
    expect(compressed).toContain('the audit takes 1.33× the plaintext\'s CPU time (wall clock 4000.00 ms against 3000.00 ms), 50.0 MB of text per second.');
    // Both renderings flag a margin above 5 %.
    expect(md).toMatch(/\| `load\/reference\/10000` \|.*\| noisy \|/);
    expect(html).toMatch(/<code>load\/reference\/10000<\/code>.*<td>noisy<\/td><\/tr>/);
  });

  it('judges the targets of the benchmark issue', () => {
    const missed = targetsOf(fabricatedRun({ fold: { cachedVsNaive10k: 20, perStep10kOver1k: 3, referenceVsDsh: 0.9 } })).filter((t) => t.met === false).map((t) => t.name);
    expect(missed).toEqual(['fold.cachedVsNaive10k', 'fold.perStep10kOver1k', 'fold.referenceVsDsh']);
  });

  it('holds the default recon check under 15 s, and shows n/a for a run stored before it was timed', () => {
    const judged = (check: BenchRun['check']) => targetsOf(fabricatedRun({ check })).find((t) => t.name === 'check.defaultRunSeconds')!;
    expect(judged({ overhead: 1.5, defaultRunSeconds: 14.9 })).toMatchObject({ value: 14.9, met: true });
    expect(judged({ overhead: 1.5, defaultRunSeconds: 15 })).toMatchObject({ value: 15, met: false });
    expect(judged({ overhead: 1.5 })).toMatchObject({ value: null, met: null });
    expect(renderBenchMarkdown(fabricatedRun({ check: { overhead: 1.5, defaultRunSeconds: 12.34 } }))).toContain('The default `recon check` of the reference: 12.3 s.');
    expect(renderBenchMarkdown(fabricatedRun())).not.toContain('default `recon check`');
  });

  it('recon bench compare prints a Markdown table and fails only on a significant regression', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-compare-'));
    const base = fabricatedRun({ results: [result('fold/cached/100', 1, 0.05)] });
    writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
    writeFileSync(join(dir, 'same.json'), JSON.stringify(base));
    writeFileSync(join(dir, 'slow.json'), JSON.stringify(fabricatedRun({ results: [result('fold/cached/100', 1.5, 0.05)] })));
    const same = await runCli(['bench', 'compare', 'base.json', 'same.json'], {}, dir);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('| `fold/cached/100` |');
    const slow = await runCli(['bench', 'compare', 'base.json', 'slow.json'], {}, dir);
    expect(slow.code).toBe(1);
    expect(slow.stdout).toContain('**regression**');
    expect((await runCli(['bench', 'compare', 'base.json'], {}, dir)).code).toBe(2);
  });
});
