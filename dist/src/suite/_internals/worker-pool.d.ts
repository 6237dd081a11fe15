import type { WorkerJob } from './worker-messages.ts';
export interface Pool<J, R> {
    readonly jobs: readonly J[];
    /** Threads, this one included. */
    readonly count: number;
    /** How this thread runs a job. */
    readonly local: (job: J) => Promise<R>;
    /** How a worker thread is told to run it (see worker.ts). */
    readonly message: (job: J) => WorkerJob;
    readonly onEvent?: (event: unknown) => void;
    readonly onResult?: (result: R, index: number) => void;
}
export declare function inWorkers<J, R>(pool: Pool<J, R>): Promise<R[]>;
