/**
 * Audits many files on worker threads: each worker takes the next file when it is done
 * with one, and results are kept by position, so the order never depends on timing.
 */
import { Worker } from 'node:worker_threads';
const ENTRY = new URL('./worker-entry.mjs', import.meta.url);
export async function auditOnWorkers(jobs, workers, done) {
    const results = new Array(jobs.length);
    let next = 0;
    const pool = Array.from({ length: Math.min(workers, jobs.length) }, () => new Worker(ENTRY));
    try {
        await Promise.all(pool.map((worker) => new Promise((resolve, reject) => {
            const give = () => {
                if (next >= jobs.length)
                    return resolve();
                const index = next++;
                worker.postMessage({ index, ...jobs[index] });
            };
            worker.on('message', (answer) => {
                if ('error' in answer)
                    return reject(new Error(`auditing ${jobs[answer.index].file} failed: ${answer.error}`));
                results[answer.index] = answer.audit;
                done(answer.index, answer.audit);
                give();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => reject(new Error(`an audit worker stopped (exit code ${code})`)));
            give();
        })));
    }
    finally {
        await Promise.all(pool.map((worker) => worker.terminate()));
    }
    return results;
}
