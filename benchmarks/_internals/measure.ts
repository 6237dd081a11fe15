/**
 * A thin layer over tinybench (pinned exactly: its result shape changed twice). What we
 * keep of a task is our own `BenchResult`, so reports do not change when tinybench does.
 */
import { Bench, type FnOptions } from 'tinybench';

export interface BenchResult {
  /** Stable id, e.g. `fold/cached/10000`: compare and history match on it. */
  readonly id: string;
  /** Mean latency in milliseconds, then the median and the 99th percentile. */
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  /** Standard deviation (ms), for Welch's test when comparing runs. */
  readonly sd: number;
  /** Relative margin of error of the mean, in percent. */
  readonly rme: number;
  readonly samples: number;
  /** tinybench warned that the timer saturated: the numbers are not to be trusted. */
  readonly untrusted: boolean;
  readonly warnings: readonly string[];
}

export interface Profile {
  readonly name: 'quick' | 'full';
  /** Minimum time per task (ms) and minimum samples. */
  readonly time: number;
  readonly iterations: number;
}

export const PROFILES: Record<Profile['name'], Profile> = {
  quick: { name: 'quick', time: 150, iterations: 20 },
  full: { name: 'full', time: 1000, iterations: 100 },
};

export interface TaskSpec {
  readonly id: string;
  readonly fn: () => unknown;
  readonly options?: FnOptions;
}

/** Runs the tasks one after another, each with a warm-up, and returns one result per task. */
export async function measure(profile: Profile, tasks: readonly TaskSpec[]): Promise<BenchResult[]> {
  const bench = new Bench({ time: profile.time, iterations: profile.iterations, warmupTime: profile.time / 5, warmupIterations: 5 });
  const warnings = new Map<string, string[]>();
  bench.addEventListener('warning', (event) => {
    const name = (event as unknown as { task?: { name: string } }).task?.name ?? '';
    const reason = String((event as unknown as { reason?: string }).reason ?? 'timer saturation');
    warnings.set(name, [...(warnings.get(name) ?? []), reason]);
  });
  for (const task of tasks) bench.add(task.id, task.fn, task.options);
  await bench.run();
  return bench.tasks.map((task) => {
    const result = task.result;
    if (result.state !== 'completed' && result.state !== 'aborted-with-statistics') {
      throw new Error(`benchmark ${task.name} did not complete: ${result.state === 'errored' ? result.error.message : result.state}`);
    }
    const l = result.latency;
    const warned = warnings.get(task.name) ?? [];
    return { id: task.name, mean: l.mean, p50: l.p50, p99: l.p99, sd: l.sd, rme: l.rme, samples: l.samplesCount, untrusted: warned.length > 0, warnings: warned };
  });
}
