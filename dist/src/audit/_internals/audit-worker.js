/** One audit worker: audits the files it is sent, one at a time, and answers with each result. */
import { parentPort } from 'node:worker_threads';
import { auditFile } from "../audit-log.js";
const port = parentPort;
port.on('message', (job) => {
    auditFile(job.path, job.file).then((audit) => port.postMessage({ index: job.index, audit }), (error) => port.postMessage({ index: job.index, error: error instanceof Error ? error.message : String(error) }));
});
