/**
 * The bench report as one HTML page with inline SVG charts — the fold's scaling curves,
 * the targets, and the history of the key ratios — readable with no network.
 */
import type { BenchRun } from '../../benchmarks/run.ts';
/** One line of reports/bench/history.jsonl. */
export interface HistoryEntry {
    readonly startedAt: string;
    readonly commit: string | null;
    readonly dirty: boolean | null;
    readonly profile: string;
    readonly ratios: Readonly<Record<string, number | null>>;
    readonly means: Readonly<Record<string, number>>;
}
export declare function renderBenchHtml(run: BenchRun, history: readonly HistoryEntry[]): string;
