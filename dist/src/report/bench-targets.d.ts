import type { BenchRun } from '../../benchmarks/run.ts';
/** The targets of the benchmark issue, each with the number a run reports for it. */
export interface Target {
    readonly name: string;
    readonly value: number | null;
    readonly goal: string;
    readonly met: boolean | null;
}
export declare function targetsOf(run: BenchRun): Target[];
export declare function formatRatio(value: number | null): string;
