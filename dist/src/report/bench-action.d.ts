import type { BenchRun } from '../../benchmarks/run.ts';
/** The run in github-action-benchmark's `customSmallerIsBetter` format: one entry per timing. */
export declare function benchmarkActionJson(run: BenchRun): Array<{
    name: string;
    unit: string;
    value: number;
    range: string;
    extra: string;
}>;
