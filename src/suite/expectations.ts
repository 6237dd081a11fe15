/**
 * Expected failures, per implementation (`expectations/<name>.json`): a harness that
 * knowingly diverges records why, and the run still fails on anything unexpected —
 * including a property that now passes although a failure was expected (a stale entry).
 */
import { readFileSync } from 'node:fs';
import { ReconError } from '../errors.ts';
import type { PropertyResult, SuiteResult } from './run-suite.ts';

export interface Expectation {
  readonly property: string;
  readonly status: 'fail' | 'n/a';
  readonly reason: string;
  readonly issue?: string;
}

export interface ExpectationsFile {
  readonly implementation: string;
  readonly expected: readonly Expectation[];
}

export type Verdict = 'as-expected' | 'unexpected-fail' | 'unexpected-pass' | 'unexpected-n/a';

export function readExpectations(file: string): ExpectationsFile {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReconError('USAGE', `${file}: cannot read expectations: ${(error as Error).message}`);
  }
  const bad = (what: string): never => {
    throw new ReconError('USAGE', `${file}: ${what} (expected {"implementation":"…","expected":[{"property","status":"fail"|"n/a","reason"}]})`);
  };
  const record = value as Partial<ExpectationsFile>;
  if (typeof record !== 'object' || record === null || typeof record.implementation !== 'string' || !Array.isArray(record.expected)) return bad('not an expectations file');
  record.expected.forEach((e, i) => {
    if (typeof e?.property !== 'string' || (e.status !== 'fail' && e.status !== 'n/a') || typeof e.reason !== 'string' || e.reason === '') bad(`entry ${i} needs a property, a status and a reason`);
  });
  return record as ExpectationsFile;
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
