/**
 * Check overhead: a scripted loop run with the dispatch-time reconstruction check (a fresh
 * fold of the log prefix before every request) against the same run without it.
 */
import { type Scenario } from '../src/conformance/index.ts';
import { type BenchResult, type Profile } from './_internals/measure.ts';
/** Twenty two-step tool turns: 40 requests over a log that grows to several hundred events. */
export declare const CHECK_SCENARIO: Scenario;
export declare function checkOverheadBenchmarks(profile: Profile): Promise<BenchResult[]>;
