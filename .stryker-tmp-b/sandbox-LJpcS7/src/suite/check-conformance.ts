/**
 * The one way to run the suite: `checkConformance(impl, options)` opens the implementation
 * if given by name, replays stored regressions, runs the generated cases (on worker threads
 * if asked), judges the results against expectations and returns the run record every
 * report is rendered from. The CLI, the benchmarks and the vitest adapter all come here.
 */
// @ts-nocheck

import { PROPERTIES, type AnyProperty } from '../../properties/index.ts';
import { assertImplementation, type Implementation } from '../contract/implementation.ts';
import { openImplementation, type OpenOptions } from '../conformance/open-implementation.ts';
import { ReconError } from '../errors.ts';
import { resolve } from 'node:path';
import { packagePath } from '../_internals/package-root.ts';
import { assertExpectationsFor, validateExpectations, type ExpectationsFile } from './expectations.ts';
import { RegressionStore } from './regressions.ts';
import { runSuiteInWorkers, type WorkerSuiteOptions } from './run-in-workers.ts';
import { toRunRecord, type RunRecord } from './run-record.ts';

export interface CheckOptions extends Omit<WorkerSuiteOptions, 'regressions'> {
  /** The properties to check (default: every property of the suite). */
  readonly properties?: readonly AnyProperty[];
  /** Where stored regressions are read and new counterexamples written (default: the package's corpora/regressions, read only); false for none. */
  readonly regressions?: RegressionStore | false;
  /** Expected failures; a file name makes the record say where they came from. */
  readonly expectations?: ExpectationsFile | { readonly file: string; readonly content: ExpectationsFile };
  /** The implementation's name in the record (`impl`); for `workers` > 1 the spec each worker thread opens. Default: the spec given, or the implementation's name. */
  readonly spec?: string;
  /** How an implementation given by spec is opened (default: in the current directory). */
  readonly open?: OpenOptions;
}

/** The package's own stored counterexamples, replayed by every run that names no other store. */
export function packageRegressions(): RegressionStore {
  return new RegressionStore([packagePath('corpora/regressions/')], undefined);
}

/** Where a user's own counterexamples go, in the directory recon runs in: never the package's corpus. */
export const USER_REGRESSIONS = '.recon/regressions';

/** The user's store (`dir`, default .recon/regressions of `cwd`) beside the package's corpus; new counterexamples are written to `dir` unless `save` is false. */
export function userRegressions(cwd: string, dir = USER_REGRESSIONS, save = true): RegressionStore {
  const own = resolve(cwd, dir);
  return new RegressionStore([own, packagePath('corpora/regressions/')], save ? own : undefined);
}

/**
 * Checks `impl` (an Implementation, or a spec such as `reference`, `mutant:<name>`, `cmd:<command>`)
 * and returns the run. An implementation opened here is closed here; one passed in stays open.
 * One passed in that declares no known `interfaceVersion` is refused (IMPL_VERSION), as is one
 * that declares a level without its operations (IMPL_UNAVAILABLE).
 */
export async function checkConformance(impl: Implementation | string, options: CheckOptions = {}): Promise<RunRecord> {
  const open = options.open ?? { cwd: process.cwd() };
  const spec = options.spec ?? (typeof impl === 'string' ? impl : undefined);
  if ((options.workers ?? 1) > 1 && spec === undefined) throw new ReconError('USAGE', 'workers need a spec to open the implementation in each thread (options.spec)');
  if (typeof impl !== 'string') assertImplementation(impl);
  const { properties = PROPERTIES, regressions, expectations, spec: _spec, open: _open, ...suiteOptions } = options;
  const store = regressions === false ? undefined : (regressions ?? packageRegressions());
  // Stored regressions and expectations are checked against the suite before anything runs: none is replayed, skipped or trusted blindly.
  const suite = [...PROPERTIES, ...properties.filter((p) => !PROPERTIES.includes(p))];
  store?.verify(suite);
  const unknown = (suiteOptions.only ?? []).filter((id) => !suite.some((p) => p.id === id));
  if (unknown.length > 0) throw new ReconError('USAGE', `only: unknown property ${unknown.join(', ')} (see recon check --list)`);
  const judged = expectations === undefined ? undefined : 'content' in expectations ? expectations : { file: '', content: expectations };
  if (judged !== undefined) validateExpectations(judged.content, suite.map((p) => p.id), judged.file);
  const opened = typeof impl === 'string' ? await openImplementation(impl, open) : impl;
  const startedAt = new Date();
  try {
    if (judged !== undefined) assertExpectationsFor(judged.content, opened.info, judged.file);
    const result = await runSuiteInWorkers(opened, spec ?? opened.info.name, open, properties, { ...suiteOptions, ...(store === undefined ? {} : { regressions: store }) });
    return toRunRecord(result, spec ?? opened.info.name, judged, startedAt);
  } finally {
    if (typeof impl === 'string') await opened.close?.();
  }
}
