import { Session } from '../src/fold/index.ts';
import { SessionLog } from '../src/log/index.ts';
import { type BenchResult, type Profile } from './_internals/measure.ts';
export declare const FOLD_SIZES: readonly [100, 1000, 10000];
export declare function referenceState(size: number): {
    log: SessionLog;
    session: Session;
};
export declare function foldBenchmarks(profile: Profile): Promise<BenchResult[]>;
