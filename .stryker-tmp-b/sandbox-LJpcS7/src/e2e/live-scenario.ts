/**
 * The e2e conversation as a live-model scenario (feature `liveModel`): what any
 * implementation plays with its own model client. Its replies are the simulator's
 * built-in script with the ids the simulator gives their calls, and each call carries
 * the output the conversation's real tool gives (feature `toolOutputs`; an implementation
 * that does not play it answers `<name>(<arguments>)`, as every scenario tool does).
 */
// @ts-nocheck

import type { LiveModel, Scenario, ScenarioReply } from '../contract/scenario.ts';
import { E2E_PROMPTS, E2E_SCRIPT, E2E_TOOLS, e2eSystem } from './conversation.ts';

/** The script with every tool call's id spelled out, as the simulator would give it (call_<reply>_<index>). */
export const E2E_LIVE_SCRIPT = E2E_SCRIPT.map((reply, position) => (reply.toolCalls === undefined ? reply : { ...reply, toolCalls: reply.toolCalls.map((call, index) => ({ ...call, id: `call_${position}_${index}` })) }));

export async function e2eScenario(options: { readonly sessionId: string; readonly model: string; readonly createdAt: number; readonly live: LiveModel }): Promise<Scenario> {
  const replies: ScenarioReply[] = [];
  for (const reply of E2E_LIVE_SCRIPT) {
    const toolCalls = await Promise.all(
      (reply.toolCalls ?? []).map(async (call) => {
        const tool = E2E_TOOLS.find((t) => t.spec.name === call.name)!;
        const outcome = await tool.run(call.arguments, { id: call.id! });
        return { ...call, output: { content: outcome.content.filter((b) => b.type === 'text') } };
      }),
    );
    replies.push(reply.toolCalls === undefined ? reply : { ...reply, toolCalls });
  }
  return {
    scenario: 1,
    id: 'e2e',
    session: { id: options.sessionId, createdAt: options.createdAt },
    clock: { start: options.createdAt, step: 1 },
    route: { provider: 'deepseek', model: options.model },
    defaults: {},
    system: e2eSystem(options.sessionId),
    tools: E2E_TOOLS.map((t) => t.spec),
    replies,
    actions: E2E_PROMPTS.map((text) => ({ do: 'prompt', text })),
    model: options.live,
  };
}
