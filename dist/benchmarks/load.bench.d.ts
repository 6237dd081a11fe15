import { type BenchResult, type Profile } from './_internals/measure.ts';
export declare const LOAD_SIZE = 10000;
export declare function loadBenchmarks(profile: Profile): Promise<BenchResult[]>;
/**
 * The load ratios from paired samples: each sample times the three loaders back to back,
 * so a machine that speeds up or slows down between tasks does not move the ratio.
 * Medians of the per-sample ratios.
 */
export declare function pairedLoadRatios(pairs: number): {
    readonly vsJsonParse: number;
    readonly referenceVsDsh: number;
};
