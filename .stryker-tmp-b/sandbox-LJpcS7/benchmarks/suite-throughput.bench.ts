/**
 * Suite throughput: generated cases per second, in process and over the stdio protocol
 * (`recon serve`), on the same properties and seed.
 */
// @ts-nocheck

import { PACKAGE_ROOT } from '../src/_internals/package-root.ts';
import type { Implementation } from '../src/conformance/index.ts';
import { openImplementation } from '../src/conformance/open-implementation.ts';
import { checkConformance } from '../src/suite/check-conformance.ts';

const ROOT = PACKAGE_ROOT;
/** A mix of levels, each cheap to generate: the harness is measured, not one slow property. */
const MIX = ['LOG-LOAD-VALID', 'FOLD-MATCHES-SPEC', 'REQUEST-RECONSTRUCT', 'WIRE-MATCHES-SPEC', 'LOOP-RECONSTRUCT'];

export interface Throughput {
  readonly cases: number;
  readonly ms: number;
  readonly casesPerSecond: number;
}

/** Timed from an open implementation (start-up is not the suite's) until it is closed. */
async function throughput(impl: Implementation, runs: number): Promise<Throughput> {
  const started = performance.now();
  try {
    const run = await checkConformance(impl, { runs, seed: 1, only: MIX, regressions: false });
    const ms = performance.now() - started;
    const cases = run.results.reduce((n, p) => n + p.runs, 0);
    return { cases, ms, casesPerSecond: (cases / ms) * 1000 };
  } finally {
    await impl.close?.();
  }
}

export async function suiteThroughput(runs: number): Promise<{ readonly inProcess: Throughput; readonly stdio: Throughput }> {
  const inProcess = await throughput(await openImplementation('reference', { cwd: ROOT }), runs);
  const stdio = await throughput(await openImplementation(`cmd:${JSON.stringify(process.execPath)} bin/recon.js serve`, { cwd: ROOT }), runs);
  return { inProcess, stdio };
}
