import { type RunRecord } from '../suite/run-record.ts';
/** The renderings of a run, by file name. */
export declare const RENDERINGS: Record<string, (run: RunRecord) => string>;
/** Writes every rendering of `run` into `dir`, each atomically (a killed run leaves no half file); returns the files written. */
export declare function writeReports(run: RunRecord, dir: string): string[];
