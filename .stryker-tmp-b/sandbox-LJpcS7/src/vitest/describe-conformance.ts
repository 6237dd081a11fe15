/**
 * The suite inside a vitest run: one test per property, as `@fast-check/vitest` puts
 * fast-check inside vitest. Each test calls `checkConformance` for its one property, so
 * stored regressions are replayed first and a failure is shrunk; the failure message is the
 * report's own explanation of it (kind, first differing byte, the whole minimal input). A new
 * counterexample is stored (by default in .recon/regressions of the working directory), so
 * re-running the test replays it, whatever the implementation: one in process has no
 * command line to replay it by.
 */
// @ts-nocheck

import { describe, expect, it } from 'vitest';
import { PROPERTIES, forEra, type AnyProperty } from '../../properties/index.ts';
import { assertImplementation, declaredEra, type Implementation } from '../contract/implementation.ts';
import { ReconError } from '../errors.ts';
import { renderFailure } from '../report/suite-terminal.ts';
import { checkConformance, userRegressions } from '../suite/check-conformance.ts';
import { assertExpectationsFor, validateExpectations, type Expectation, type ExpectationsFile } from '../suite/expectations.ts';
import type { RegressionStore } from '../suite/regressions.ts';
import { DEFAULT_RUNS, notApplicable } from '../suite/run-suite.ts';

export interface DescribeConformanceOptions {
  /** Generated cases per property (default 100; loop properties run half). */
  readonly runs?: number;
  /** The fast-check seed, shown in every test's name (default: from the clock, once per describe). */
  readonly seed?: number;
  /** Expected failures: an expected `fail` runs as `it.fails`, an expected `n/a` is skipped. */
  readonly expectations?: ExpectationsFile | readonly Expectation[];
  /** Property ids to run (default: all). */
  readonly only?: readonly string[];
  /** Where stored regressions are read and new ones written; default: read the package's and .recon/regressions of the working directory, write there; false for none. */
  readonly regressions?: RegressionStore | false;
  /** Per-test timeout in ms (default 60 000). */
  readonly timeout?: number;
  /** The describe block's name (default `conformance: <implementation name>`). */
  readonly name?: string;
}

/** A property that failed: its message is the whole explanation, so vitest prints the counterexample. */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';
}

export function describeConformance(impl: Implementation, options: DescribeConformanceOptions = {}): void {
  // One clear error when the file is collected, rather than the same one in every test.
  assertImplementation(impl);
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const runs = options.runs ?? DEFAULT_RUNS;
  const expected = Array.isArray(options.expectations) ? (options.expectations as readonly Expectation[]) : ((options.expectations as ExpectationsFile | undefined)?.expected ?? []);
  // The same checks as checkConformance's, when the file is collected: a typo is refused, not a test that never runs.
  if (options.expectations !== undefined) {
    validateExpectations(options.expectations, PROPERTIES.map((p) => p.id));
    if (!Array.isArray(options.expectations)) assertExpectationsFor(options.expectations as ExpectationsFile, impl.info);
  }
  if (options.regressions !== false) (options.regressions ?? userRegressions(process.cwd())).verify(PROPERTIES);
  const unknown = (options.only ?? []).filter((id) => !PROPERTIES.some((p) => p.id === id));
  if (unknown.length > 0) throw new ReconError('USAGE', `only: unknown property ${unknown.join(', ')}`);
  const chosen = options.only === undefined ? PROPERTIES : PROPERTIES.filter((p) => options.only!.includes(p.id));
  describe(options.name ?? `conformance: ${impl.info.name}`, () => {
    for (const property of chosen) {
      const title = `${property.id} (seed ${seed})`;
      const expectation = expected.find((e) => e.property === property.id);
      const reason = notApplicable(impl.info, forEra(property, declaredEra(impl.info))) ?? (expectation?.status === 'n/a' ? expectation.reason : undefined);
      if (reason !== undefined) {
        it.skip(`${title}: n/a, ${reason}`, () => {});
        continue;
      }
      const expectedFail = expectation?.status === 'fail' ? expectation : undefined;
      const name = expectedFail === undefined ? title : `${title}: expected to fail, ${expectedFail.reason}`;
      it(name, () => checkProperty(impl, property, { ...options, seed, runs }, expectedFail?.reason), options.timeout ?? 60_000);
    }
  });
}

async function checkProperty(impl: Implementation, property: AnyProperty, options: DescribeConformanceOptions & { readonly seed: number; readonly runs: number }, expectedFailure: string | undefined): Promise<void> {
  const run = await checkConformance(impl, {
    properties: [property],
    runs: options.runs,
    seed: options.seed,
    regressions: options.regressions ?? userRegressions(process.cwd()),
  });
  const result = run.results[0];
  const failed = result?.status === 'fail';
  if (expectedFailure !== undefined) {
    // A stale expectation says which one and why it was there, not vitest's bare "Expect test to fail".
    if (!failed) throw new ConformanceFailure(`${property.id} was expected to fail (${expectedFailure}) and passes now: remove the stale expectation`);
    return;
  }
  if (failed) {
    const test = expect.getState().testPath;
    const replay = `${result.counterexample?.file === undefined ? `seed: ${result.counterexample?.seed ?? options.seed}` : 'the stored counterexample is replayed first'}: npx vitest run ${test ?? '<this file>'} -t ${JSON.stringify(property.id)}`;
    throw new ConformanceFailure(renderFailure(run, result, { wholeInput: true, replay }));
  }
}
