import type { LogAudit } from '../audit-log.ts';
export interface WorkerJob {
    readonly index: number;
    readonly path: string;
    readonly file: string;
}
export type WorkerAnswer = {
    readonly index: number;
    readonly audit: LogAudit;
} | {
    readonly index: number;
    readonly error: string;
};
export declare function auditOnWorkers(jobs: readonly Omit<WorkerJob, 'index'>[], workers: number, done: (index: number, audit: LogAudit) => void): Promise<LogAudit[]>;
