/** A run as a person reads it in a terminal: a table, generator statistics, then each failure explained. */
import type { RegressionPayload } from '../../properties/index.ts';
import type { RunRecord, RunResult } from '../suite/run-record.ts';
export declare function formatDuration(ms: number): string;
export declare function resultLabel(r: RunResult): string;
/** The results every rendering explains below its table: failures, and anything unexpected. */
export declare function toExplain(run: RunRecord): RunResult[];
/** A minimal input as a reader sees it: the log itself, or the scenario as JSON. */
export declare function inputText(input: RegressionPayload): string;
export declare function replayCommand(run: RunRecord, r: RunResult): string;
export declare function renderRunText(run: RunRecord): string;
export declare function renderFailure(run: RunRecord, r: RunResult): string;
/** `arg` as one shell word: unchanged when it is plain, else in single quotes, so a printed command pastes. */
export declare function shellQuote(arg: string): string;
