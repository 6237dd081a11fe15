/**
 * The default `recon check` of the reference, timed: every property at the default budget,
 * in process, stored regressions replayed first — the run `src/cli/check.ts` makes, minus
 * the reports and without saving a regression. Issue 9 holds it under 15 s on 2 cores.
 */
// @ts-nocheck

import { fileURLToPath } from 'node:url';
import { PROPERTIES } from '../properties/index.ts';
import { openImplementation } from '../src/conformance/open-implementation.ts';
import { RegressionStore } from '../src/suite/regressions.ts';
import { DEFAULT_RUNS, runSuite } from '../src/suite/run-suite.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The median wall time (seconds) of `samples` default check runs, each at a fixed seed. */
export async function defaultCheckSeconds(samples: number): Promise<number> {
  const seconds: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const impl = await openImplementation('reference', { cwd: ROOT });
    try {
      // Read-only store: the committed regressions replay, nothing is written.
      await runSuite(impl, PROPERTIES, { runs: DEFAULT_RUNS, seed: i + 1, regressions: new RegressionStore([`${ROOT}corpora/regressions/`], undefined) });
    } finally {
      await impl.close?.();
    }
    seconds.push((performance.now() - started) / 1000);
  }
  return seconds.sort((a, b) => a - b)[seconds.length >> 1]!;
}
