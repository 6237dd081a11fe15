// @ts-nocheck
// The contract is re-exported so that callers of the implementations need one import.
export * from '../contract/index.ts';
export { REFERENCE_INFO, REFERENCE_PARTS, parseDeepSeekStream, referenceImplementation, type ReferenceOptions, type ReferenceParts } from './reference/reference-implementation.ts';
export { runScenario, type ScenarioRunOptions } from './reference/run-scenario.ts';
