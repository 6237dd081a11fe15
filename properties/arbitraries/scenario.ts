/**
 * Loop scenarios, generated (DESIGN §4): prompts, scripted replies with tool calls,
 * injections during a request, system prompt changes, tools registered mid-session,
 * per-call config overrides, compactions, tool-result trims, and restarts of the loop
 * over the persisted log with or without drift.
 */
import fc from 'fast-check';
import type { ToolSpec } from '../../src/log/index.ts';
import type { Scenario, ScenarioAction } from '../../src/contract/index.ts';
import type { ScriptedReply } from '../../src/loop/index.ts';

// Registered out of alphabetical order, so a harness that re-sorts tools changes them.
const TOOLS: ToolSpec[] = [
  { name: 'run', description: 'Run a shell command.', parameters: { type: 'object', properties: { command: { type: 'string' } } } },
  { name: 'read_file', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
];
const LATE_TOOL: ToolSpec = { name: 'apply_patch', description: 'Apply a patch.', parameters: { type: 'object', properties: { patch: { type: 'string' } } } };
const SYSTEMS = ['You are a careful coding agent.', 'You are a careful coding agent. Answer briefly.', 'Be terse.'];

const words = fc.constantFrom('Look at the build.', 'Fix the test.', 'Why did it fail?', 'Summarize.', 'ok', 'Ünïcödé 🙂', 'line\nbreak', '');

const reply: fc.Arbitrary<ScriptedReply> = fc
  .record({
    reasoning: fc.option(fc.constantFrom('Let me think.', 'First read, then run.')),
    text: fc.option(words),
    calls: fc.array(fc.constantFrom('read_file', 'run', 'apply_patch', 'missing_tool'), { maxLength: 2 }),
    usage: fc.option(fc.record({ inputTokens: fc.nat(5000), outputTokens: fc.nat(300), cacheReadTokens: fc.nat(5000) })),
    chunkSize: fc.option(fc.integer({ min: 1, max: 6 })),
    fail: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  })
  .map(({ reasoning, text, calls, usage, chunkSize, fail }) => {
    const out: Record<string, unknown> = {};
    if (reasoning !== null) out['reasoning'] = reasoning;
    if (text !== null || (calls.length === 0 && reasoning === null)) out['text'] = text ?? 'done';
    if (calls.length > 0) out['toolCalls'] = calls.map((name, i) => ({ name, arguments: JSON.stringify({ path: `src/${name}-${i}.ts` }) }));
    if (usage !== null) out['usage'] = usage;
    if (chunkSize !== null) out['chunkSize'] = chunkSize;
    if (fail) out['finish'] = 'error';
    return out as ScriptedReply;
  });

const action: fc.Arbitrary<ScenarioAction> = fc.oneof(
  { weight: 4, arbitrary: words.map((text): ScenarioAction => ({ do: 'prompt', text })) },
  {
    weight: 3,
    arbitrary: fc
      .record({ text: words, injected: words, duringRequest: fc.integer({ min: 1, max: 3 }) })
      .map(({ text, injected, duringRequest }): ScenarioAction => ({ do: 'prompt', text, inject: { text: `Context: ${injected}`, duringRequest } })),
  },
  { weight: 3, arbitrary: fc.constantFrom(...SYSTEMS).map((text): ScenarioAction => ({ do: 'setSystem', text })) },
  { weight: 1, arbitrary: fc.constant<ScenarioAction>({ do: 'registerTool', tool: LATE_TOOL }) },
  {
    weight: 1,
    arbitrary: fc
      .option(fc.record({ temperature: fc.constantFrom(0, 0.2, 1), maxTokens: fc.constantFrom(512, 4096), stop: fc.constantFrom([], ['<END>']) }, { requiredKeys: [] }))
      .map((config): ScenarioAction => ({ do: 'override', config })),
  },
  { weight: 3, arbitrary: fc.option(fc.nat(2)).map((keep): ScenarioAction => (keep === null ? { do: 'compact' } : { do: 'compact', keep })) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }).map((call): ScenarioAction => ({ do: 'trim', call, text: '[trimmed]' })) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<ScenarioAction>(
      { do: 'restart' },
      { do: 'restart' },
      { do: 'restart', system: SYSTEMS[2]! },
      { do: 'restart', route: { provider: 'deepseek', model: 'deepseek-reasoner' } },
      { do: 'restart', route: { provider: 'deepseek', model: 'deepseek-chat', maxTokens: 2048 } },
    ),
  },
);

export const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    first: words,
    actions: fc.array(action, { minLength: 1, maxLength: 8, size: 'medium' }),
    replies: fc.array(reply, { maxLength: 10 }),
    tools: fc.subarray(TOOLS, { minLength: 0 }),
    system: fc.constantFrom(...SYSTEMS, ''),
  })
  .map(({ first, actions, replies, tools, system }) => ({
    scenario: 1 as const,
    session: { id: 'scenario-session', createdAt: 1_700_000_000_000 },
    clock: { start: 1_700_000_000_000, step: 1 },
    route: { provider: 'deepseek', model: 'deepseek-chat' },
    defaults: { maxTokens: 8192, reasoningEffort: 'high' },
    system,
    tools,
    replies,
    actions: [{ do: 'prompt', text: first } as ScenarioAction, ...actions, { do: 'prompt', text: 'Anything else?' } as ScenarioAction],
  }));

/** What a scenario exercises, for the generator statistics. */
export function scenarioLabels(s: Scenario): Record<string, boolean> {
  const has = (kind: ScenarioAction['do']) => s.actions.some((a) => a.do === kind);
  return {
    'tool calls': s.replies.some((r) => (r.toolCalls?.length ?? 0) > 0),
    compaction: has('compact'),
    restart: has('restart'),
    injection: s.actions.some((a) => a.do === 'prompt' && a.inject !== undefined),
    'system change': has('setSystem'),
  };
}
