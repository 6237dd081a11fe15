/**
 * Jobs spread over this thread and `count - 1` worker threads, results in job order.
 * Each thread takes the next job when it is free, so the order jobs finish in never
 * changes what is returned. A worker module answers through `serveJobs` (worker-serve.ts).
 */
import { Worker } from 'node:worker_threads';
import { ReconError } from '../errors.ts';
import type { WorkerMessage } from './worker-serve.ts';

/** One worker thread's share of memory, so that no count of workers can exhaust it. */
export const WORKER_MEMORY = 256 * 2 ** 20;

// From the sources a worker module is TypeScript; from the build (dist/) it is JavaScript and needs no loader.
const FROM_SOURCES = import.meta.url.endsWith('.ts');

export interface Pool<J, R> {
  readonly jobs: readonly J[];
  /** Threads, this one included. */
  readonly count: number;
  /** The worker module, as its `.ts` source (the build's `.js` beside it is used from dist/). */
  readonly entry: URL;
  /** How this thread runs a job. */
  readonly local: (job: J) => Promise<R>;
  /** What a worker thread is posted to run it: plain data. */
  readonly message: (job: J) => unknown;
  readonly onEvent?: (event: unknown) => void;
  readonly onResult?: (result: R, index: number) => void;
}

export async function inWorkers<J, R>(pool: Pool<J, R>): Promise<R[]> {
  const { jobs } = pool;
  const results: R[] = new Array<R>(jobs.length);
  const threads = Array.from({ length: Math.max(0, Math.min(pool.count, jobs.length) - 1) }, () => startWorker(pool.entry));
  let next = 0;
  let broken = false;
  const drain = async (run: (job: J) => Promise<R>) => {
    while (!broken && next < jobs.length) {
      const index = next++;
      try {
        results[index] = await run(jobs[index]!);
      } catch (error) {
        broken = true;
        throw error;
      }
      pool.onResult?.(results[index], index);
    }
  };
  try {
    await Promise.all([drain(pool.local), ...threads.map((thread) => drain((job) => thread.run<R>(pool.message(job), (event) => pool.onEvent?.(event))))]);
  } finally {
    await Promise.all(threads.map((thread) => thread.stop()));
  }
  return results;
}

interface Thread {
  run<R>(job: unknown, onEvent: (event: unknown) => void): Promise<R>;
  stop(): Promise<number>;
}

function startWorker(entry: URL): Thread {
  const module = FROM_SOURCES ? entry.href : entry.href.replace(/\.ts$/, '.js');
  // The sources are TypeScript: a worker registers the same loader as bin/recon.js before it imports them.
  const boot = `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(module)});`;
  const worker = new Worker(FROM_SOURCES ? new URL(`data:text/javascript,${encodeURIComponent(boot)}`) : new URL(module));
  return {
    run<R>(job: unknown, onEvent: (event: unknown) => void) {
      return new Promise<R>((resolve, reject) => {
        const onMessage = (message: WorkerMessage<R>) => {
          if (message.type === 'event') return onEvent(message.event);
          off();
          if (message.type === 'done') resolve(message.result);
          else reject(message.code === undefined ? new Error(message.message) : new ReconError(message.code, message.message, { ...(message.hint === undefined ? {} : { hint: message.hint }), ...(message.location === undefined ? {} : { location: message.location }) }));
        };
        const onError = (error: Error) => {
          off();
          reject(error);
        };
        const onExit = (code: number) => {
          off();
          reject(new Error(`a worker thread exited (code ${code}) before it finished its job`));
        };
        const off = () => {
          worker.off('message', onMessage);
          worker.off('error', onError);
          worker.off('exit', onExit);
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        worker.on('exit', onExit);
        worker.postMessage(job);
      });
    },
    stop: () => worker.terminate(),
  };
}
