/**
 * A thin layer over tinybench (pinned exactly: its result shape changed twice). What we
 * keep of a task is our own `BenchResult`, so reports do not change when tinybench does.
 *
 * Tasks run in rounds, all tasks once per round: a heap, a JIT or a machine that drifts
 * during a run then shows in the spread of the round means, which is what comparing two
 * runs must weigh — the spread of samples within one round understates it.
 */
// @ts-nocheck

import { Bench, type FnOptions } from 'tinybench';

export interface BenchResult {
  /** Stable id, e.g. `fold/cached/10000`: compare and history match on it. */
  readonly id: string;
  /** Latency in milliseconds over all samples: mean, median, 99th percentile, standard deviation. */
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  readonly sd: number;
  /** Relative margin of error of the mean, in percent. */
  readonly rme: number;
  readonly samples: number;
  /** The mean of each round (ms). */
  readonly rounds: readonly number[];
  /** tinybench warned that the timer saturated: the numbers are not to be trusted. */
  readonly untrusted: boolean;
  readonly warnings: readonly string[];
}

export interface Profile {
  readonly name: 'quick' | 'full';
  /** Minimum time (ms) and samples per task and round. */
  readonly time: number;
  readonly iterations: number;
  readonly rounds: number;
  /** Samples per fold task and round: each builds sessions of up to 10 000 events, so samples, not time, bound it. */
  readonly foldSamples: number;
  /** Paired samples behind the load ratios. */
  readonly loadPairs: number;
  /** Cases per property in the suite-throughput run. */
  readonly suiteRuns: number;
  /** Sizes of the generated logs the audit throughput is measured on, and audits timed per size. */
  readonly auditMegabytes: readonly number[];
  readonly auditSamples: number;
  /** Uncompressed size of the log the compressed audit is timed on, against its plaintext. */
  readonly zstdAuditMegabytes: number;
  /** Default `recon check` runs timed (each a whole suite: seconds, not milliseconds). */
  readonly checkSamples: number;
}

export const PROFILES: Record<Profile['name'], Profile> = {
  quick: { name: 'quick', time: 60, iterations: 8, rounds: 3, foldSamples: 12, loadPairs: 40, suiteRuns: 30, auditMegabytes: [1, 10], auditSamples: 3, zstdAuditMegabytes: 10, checkSamples: 1 },
  full: { name: 'full', time: 400, iterations: 30, rounds: 6, foldSamples: 30, loadPairs: 40, suiteRuns: 100, auditMegabytes: [1, 10, 100], auditSamples: 3, zstdAuditMegabytes: 200, checkSamples: 3 },
};

export interface TaskSpec {
  readonly id: string;
  readonly fn: () => unknown;
  readonly options?: FnOptions;
}

interface RoundResult {
  readonly mean: number;
  readonly samples: readonly number[];
  readonly warnings: readonly string[];
}

export async function measure(profile: Profile, tasks: readonly TaskSpec[]): Promise<BenchResult[]> {
  const perTask = new Map<string, RoundResult[]>(tasks.map((t) => [t.id, []]));
  for (let round = 0; round < profile.rounds; round++) {
    const bench = new Bench({ time: profile.time, iterations: profile.iterations, warmupTime: profile.time / 5, warmupIterations: 5, retainSamples: true });
    const warnings = new Map<string, string[]>();
    bench.addEventListener('warning', (event) => {
      const name = event.task.name;
      warnings.set(name, [...(warnings.get(name) ?? []), event.reason ?? 'timer saturation']);
    });
    for (const task of tasks) bench.add(task.id, task.fn, task.options);
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== 'completed' && result.state !== 'aborted-with-statistics') {
        throw new Error(`benchmark ${task.name} did not complete: ${result.state === 'errored' ? result.error.message : result.state}`);
      }
      perTask.get(task.name)!.push({ mean: result.latency.mean, samples: result.latency.samples ?? [], warnings: warnings.get(task.name) ?? [] });
    }
  }
  return tasks.map(({ id }) => summarise(id, perTask.get(id)!));
}

function summarise(id: string, rounds: readonly RoundResult[]): BenchResult {
  const samples = rounds.flatMap((r) => r.samples).sort((a, b) => a - b);
  const n = samples.length;
  const mean = samples.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(samples.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  const at = (q: number) => samples[Math.min(n - 1, Math.floor(q * n))]!;
  // 95 % margin of error of the mean, relative, with the normal quantile (n is never tiny here).
  const rme = ((1.96 * sd) / Math.sqrt(n) / mean) * 100;
  const warnings = [...new Set(rounds.flatMap((r) => r.warnings))];
  return { id, mean, p50: at(0.5), p99: at(0.99), sd, rme, samples: n, rounds: rounds.map((r) => r.mean), untrusted: warnings.length > 0, warnings };
}
