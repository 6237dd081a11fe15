/**
 * `reconstructable/conformance`: what a harness needs to check itself — the Implementation
 * interface and the reference, the properties, the mutant catalog, and `checkConformance`,
 * the one entry point that runs the suite and returns a run record.
 */
// @ts-nocheck

export * from '../conformance/index.ts';
export { openImplementation, type OpenOptions } from '../conformance/open-implementation.ts';
export { MUTANTS, findMutant } from '../conformance/mutants/catalog.ts';
export type { Mutant } from '../conformance/mutants/mutant.ts';
export { PROPERTIES, PropertyFailure, type AnyProperty, type Property, type RegressionCodec, type RegressionPayload } from '../../properties/index.ts';
export { checkConformance, packageRegressions, type CheckOptions } from './check-conformance.ts';
export { DEFAULT_RUNS, notApplicable, type Counterexample, type FailureKind, type PropertyResult, type Shard, type SuiteProgress } from './run-suite.ts';
export { RegressionStore, type StoredRegression } from './regressions.ts';
export { judge, readExpectations, verdictOf, type Expectation, type ExpectationsFile, type Verdict } from './expectations.ts';
export { killMatrix, MUTANT_RUNS, type KillMatrix, type MutantVerdict } from './kill-matrix.ts';
export { readRunJsonl, writeRunJsonl, type RunFooter, type RunHeader, type RunRecord, type RunResult } from './run-record.ts';
