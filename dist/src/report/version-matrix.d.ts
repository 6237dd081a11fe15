import type { RunRecord, RunResult } from '../suite/run-record.ts';
export interface MatrixColumn {
    /** `--impl` of the run, e.g. `dsh@0.1.0-rc.6`. */
    readonly impl: string;
    readonly name: string;
    readonly version: string;
    readonly levels: readonly string[];
    readonly seed: number;
    readonly budget: number;
    readonly timeMs: number;
    readonly summary: RunRecord['footer']['summary'];
}
export interface MatrixCell {
    readonly status: RunResult['status'];
    /** The run expected this result (an expectations entry, or n/a for a missing level). */
    readonly expected: boolean;
    readonly runs: number;
}
export interface MatrixRow {
    readonly id: string;
    readonly level: string;
    readonly title: string;
    /** One per column; `undefined` when that run did not check the property. */
    readonly cells: ReadonlyArray<MatrixCell | undefined>;
    /** Two versions that checked the property disagree (pass against fail); n/a is a missing level, not a change. */
    readonly differs: boolean;
}
export interface VersionMatrix {
    readonly columns: readonly MatrixColumn[];
    readonly rows: readonly MatrixRow[];
}
/** The matrix of `runs`, columns in the order given; rows in the order the runs list properties. */
export declare function versionMatrix(runs: readonly RunRecord[]): VersionMatrix;
export declare function renderMatrixMarkdown(matrix: VersionMatrix): string;
export declare function renderMatrixHtml(matrix: VersionMatrix): string;
