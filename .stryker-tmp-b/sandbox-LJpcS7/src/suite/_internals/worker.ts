/**
 * A worker thread of `--workers N`: runs the jobs the pool posts (its part of a suite run,
 * or one mutant) with an implementation of its own, and posts back plain results.
 */
// @ts-nocheck

import { PROPERTIES } from '../../../properties/index.ts';
import { findMutant } from '../../conformance/mutants/catalog.ts';
import { mutantVerdict } from '../kill-matrix.ts';
import { openImplementation } from '../../conformance/open-implementation.ts';
import { RegressionStore } from '../regressions.ts';
import { runSuite } from '../run-suite.ts';
import { serveJobs } from '../../_internals/worker-serve.ts';
import type { WorkerJob } from './worker-messages.ts';

async function run(job: WorkerJob, post: (event: unknown) => void): Promise<unknown> {
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
        if (event.type === 'end') post({ type: 'end', result: event.result, index: event.index });
      },
    });
  } finally {
    await impl.close?.();
  }
}

serveJobs<WorkerJob>((job, post) => run(job, post));
