import { type BrokenPart } from '../fold/index.ts';
import { type TornTail } from '../log/index.ts';
/** Why the cache could not read what it read before: the logged event, or nothing. */
export type BreakCause = 'first-request' | 'resume' | 'change' | 'replace' | 'unexplained';
export interface UsagePoint {
    readonly turn: number;
    readonly step: number;
    /** Uncached input (DSH usage is disjoint). */
    readonly inputTokens: number;
    /** Absent when the provider did not report cache reads: unknown, not zero. */
    readonly cacheReadTokens?: number;
    readonly cacheWriteTokens?: number;
}
export interface StepCause {
    readonly turn: number;
    readonly step: number;
    readonly cause: BreakCause;
}
export interface RequestAt {
    readonly turn: number;
    readonly step: number;
    /** The request boundary: the first event its attempt produced. */
    readonly seq: number;
}
export interface PrefixBreak extends StepCause {
    /** What differs from the previous request: the route (a provider's cache is per model), the system prompt, the tools, or the messages. */
    readonly part: BrokenPart;
}
export interface AuditedLog {
    readonly file: string;
    readonly ok: true;
    readonly events: number;
    readonly turns: number;
    readonly steps: number;
    readonly requests: number;
    readonly headers: {
        readonly initial: number;
        readonly resume: number;
        readonly change: number;
    };
    readonly replaces: number;
    readonly usage: readonly UsagePoint[];
    /** Σ cache reads ÷ Σ billed input over the steps that report cache reads; null when none do. */
    readonly cacheReadRate: number | null;
    readonly drops: readonly StepCause[];
    /** Requests whose system, tools or message prefix differ from the previous request's. */
    readonly breaks: readonly PrefixBreak[];
    /** Requests with no request/header before them: nothing to rebuild them from. */
    readonly unreconstructable: readonly RequestAt[];
    readonly upgradedEvents: number;
    readonly tornTail?: TornTail;
}
export interface RefusedLog {
    readonly file: string;
    readonly ok: false;
    readonly code: string;
    readonly message: string;
    readonly line?: number;
    readonly seq?: number;
    readonly hint?: string;
}
export type LogAudit = AuditedLog | RefusedLog;
/** Audits a log held in memory; `auditFile` reads the same from a file, streaming. */
export declare function auditLog(text: string, file: string): LogAudit;
/**
 * Audits a log file in one pass without holding its text or its events: memory follows
 * the surface of the log (what the fold keeps), the usage series and the findings.
 */
export declare function auditFile(path: string, file: string, progress?: (bytes: number) => void): Promise<LogAudit>;
/** Token-weighted: Σ reads ÷ Σ (uncached + reads + writes), over steps that report reads. */
export declare function cacheReadRate(usage: readonly UsagePoint[]): number | null;
