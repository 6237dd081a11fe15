import type { Profile } from './_internals/measure.ts';
export interface AuditThroughput {
    /** The size asked for; `bytes` and `events` are the exact size of the generated log. */
    readonly megabytes: number;
    readonly bytes: number;
    readonly events: number;
    /** Median wall time of one audit. */
    readonly ms: number;
    readonly eventsPerSecond: number;
    readonly megabytesPerSecond: number;
}
export declare function auditThroughput(profile: Profile): Promise<AuditThroughput[]>;
