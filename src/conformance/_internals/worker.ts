/**
 * A worker thread of `--workers N`: runs the jobs the pool posts (its part of a suite run,
 * or one mutant) with an implementation of its own, and posts back plain results.
 */
import { parentPort } from 'node:worker_threads';
import { PROPERTIES } from '../../../properties/index.ts';
import { ReconError, type ErrorCode, type ErrorLocation } from '../../errors.ts';
import { findMutant } from '../mutants/catalog.ts';
import { mutantVerdict } from '../mutants/kill-matrix.ts';
import { openImplementation, type OpenOptions } from '../open-implementation.ts';
import { RegressionStore } from '../regressions.ts';
import { runSuite, type Shard } from '../run-suite.ts';

/** What a worker thread posts back. */
export type WorkerMessage<R> =
  | { readonly type: 'event'; readonly event: unknown }
  | { readonly type: 'done'; readonly result: R }
  | { readonly type: 'error'; readonly code?: ErrorCode; readonly message: string; readonly hint?: string; readonly location?: ErrorLocation };

export type WorkerJob =
  | {
      readonly kind: 'suite';
      readonly spec: string;
      readonly open: OpenOptions;
      readonly only: readonly string[];
      readonly runs: number;
      readonly seed: number;
      readonly shard: Shard;
      readonly shrink: boolean;
      /** Read only: the pool's caller stores the counterexample the merged run keeps. */
      readonly regressions: readonly string[];
    }
  | { readonly kind: 'mutant'; readonly name: string; readonly runs?: number; readonly seed: number; readonly only?: readonly string[] };

async function run(job: WorkerJob, post: (message: WorkerMessage<unknown>) => void): Promise<unknown> {
  if (job.kind === 'mutant') return mutantVerdict(findMutant(job.name), PROPERTIES, { seed: job.seed, ...(job.runs === undefined ? {} : { runs: job.runs }), ...(job.only === undefined ? {} : { only: job.only }) });
  const impl = await openImplementation(job.spec, job.open);
  try {
    return await runSuite(impl, PROPERTIES, {
      runs: job.runs,
      seed: job.seed,
      shard: job.shard,
      only: job.only,
      shrink: job.shrink,
      regressions: new RegressionStore(job.regressions, undefined),
      onProgress: (event) => {
        if (event.type === 'end') post({ type: 'event', event: { type: 'end', result: event.result, index: event.index } });
      },
    });
  } finally {
    await impl.close?.();
  }
}

const port = parentPort!;
port.on('message', (job: WorkerJob) => {
  const post = (message: WorkerMessage<unknown>) => port.postMessage(message);
  run(job, post).then(
    (result) => post({ type: 'done', result }),
    (error: unknown) =>
      post(
        ReconError.is(error)
          ? { type: 'error', code: error.code, message: error.detail, ...(error.hint === undefined ? {} : { hint: error.hint }), location: error.location }
          : { type: 'error', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
      ),
  );
});
