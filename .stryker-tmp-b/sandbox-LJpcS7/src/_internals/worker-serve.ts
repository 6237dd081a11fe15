/** The worker side of `inWorkers`: runs each posted job and answers with its result or its coded error. */
// @ts-nocheck

import { parentPort } from 'node:worker_threads';
import { ReconError, type ErrorCode, type ErrorLocation } from '../errors.ts';

/** What a worker thread posts back. */
export type WorkerMessage<R> =
  | { readonly type: 'event'; readonly event: unknown }
  | { readonly type: 'done'; readonly result: R }
  | { readonly type: 'error'; readonly code?: ErrorCode; readonly message: string; readonly hint?: string; readonly location?: ErrorLocation };

/** Serves jobs on this worker thread; `post` sends progress events before the answer. */
export function serveJobs<J>(run: (job: J, post: (event: unknown) => void) => Promise<unknown>): void {
  const port = parentPort;
  if (port === null) throw new ReconError('INTERNAL', 'a worker module was loaded outside a worker thread');
  const send = (message: WorkerMessage<unknown>) => port.postMessage(message);
  port.on('message', (job: J) => {
    run(job, (event) => send({ type: 'event', event })).then(
      (result) => send({ type: 'done', result }),
      (error: unknown) =>
        send(
          ReconError.is(error)
            ? { type: 'error', code: error.code, message: error.detail, ...(error.hint === undefined ? {} : { hint: error.hint }), location: error.location }
            : { type: 'error', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
        ),
    );
  });
}
