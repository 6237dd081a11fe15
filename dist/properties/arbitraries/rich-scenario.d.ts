/**
 * Loop scenarios whose free text is of every value class: the scenarios of scenario.ts
 * with each prompt, injection, reply text, reasoning and tool-call argument string
 * replaced by text from text.ts, and arguments written as real models write them
 * (nested objects, keys in no sorted order, compact, spaced or pretty-printed). A harness
 * that trims, normalises, re-escapes, re-serializes or truncates the history shows it here.
 */
import fc from 'fast-check';
import type { Scenario } from '../../src/conformance/index.ts';
export declare const richScenario: fc.Arbitrary<Scenario>;
