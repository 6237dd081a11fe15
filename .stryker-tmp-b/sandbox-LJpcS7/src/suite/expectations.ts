/**
 * Expected failures, per implementation (`expectations/<name>.json`): a harness that
 * knowingly diverges records why, and the run still fails on anything unexpected —
 * including a property that now passes although a failure was expected (a stale entry).
 */
// @ts-nocheck

import { readFileSync } from 'node:fs';
import { ReconError } from '../errors.ts';
import type { ImplementationInfo } from '../contract/implementation.ts';
import type { PropertyResult, SuiteResult } from './run-suite.ts';

export interface Expectation {
  readonly property: string;
  readonly status: 'fail' | 'n/a';
  readonly reason: string;
  readonly issue?: string;
}

export interface ExpectationsFile {
  /** The implementation's handshake name, or `<name>@<version>` for one version only. */
  readonly implementation: string;
  readonly expected: readonly Expectation[];
}

export type Verdict = 'as-expected' | 'unexpected-fail' | 'unexpected-pass' | 'unexpected-n/a';

/** The expectations in `file` (named `shown` in errors), their shape checked. */
export function readExpectations(file: string, shown = file): ExpectationsFile {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReconError('USAGE', `${shown}: cannot read expectations: ${(error as Error).message}`);
  }
  const bad = (what: string): never => {
    throw new ReconError('USAGE', `${shown}: ${what} (expected {"implementation":"…","expected":[{"property","status":"fail"|"n/a","reason"}]})`);
  };
  const record = value as Partial<ExpectationsFile>;
  if (typeof record !== 'object' || record === null || typeof record.implementation !== 'string' || !Array.isArray(record.expected)) return bad('not an expectations file');
  const unknownKeys = (value: object, known: readonly string[]) => Object.keys(value).filter((k) => !known.includes(k)).map((k) => JSON.stringify(k)).join(', ');
  if (unknownKeys(record, ['implementation', 'expected']) !== '') bad(`it holds ${unknownKeys(record, ['implementation', 'expected'])}, which this reader does not know`);
  record.expected.forEach((e, i) => {
    if (typeof e?.property !== 'string' || (e.status !== 'fail' && e.status !== 'n/a') || typeof e.reason !== 'string' || e.reason === '') bad(`entry ${i} needs a property, a status and a reason`);
    if (e.issue !== undefined && typeof e.issue !== 'string') bad(`entry ${i} has an "issue" that is not a string`);
    const extra = unknownKeys(e, ['property', 'status', 'reason', 'issue']);
    if (extra !== '') bad(`entry ${i} (${e.property}) holds ${extra}, which this reader does not know`);
  });
  return record as ExpectationsFile;
}

/**
 * Refuses (USAGE, with the file and the entry) expectations that name a property the suite
 * does not have, or one property twice: a typo would otherwise never match a result, so it
 * would never be reported stale.
 */
export function validateExpectations(expectations: ExpectationsFile | readonly Expectation[], propertyIds: readonly string[], file = ''): void {
  const where = file === '' ? 'expectations' : file;
  const known = new Set(propertyIds);
  const seen = new Set<string>();
  const entries: readonly Expectation[] = Array.isArray(expectations) ? expectations : (expectations as ExpectationsFile).expected;
  entries.forEach((e, i) => {
    // Expectations built in code have not been through readExpectations.
    if (typeof e?.property !== 'string' || (e.status !== 'fail' && e.status !== 'n/a') || typeof e.reason !== 'string' || e.reason === '') throw new ReconError('USAGE', `${where}: entry ${i} needs a property, a status ("fail" or "n/a") and a reason`);
    if (!known.has(e.property)) throw new ReconError('USAGE', `${where}: entry ${i} names the property ${JSON.stringify(e.property)}, which this suite does not have (see recon check --list)`);
    if (seen.has(e.property)) throw new ReconError('USAGE', `${where}: entry ${i} names ${e.property} a second time`);
    seen.add(e.property);
  });
}

/**
 * Refuses (USAGE) an expectations file written for another implementation than the one
 * checked: its `implementation` is the handshake's name, or `<name>@<version>`.
 */
export function assertExpectationsFor(expectations: ExpectationsFile, info: Pick<ImplementationInfo, 'name' | 'version'>, file = ''): void {
  const named = expectations.implementation;
  if (named === info.name || named === `${info.name}@${info.version}`) return;
  throw new ReconError('USAGE', `${file === '' ? 'expectations' : file}: written for the implementation ${JSON.stringify(named)}, and the implementation checked says it is ${info.name} ${info.version} in its handshake`, {
    hint: `give the expectations of this implementation with --expectations, or set "implementation" to "${info.name}" (or "${info.name}@${info.version}" for this version only)`,
  });
}

/** How each result compares with what was expected; a property with no entry is expected to pass (or be n/a for a missing level). */
export function verdictOf(result: Pick<PropertyResult, 'status'>, expectation: Pick<Expectation, 'status'> | undefined): Verdict {
  const expected = expectation?.status ?? (result.status === 'n/a' ? 'n/a' : 'pass');
  if (result.status === expected) return 'as-expected';
  if (result.status === 'fail') return 'unexpected-fail';
  return result.status === 'pass' ? 'unexpected-pass' : 'unexpected-n/a';
}

export interface JudgedResult {
  readonly result: PropertyResult;
  readonly expectation?: Expectation;
  readonly verdict: Verdict;
}

export function judge(suite: SuiteResult, expectations: ExpectationsFile | undefined): JudgedResult[] {
  return suite.properties.map((result) => {
    const expectation = expectations?.expected.find((e) => e.property === result.id);
    return { result, verdict: verdictOf(result, expectation), ...(expectation === undefined ? {} : { expectation }) };
  });
}
