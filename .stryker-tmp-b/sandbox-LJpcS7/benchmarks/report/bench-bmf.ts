/**
 * A bench run in Bencher Metric Format (BMF): `{ "<benchmark>": { "<measure>": { value,
 * lower_value, upper_value } } }`, for `bencher run --adapter json --file bmf.json`. Only
 * Bencher's two built-in measures are used, in their units: `latency` in nanoseconds
 * and `throughput` in operations per second.
 */
// @ts-nocheck

import type { BenchRun } from '../run.ts';

export interface BmfMetric {
  readonly value: number;
  readonly lower_value?: number;
  readonly upper_value?: number;
}

export type BencherMetricFormat = Readonly<Record<string, Readonly<Record<string, BmfMetric>>>>;

const NS_PER_MS = 1e6;

/**
 * Timings: the mean latency, bounded by the mean ± its relative margin of error (the
 * spread Bencher draws). Suite: generated cases per second. Audit: the time of one pass
 * over each generated log and its events per second, the compressed one included.
 */
export function benchBmf(run: BenchRun): BencherMetricFormat {
  const bmf: Record<string, Record<string, BmfMetric>> = {};
  for (const r of run.results) {
    const margin = (r.mean * r.rme) / 100;
    bmf[r.id] = { latency: { value: r.mean * NS_PER_MS, lower_value: Math.max(0, r.mean - margin) * NS_PER_MS, upper_value: (r.mean + margin) * NS_PER_MS } };
  }
  bmf['suite/in-process'] = { throughput: { value: run.suite.inProcess.casesPerSecond } };
  bmf['suite/stdio'] = { throughput: { value: run.suite.stdio.casesPerSecond } };
  for (const a of run.audit) bmf[`audit/${a.megabytes}mb`] = { latency: { value: a.ms * NS_PER_MS }, throughput: { value: a.eventsPerSecond } };
  const z = run.compressedAudit;
  if (z !== undefined) bmf[`audit/zstd/${z.megabytes}mb`] = { latency: { value: z.zstdMs * NS_PER_MS }, throughput: { value: (z.events / z.zstdMs) * 1000 } };
  return bmf;
}
