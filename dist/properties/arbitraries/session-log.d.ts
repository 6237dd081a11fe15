/**
 * Valid session logs, generated. A plan (turns → steps → replies, with compactions,
 * tool-result trims, resumes, header changes, retries, failed and unstreamed replies,
 * noise and an open last turn) is drawn by fast-check, so it shrinks; a builder turns
 * the plan into events and canonical JSONL, packing runs of three or more deltas into
 * chunk rows as a DSH writer does.
 *
 * Every free-text field is drawn from text.ts (every value class), and turns written by
 * an "older harness" are stored in the older shapes the loader upgrades (spec §5.3 item
 * 3, the `apps/web` corpus logs). The builder knows both forms: `jsonl` holds what is
 * stored, `events` what a reader must load, and `expected` the messages and header a
 * fold must derive — all written directly, without the reference: a generator that
 * used the code under test could not find that code's bugs.
 */
import fc from 'fast-check';
import type { JsonValue, SessionEvent, SessionHeader } from '../../src/log/index.ts';
export interface GeneratedLog {
    readonly header: SessionHeader;
    /** The events a reader must load: older shapes already upgraded. */
    readonly events: readonly SessionEvent[];
    /** Canonical JSONL as stored: header line, then events (older shapes as written) with delta runs packed into rows. */
    readonly jsonl: string;
    readonly stats: LogStats;
    /** Events as stored, where they differ from `events` (older shapes). */
    readonly stored?: readonly SessionEvent[];
    /** What the builder knows a fold must derive; absent for a log read back from a file. */
    readonly expected?: LogExpectation;
}
export interface LogExpectation {
    /** The derived messages after the first `k` events. */
    messagesAt(k: number): JsonValue[];
    /** The folded request header after the first `k` events (null before the first). */
    headerAt(k: number): JsonValue | null;
}
export interface LogStats {
    readonly replaces: number;
    readonly toolPairs: number;
    readonly headerChanges: number;
    readonly resumes: number;
    readonly chunkRows: number;
    readonly ignorable: number;
    readonly injections: number;
    /** Labels of what else the log holds: text classes per field, legacy shapes, usage fields, boundary kinds. */
    readonly labels?: Readonly<Record<string, boolean>>;
}
type Text = string;
/** Optional usage fields, each present or absent (spec §2.1 TokenUsage). */
interface UsagePlan {
    readonly input: number;
    readonly read: number | null;
    readonly output?: number;
    readonly write?: number;
    readonly reasoning?: number;
}
interface ToolOutputPlan {
    readonly blocks: readonly Text[];
    readonly isError: boolean;
}
interface ReplyPlan {
    readonly reasoning: Text | null;
    readonly text: Text | null;
    readonly calls: number;
    readonly deltas: number;
    /** Raw argument strings of the calls, in order (a default path object where absent). */
    readonly args?: readonly Text[];
}
/** How the reply reached the log (spec §2.3 llm/retry, §4.5, §2.4 sourceEventSeqs). */
export type Boundary = 'streamed' | 'retry' | 'error finish' | 'unstreamed' | 'unrecorded';
interface StepPlan {
    readonly injects: readonly Text[];
    readonly header: 'keep' | 'system' | 'tools' | 'config' | 'noncanonical';
    readonly reply: ReplyPlan;
    readonly usage: UsagePlan | null;
    readonly noise: readonly NoiseKind[];
    readonly systemText?: Text;
    readonly outputs?: readonly ToolOutputPlan[];
    readonly boundary?: Boundary;
}
type TurnEnd = 'completed' | 'max-tokens' | 'error' | 'aborted' | 'disposed';
interface TurnPlan {
    readonly prompt: Text;
    readonly steps: readonly StepPlan[];
    readonly compactKeep: number | null;
    readonly trimPick: number | null;
    readonly resume: boolean;
    readonly end: TurnEnd;
}
/** Older shapes a turn of an older harness is stored in. */
export type LegacyShape = 'turn/start trigger' | 'pre-identity user' | 'pre-identity assistant' | 'pre-identity tool result' | 'steering' | 'old turn/end';
export declare const LEGACY_SHAPES: readonly LegacyShape[];
interface LegacyPlan {
    /** Turns 1..turns were written by the older harness. */
    readonly turns: number;
    readonly shapes: readonly LegacyShape[];
}
export interface LogPlan {
    readonly turns: readonly TurnPlan[];
    readonly system?: Text;
    readonly tools?: readonly string[];
    readonly legacy?: LegacyPlan | null;
    /** A last turn left open (a crash before its turn/end), with this prompt. */
    readonly openTail?: Text | null;
}
type NoiseKind = 'todo' | 'context' | 'title' | 'ignorable' | 'hook';
/** Plans of at most `maxTurns` turns. */
export declare function logPlanOf(maxTurns: number): fc.Arbitrary<LogPlan>;
export declare const logPlan: fc.Arbitrary<LogPlan>;
/** Valid logs. With `noise: false` the same plan builds without log-only noise events. */
export declare function sessionLog(options?: {
    noise?: boolean;
}): fc.Arbitrary<GeneratedLog>;
export declare function buildLog(plan: LogPlan, options?: {
    noise?: boolean;
}): GeneratedLog;
/** JSONL with runs of three or more consecutive same-block deltas packed into chunk rows. */
export declare function writeJsonl(header: SessionHeader, events: readonly SessionEvent[], pack?: boolean): string;
/** The JSONL of the first `k` events, unpacked: a valid log of its own. */
export declare function prefixJsonl(log: GeneratedLog, k: number): string;
/** A stored log read back as a generated one (for regressions): statistics are not kept. */
export declare function generatedFromJsonl(jsonl: string, events: readonly SessionEvent[]): GeneratedLog;
/** How many events a JSONL log holds (its last seq + 1), read from its last line. */
export declare function eventCount(jsonl: string): number;
export {};
