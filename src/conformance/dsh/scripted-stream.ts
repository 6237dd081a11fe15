/**
 * A scripted reply as the DeepSeek SSE body that carries it, so DSH's own stream
 * translation turns it back into chunks: the simulator's encoder, with the usage on the
 * finish chunk as DeepSeek sends it. Tool calls without an id get the next of `nextCallId`.
 */
import { chatChunks, chatSse, withUsage } from '../../http/index.ts';
import type { TokenUsage } from '../../log/index.ts';
import type { ScriptedReply } from '../../loop/index.ts';

const META = { id: 'scripted', created: 0, model: 'deepseek-chat', position: 0 };

export function sseBody(reply: ScriptedReply, nextCallId: () => string): string {
  const toolCalls = reply.toolCalls?.map((call) => ({ ...call, id: call.id ?? nextCallId() }));
  const chunks = chatChunks(toolCalls === undefined ? reply : { ...reply, toolCalls }, META, true);
  return chatSse(withUsage('deepseek', chunks, reply.usage === undefined ? undefined : deepSeekUsage(reply.usage)));
}

/** The usage object DeepSeek reports for these (disjoint) counts: `prompt_tokens` includes the cache hits. */
function deepSeekUsage({ inputTokens, outputTokens, cacheReadTokens, reasoningTokens }: TokenUsage): Record<string, unknown> {
  return {
    prompt_tokens: inputTokens + (cacheReadTokens ?? 0),
    completion_tokens: outputTokens,
    ...(cacheReadTokens === undefined ? {} : { prompt_cache_hit_tokens: cacheReadTokens }),
    ...(reasoningTokens === undefined ? {} : { completion_tokens_details: { reasoning_tokens: reasoningTokens } }),
  };
}
