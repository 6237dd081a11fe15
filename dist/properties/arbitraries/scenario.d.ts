/**
 * Loop scenarios, generated (DESIGN §4): prompts, scripted replies with tool calls,
 * injections during a request, system prompt changes, tools registered mid-session,
 * per-call config overrides, compactions, tool-result trims, and restarts of the loop
 * over the persisted log with or without drift.
 */
import fc from 'fast-check';
import type { Scenario } from '../../src/conformance/index.ts';
export declare const scenario: fc.Arbitrary<Scenario>;
/** What a scenario exercises, for the generator statistics. */
export declare function scenarioLabels(s: Scenario): Record<string, boolean>;
