/** One audit worker: audits the files it is sent, one at a time, and answers with each result. */
import { serveJobs } from '../../_internals/worker-serve.ts';
import { auditFile } from '../audit-log.ts';

/** A log to audit: where to read it, and how the report names it. */
export interface AuditJob {
  readonly path: string;
  readonly file: string;
}

serveJobs<AuditJob>((job) => auditFile(job.path, job.file));
