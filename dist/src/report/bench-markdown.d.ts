/** A bench run as Markdown: the targets first, then every timing. */
import type { BenchRun } from '../../benchmarks/run.ts';
import type { Comparison } from '../../benchmarks/compare.ts';
import type { BenchResult } from '../../benchmarks/_internals/measure.ts';
export declare function formatMs(ms: number): string;
/** Where and when the run happened, one line (Markdown and HTML alike). */
export declare function environmentLine(run: BenchRun): string;
/** Why a timing should be read with care: tinybench's warnings, or a margin above 5 %. */
export declare function resultNote(r: BenchResult): string;
export declare function renderBenchMarkdown(run: BenchRun): string;
export declare function renderCompareMarkdown(rows: readonly Comparison[], threshold: number, factor: number, alpha: number): string;
