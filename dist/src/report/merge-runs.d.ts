import { type RunRecord } from '../suite/run-record.ts';
export interface NamedRun {
    readonly file: string;
    readonly run: RunRecord;
}
export declare function mergeRuns(parts: readonly NamedRun[]): RunRecord;
