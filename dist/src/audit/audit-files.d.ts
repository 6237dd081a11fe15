import { type LogAudit } from './audit-log.ts';
export interface AuditTarget {
    /** Where to read it. */
    readonly path: string;
    /** How reports name it: as given, or the directory given joined with the path below it. */
    readonly file: string;
    readonly bytes: number;
}
/** Work done so far, for a progress line. */
export interface AuditProgress {
    readonly logs: number;
    readonly bytes: number;
}
/**
 * The logs named by `names` (files, or directories searched recursively for `.jsonl`,
 * in sorted order). A name that cannot be read is kept, so it is reported as unreadable.
 * Returns the directories that hold no log beside the targets.
 */
export declare function auditTargets(names: readonly string[], cwd: string): {
    targets: AuditTarget[];
    empty: string[];
};
/** Audits every target, in process when `workers` is 1 (or there is one log), else on that many worker threads. */
export declare function auditFiles(targets: readonly AuditTarget[], workers: number, progress?: (done: AuditProgress) => void): Promise<LogAudit[]>;
