import { type BenchResult, type Profile } from './_internals/measure.ts';
export declare function proxyBenchmarks(profile: Profile): Promise<BenchResult[]>;
