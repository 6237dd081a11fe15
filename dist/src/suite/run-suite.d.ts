import { type Property, type RegressionPayload } from '../../properties/index.ts';
import type { FirstDifference } from '../report/first-difference.ts';
import { type Implementation, type ImplementationInfo, type Level } from '../conformance/implementation.ts';
import type { RegressionStore } from './regressions.ts';
/** Generated cases per property by default (loop properties weigh 0.5 of it). */
export declare const DEFAULT_RUNS = 100;
/** Below this many cases, generator floors are not enforced: a share needs cases to mean anything. */
export declare const FLOOR_MIN_RUNS = 50;
/**
 * Part i of n of a run (1-based). Generated case k of a property goes to the part with
 * k mod n = i - 1: dealt round-robin, so every part gets small early cases and large late
 * ones alike. Stored regressions are replayed by part 1 only, so merged parts count them once.
 */
export interface Shard {
    readonly index: number;
    readonly count: number;
}
/** How a property failed: a wrong answer, or the implementation could not answer. */
export type FailureKind = 'wrong-answer' | 'crashed' | 'timed-out' | 'protocol-error' | 'generator-floor' | 'harness-error';
export interface Counterexample {
    readonly kind: FailureKind;
    readonly message: string;
    readonly seed?: number;
    readonly path?: string;
    /** The generated case that failed, by its global index (the same input whatever the shard). */
    readonly case?: number;
    /** The stored regression file that holds the input. */
    readonly file?: string;
    readonly input?: RegressionPayload;
    readonly difference?: FirstDifference;
    readonly explanation?: string;
}
export interface PropertyResult {
    readonly id: string;
    readonly title: string;
    readonly clause: string;
    readonly levels: readonly Level[];
    readonly status: 'pass' | 'fail' | 'n/a';
    /** Cases run: stored regressions plus generated ones. */
    readonly runs: number;
    readonly regressions: number;
    readonly timeMs: number;
    readonly reason?: string;
    readonly counterexample?: Counterexample;
    /** Share of generated inputs that carried each label; absent when a failure stopped the cases early. */
    readonly statistics?: Readonly<Record<string, number>>;
    /** How many generated inputs carried each label: parts of a run add up. */
    readonly labels?: Readonly<Record<string, number>>;
    /** The property's generator floors, so merged parts can check them on the sum. */
    readonly floors?: Readonly<Record<string, number>>;
}
export interface SuiteResult {
    readonly implementation: ImplementationInfo;
    readonly seed: number;
    readonly budget: number;
    /** Set when this is one part of a sharded run. */
    readonly shard?: Shard;
    readonly properties: readonly PropertyResult[];
    readonly summary: {
        readonly pass: number;
        readonly fail: number;
        readonly na: number;
    };
    readonly timeMs: number;
}
export type SuiteProgress = {
    readonly type: 'start';
    readonly property: Property<never>;
    readonly index: number;
    readonly total: number;
} | {
    readonly type: 'case';
    readonly property: Property<never>;
    readonly done: number;
    readonly of: number;
} | {
    readonly type: 'end';
    readonly result: PropertyResult;
    readonly index: number;
    readonly total: number;
};
export interface SuiteOptions {
    readonly runs?: number;
    readonly seed?: number;
    /** Run only this part of the generated cases (default: all). */
    readonly shard?: Shard;
    /** Property ids to run (default: all). */
    readonly only?: readonly string[];
    readonly regressions?: RegressionStore;
    readonly onProgress?: (event: SuiteProgress) => void;
    /** Shrink a failure to a minimal input (default true); a kill matrix only needs to know that something fails. */
    readonly shrink?: boolean;
    /** Wall-clock clock for timings; injected so tests stay deterministic where they need to. */
    readonly now?: () => number;
}
/** `--shard i/n`, or a USAGE error that says what it takes. */
export declare function parseShard(text: string): Shard;
export declare function runSuite(impl: Implementation, properties: readonly Property<never>[], options?: SuiteOptions): Promise<SuiteResult>;
/** Why a property does not apply to an implementation (it reports n/a), or undefined when it does. */
export declare function notApplicable(info: ImplementationInfo, property: Pick<Property<never>, 'levels' | 'provider' | 'inProcess'>): string | undefined;
/**
 * The generated cases of one property that belong to `shard`, in order. Case k is what
 * fast-check's own runner generates as run k at this seed (the random stream jumped k + 1
 * times, bias by k), so it depends on (seed, k) only: never on the shard count, and a
 * counterexample's seed and path replay with plain `fc.check`.
 */
export declare function generateCases<I>(property: Pick<Property<I>, 'arbitrary'>, seed: number, numRuns: number, shard?: Shard): Generator<{
    readonly k: number;
    readonly generate: () => I;
}>;
/** Share of generated inputs that carried each label. */
export declare function shares(labels: Readonly<Record<string, number>>, generated: number): Record<string, number>;
/** The generator-floor failure of a complete set of cases, if any label fell below its floor. */
export declare function floorFailure(statistics: Readonly<Record<string, number>>, floors: Readonly<Record<string, number>> | undefined, generated: number, seed: number): Counterexample | undefined;
