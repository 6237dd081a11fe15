/**
 * Comparing two bench runs: Welch's t-test per benchmark (unequal variances), and a
 * regression only when it is significant AND slower by more than a threshold, as Node's
 * own benchmark/compare does. A single-sample ratio is never a verdict.
 *
 * Two runs happen at different times on a machine whose speed drifts (a shared VM runs
 * everything 30–40 % slower for minutes at a time). Each run therefore carries a
 * calibration benchmark that runs none of our code — bare JSON.parse of a log — and the
 * head run is scaled by how much faster or slower the machine ran it.
 */
import type { BenchResult } from './_internals/measure.ts';
export interface Comparison {
    readonly id: string;
    readonly base: number;
    readonly head: number;
    /** (head − base) / base after calibration: positive is slower. */
    readonly change: number;
    /** The same, before calibration. */
    readonly rawChange: number;
    readonly p: number;
    readonly verdict: 'regression' | 'improvement' | 'no change' | 'untrusted' | 'calibration';
}
export interface CompareOptions {
    /** Slower by more than this share (0.1 = 10 %) counts, when significant. */
    readonly threshold?: number;
    readonly alpha?: number;
    /** Scale the head run by the calibration benchmark's speed ratio (default true when both runs have it). */
    readonly calibrate?: boolean;
}
/** How much slower the machine ran the head run than the base run (1 = the same). */
export declare function machineFactor(base: readonly BenchResult[], head: readonly BenchResult[]): number;
export declare function compareResults(base: readonly BenchResult[], head: readonly BenchResult[], options?: CompareOptions): Comparison[];
/** Two-sided p-value of Welch's t-test from means, standard deviations and sample counts. */
export declare function welchP(a: Pick<BenchResult, 'mean' | 'sd' | 'samples'>, b: Pick<BenchResult, 'mean' | 'sd' | 'samples'>): number;
/** The regularised incomplete beta function I_x(a, b), by its continued fraction (Lentz's method). */
export declare function incompleteBeta(x: number, a: number, b: number): number;
