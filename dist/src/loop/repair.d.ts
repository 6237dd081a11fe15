/**
 * Crash repair (spec §4.5): a log that ends inside a turn gets the events a clean stop
 * would have written — a result for every tool call left without one, `step/end`, and
 * `turn/end {interrupted}` — before a new loop instance continues it.
 */
import type { SessionLog } from '../log/index.ts';
export declare const TOOL_OUTCOME_UNKNOWN = "TOOL_OUTCOME_UNKNOWN";
export declare const TOOL_NOT_STARTED = "TOOL_NOT_STARTED";
export declare function closeInterruptedTurn(log: SessionLog): void;
