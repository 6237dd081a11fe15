import { type AuditThroughput } from './audit.bench.ts';
import { type FoldCounters, type PrefixCounters } from './counters.ts';
import { type Throughput } from './suite-throughput.bench.ts';
import { type Environment } from './_internals/environment.ts';
import { type BenchResult, type Profile } from './_internals/measure.ts';
export declare const BENCH_FORMAT = 1;
export interface CacheRun {
    readonly label: string;
    readonly requests: number;
    readonly rate: number | null;
    readonly attainment: number | null;
}
export interface BenchRun {
    readonly format: typeof BENCH_FORMAT;
    readonly profile: Profile['name'];
    readonly startedAt: string;
    readonly environment: Environment;
    /** Ratios of medians (load: of paired samples): bigger is better, except `perStep10kOver1k` (cost at 10k over cost at 1k) and `check.overhead`. */
    readonly fold: {
        readonly cachedVsNaive10k: number;
        readonly perStep10kOver1k: number;
        readonly referenceVsDsh: number;
    };
    readonly load: {
        readonly vsJsonParse: number;
        readonly referenceVsDsh: number;
        readonly eventsPerSecond: Readonly<Record<'reference' | 'jsonParse' | 'dsh', number>>;
    };
    readonly check: {
        readonly overhead: number;
    };
    /** recon proxy in front of the simulator: median time to the first byte of a streamed reply, direct and proxied (ms). */
    readonly proxy?: {
        readonly firstByteDirectMs: number;
        readonly firstByteProxiedMs: number;
        readonly addedFirstByteMs: number;
    };
    readonly suite: {
        readonly inProcess: Throughput;
        readonly stdio: Throughput;
        readonly stdioOverInProcess: number;
    };
    /** `recon audit` on generated logs, one size each. */
    readonly audit: readonly AuditThroughput[];
    readonly cache: {
        readonly referenceAttainment: number | null;
        readonly naiveAttainment: number | null;
        readonly simulated: readonly CacheRun[];
        readonly recorded: readonly CacheRun[];
    };
    readonly counters: {
        readonly fold: readonly FoldCounters[];
        readonly prefix: PrefixCounters;
    };
    readonly results: readonly BenchResult[];
}
export type BenchProgress = (step: string) => void;
export declare function runBench(profileName: Profile['name'], progress?: BenchProgress): Promise<BenchRun>;
