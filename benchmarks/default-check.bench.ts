/**
 * The default `recon check` of the reference, timed: every property at the default budget,
 * stored regressions replayed first, over the worker threads the CLI starts by default (one
 * per core) — the run `src/cli/check.ts` makes, minus the reports and without saving a
 * regression. Issue 21 holds it under 15 s on 2 cores.
 */
import { fileURLToPath } from 'node:url';
import { checkConformance } from '../src/suite/check-conformance.ts';
import { RegressionStore } from '../src/suite/regressions.ts';
import { DEFAULT_RUNS } from '../src/suite/run-suite.ts';
import { defaultWorkers } from '../src/suite/run-in-workers.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The median wall time (seconds) of `samples` default check runs, each at a fixed seed. */
export async function defaultCheckSeconds(samples: number): Promise<number> {
  const seconds: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    // Read-only store: the committed regressions replay, nothing is written.
    await checkConformance('reference', { open: { cwd: ROOT }, runs: DEFAULT_RUNS, seed: i + 1, workers: defaultWorkers('reference'), regressions: new RegressionStore([`${ROOT}corpora/regressions/`], undefined) });
    seconds.push((performance.now() - started) / 1000);
  }
  return seconds.sort((a, b) => a - b)[seconds.length >> 1]!;
}
