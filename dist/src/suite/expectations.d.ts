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
export declare function readExpectations(file: string): ExpectationsFile;
/** How each result compares with what was expected; a property with no entry is expected to pass (or be n/a for a missing level). */
export declare function verdictOf(result: Pick<PropertyResult, 'status'>, expectation: Pick<Expectation, 'status'> | undefined): Verdict;
export interface JudgedResult {
    readonly result: PropertyResult;
    readonly expectation?: Expectation;
    readonly verdict: Verdict;
}
export declare function judge(suite: SuiteResult, expectations: ExpectationsFile | undefined): JudgedResult[];
