/**
 * Check overhead: a scripted loop run with the dispatch-time reconstruction check (a fresh
 * fold of the log prefix before every request) against the same run without it.
 */
// @ts-nocheck

import { runScenario, type Scenario } from '../src/conformance/index.ts';
import { AgentLoop } from '../src/loop/index.ts';
import { measure, type BenchResult, type Profile } from './_internals/measure.ts';

const TOOLS = [{ name: 'read_file', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } } } }];

/** Twenty two-step tool turns: 40 requests over a log that grows to several hundred events. */
export const CHECK_SCENARIO: Scenario = {
  scenario: 1,
  session: { id: 'bench', createdAt: 1_700_000_000_000 },
  clock: { start: 1_700_000_000_000, step: 1 },
  route: { provider: 'deepseek', model: 'deepseek-chat' },
  defaults: { maxTokens: 8192, reasoningEffort: 'high' },
  system: 'You are a careful coding agent. '.repeat(20),
  tools: TOOLS,
  replies: Array.from({ length: 20 }, (_, t) => [
    { reasoning: `Turn ${t}: read first.`, toolCalls: [{ name: 'read_file', arguments: JSON.stringify({ path: `src/file${t}.ts` }) }], chunkSize: 8 },
    { text: `File ${t} reads fine.`, chunkSize: 8 },
  ]).flat(),
  actions: Array.from({ length: 20 }, (_, t) => ({ do: 'prompt' as const, text: `Check file ${t}.` })),
};

export async function checkOverheadBenchmarks(profile: Profile): Promise<BenchResult[]> {
  const run = (checkReconstruction: boolean) => () => runScenario(CHECK_SCENARIO, { createLoop: (options) => new AgentLoop({ ...options, checkReconstruction }) });
  const loopProfile = { ...profile, iterations: Math.max(3, Math.round(profile.iterations / 5)) };
  return measure(loopProfile, [
    { id: 'check/loop-with-check', fn: run(true) },
    { id: 'check/loop-without-check', fn: run(false) },
  ]);
}
