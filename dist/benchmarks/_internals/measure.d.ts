/**
 * A thin layer over tinybench (pinned exactly: its result shape changed twice). What we
 * keep of a task is our own `BenchResult`, so reports do not change when tinybench does.
 *
 * Tasks run in rounds, all tasks once per round: a heap, a JIT or a machine that drifts
 * during a run then shows in the spread of the round means, which is what comparing two
 * runs must weigh — the spread of samples within one round understates it.
 */
import { type FnOptions } from 'tinybench';
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
}
export declare const PROFILES: Record<Profile['name'], Profile>;
export interface TaskSpec {
    readonly id: string;
    readonly fn: () => unknown;
    readonly options?: FnOptions;
}
export declare function measure(profile: Profile, tasks: readonly TaskSpec[]): Promise<BenchResult[]>;
