/** One audit worker: audits the files it is sent, one at a time, and answers with each result. */
// @ts-nocheck

import { serveJobs } from '../../_internals/worker-serve.ts';
import { auditFile, type AuditOptions } from '../audit-log.ts';

/** A log to audit: where to read it, how the report names it, and what it is audited with. */
export interface AuditJob {
  readonly path: string;
  readonly file: string;
  readonly options: AuditOptions;
}

serveJobs<AuditJob>((job) => auditFile(job.path, job.file, undefined, job.options));
