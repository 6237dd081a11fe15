// @ts-nocheck
import type { BenchRun } from '../run.ts';

/** The run in github-action-benchmark's `customSmallerIsBetter` format: one entry per timing. */
export function benchmarkActionJson(run: BenchRun): Array<{ name: string; unit: string; value: number; range: string; extra: string }> {
  return run.results.map((r) => ({
    name: r.id,
    unit: 'ms',
    value: r.mean,
    range: `± ${r.rme.toFixed(2)}%`,
    extra: `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.samples} samples${r.untrusted ? ', untrusted' : ''}\ncommit ${run.environment.commit ?? 'unknown'}`,
  }));
}
