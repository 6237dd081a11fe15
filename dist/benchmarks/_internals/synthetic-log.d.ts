/**
 * Deterministic logs of a given length, shaped like real agent sessions: two-step turns
 * with reasoning, text and a tool call streamed as delta runs, usage on every step, a
 * compaction every 100 turns (never in the steps after a benchmark size) and a resume every 40. Built by the property generators'
 * builder, so benchmarks and properties exercise the same shapes.
 */
import { type GeneratedLog, type LogPlan } from '../../properties/arbitraries/session-log.ts';
import type { SessionEvent } from '../../src/log/index.ts';
type TurnPlan = LogPlan['turns'][number];
/** The plan of synthetic turn `t` (0-based). */
export declare function syntheticTurn(t: number): TurnPlan;
export interface SyntheticLog {
    /** The first `events` events, as canonical JSONL (delta runs packed). */
    readonly jsonl: string;
    readonly header: GeneratedLog['header'];
    /** The base events, then the events of each of the steps that follow them. */
    readonly base: readonly SessionEvent[];
    readonly steps: ReadonlyArray<readonly SessionEvent[]>;
}
export declare function syntheticLog(events: number): SyntheticLog;
export {};
