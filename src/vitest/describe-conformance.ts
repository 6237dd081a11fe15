/**
 * The suite inside a vitest run: one test per property, as `@fast-check/vitest` puts
 * fast-check inside vitest. Each test calls `checkConformance` for its one property, so
 * stored regressions are replayed first and a failure is shrunk; the failure message is the
 * report's own explanation of it (kind, first differing byte, minimal input).
 */
import { describe, it } from 'vitest';
import { PROPERTIES, forEra, type AnyProperty } from '../../properties/index.ts';
import { assertImplementation, declaredEra, type Implementation } from '../contract/implementation.ts';
import { renderFailure } from '../report/suite-terminal.ts';
import { checkConformance } from '../suite/check-conformance.ts';
import type { Expectation, ExpectationsFile } from '../suite/expectations.ts';
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
  /** Where stored regressions are read (and new ones written); default the package's, read only; false for none. */
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
      const test = expectation?.status === 'fail' ? it.fails : it;
      test(title, () => checkProperty(impl, property, { ...options, seed, runs }), options.timeout ?? 60_000);
    }
  });
}

async function checkProperty(impl: Implementation, property: AnyProperty, options: DescribeConformanceOptions & { readonly seed: number; readonly runs: number }): Promise<void> {
  const run = await checkConformance(impl, {
    properties: [property],
    runs: options.runs,
    seed: options.seed,
    ...(options.regressions === undefined ? {} : { regressions: options.regressions }),
  });
  const result = run.results[0];
  if (result?.status === 'fail') throw new ConformanceFailure(renderFailure(run, result));
}
