// @ts-nocheck
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { BenchRun } from '../../benchmarks/run.ts';
import { benchBmf } from '../../benchmarks/report/bench-bmf.ts';
import { writeBenchReports } from '../../benchmarks/report/write-bench-reports.ts';
import { runCli } from '../helpers/run-cli.ts';

/** Bencher Metric Format, as its reference states it: benchmark name → measure → a value with optional bounds. */
const BMF_SCHEMA = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    minProperties: 1,
    additionalProperties: {
      type: 'object',
      properties: { value: { type: 'number' }, lower_value: { type: 'number' }, upper_value: { type: 'number' } },
      required: ['value'],
      additionalProperties: false,
    },
  },
};

/** The stored full-profile run, with one audit size added (it predates the audit bench). */
function storedRun(): BenchRun {
  const run = JSON.parse(readFileSync(join(import.meta.dirname, '../../reports/bench/baseline.json'), 'utf8')) as BenchRun;
  return { ...run, audit: [{ megabytes: 10, bytes: 10_000_000, events: 80_000, ms: 400, eventsPerSecond: 200_000, megabytesPerSecond: 25 }] };
}

describe('recon bench in Bencher Metric Format', () => {
  it('has a latency in nanoseconds for every timing, bounded by its margin of error, and the throughputs', () => {
    const run = storedRun();
    const bmf = benchBmf(run);
    const validate = new Ajv({ strict: true }).compile(BMF_SCHEMA);
    expect(validate(bmf), JSON.stringify(validate.errors)).toBe(true);
    for (const r of run.results) {
      const { value, lower_value: lower, upper_value: upper } = bmf[r.id]!['latency']!;
      expect(value).toBeCloseTo(r.mean * 1e6, 6);
      expect(lower! <= value && value <= upper!).toBe(true);
      expect(upper! - lower!).toBeCloseTo((2 * r.mean * r.rme) / 100 * 1e6, 3);
      expect(lower).toBeGreaterThanOrEqual(0);
    }
    expect(bmf['suite/in-process']).toEqual({ throughput: { value: run.suite.inProcess.casesPerSecond } });
    expect(bmf['suite/stdio']).toEqual({ throughput: { value: run.suite.stdio.casesPerSecond } });
    expect(bmf['audit/10mb']).toEqual({ latency: { value: 400e6 }, throughput: { value: 200_000 } });
    expect(Object.keys(bmf)).toHaveLength(run.results.length + 3);
    const compressedAudit = { megabytes: 200, bytes: 200_000_000, events: 1_600_000, compressedBytes: 30_000_000, frames: 34_000, decoder: 'fzstd', encoder: 'zstd command', plainMs: 3000, zstdMs: 4000, ratio: 1.33, megabytesPerSecond: 50 };
    expect(benchBmf({ ...run, compressedAudit })['audit/zstd/200mb']).toEqual({ latency: { value: 4000e6 }, throughput: { value: 400_000 } });
  });

  it('is written into the bench report directory beside the benchmark-action file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-bmf-'));
    const run = storedRun();
    const files = writeBenchReports(run, dir);
    expect(files).toContain(join(dir, 'bmf.json'));
    expect(JSON.parse(readFileSync(join(dir, 'bmf.json'), 'utf8'))).toEqual(benchBmf(run));
    expect(readFileSync(join(dir, 'benchmark-action.json'), 'utf8')).toContain('"unit": "ms"');
  });

  it('takes --format md|json|bmf|benchmark-action, and refuses anything else before it measures', async () => {
    const bad = await runCli(['bench', '--format', 'csv']);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('md, json, bmf, benchmark-action') as string]);
    expect((await runCli(['bench', '--json', '--format', 'bmf'])).code).toBe(2);
    expect((await runCli(['bench', '--help'])).stdout).toMatch(/--format <f> .*\n.*bmf \(Bencher Metric Format\)/);
  });
});
