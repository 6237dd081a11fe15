import type { BenchRun } from '../../benchmarks/run.ts';
import { type HistoryEntry } from './bench-html.ts';
export declare function readHistory(file: string): HistoryEntry[];
/** Writes latest.json, appends to history.jsonl, and renders summary.md, benchmark-action.json and index.html. */
export declare function writeBenchReports(run: BenchRun, dir: string): string[];
