// @ts-nocheck
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { richScenario } from '../../properties/arbitraries/rich-scenario.ts';

describe('rich scenarios', () => {
  const scenarios = fc.sample(richScenario, { numRuns: 200, seed: 11 });
  const calls = scenarios.flatMap((s) => s.replies.flatMap((r) => r.toolCalls ?? []));

  it('write tool-call arguments as JSON objects, compact, spaced and pretty-printed', () => {
    for (const call of calls) expect(typeof JSON.parse(call.arguments)).toBe('object');
    const layouts = new Set(calls.map((c) => (c.arguments.includes('\n  "') ? 'pretty' : /^\{"[^"]*": /.test(c.arguments) ? 'spaced' : 'compact')));
    expect([...layouts].sort()).toEqual(['compact', 'pretty', 'spaced']);
    // Keys in the order a model writes them: "path" before "options", not sorted.
    expect(calls.some((c) => c.arguments.indexOf('"path"') < c.arguments.indexOf('"options"'))).toBe(true);
  });

  it('stream long texts in at most about 64 deltas per block', () => {
    for (const reply of scenarios.flatMap((s) => s.replies)) {
      const longest = Math.max(reply.text?.length ?? 0, reply.reasoning?.length ?? 0, ...(reply.toolCalls ?? []).map((c) => c.arguments.length));
      expect(Math.ceil(longest / (reply.chunkSize ?? Math.max(1, longest)))).toBeLessThanOrEqual(64);
    }
  });

  it('keep the actions of the plain scenario, with new text in every prompt and injection', () => {
    const prompts = scenarios.flatMap((s) => s.actions.filter((a) => a.do === 'prompt'));
    expect(prompts.every((p) => p.text !== 'Anything else?')).toBe(true);
    expect(prompts.some((p) => /^\s|\s$/.test(p.text))).toBe(true);
    expect(prompts.some((p) => p.inject !== undefined && !p.inject.text.startsWith('Context: '))).toBe(true);
  });
});
