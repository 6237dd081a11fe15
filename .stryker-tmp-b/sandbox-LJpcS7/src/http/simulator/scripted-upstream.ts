/**
 * A scripted upstream on loopback: the model a live-model scenario (feature `liveModel`)
 * talks to. Unlike the simulator, which numbers a reply by the assistant messages its
 * request holds, it answers in arrival order — request n gets `replies[n-1]`, one-shots
 * included, then `fallback` — which is the scenario contract. Each reply streams as
 * DeepSeek SSE, its usage on the finish chunk; tool calls without an id get `call-1`,
 * `call-2`, … in the order served, as a scripted run numbers them.
 */
// @ts-nocheck

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenUsage } from '../../log/index.ts';
import type { ScriptedReply } from '../../loop/index.ts';
import { collectBody } from '../_internals/bytes.ts';
import { listenOnLoopback } from '../_internals/loopback.ts';
import { chatChunks, chatSse, withUsage } from './chat-stream.ts';

export interface ScriptedUpstream {
  /** `http://127.0.0.1:<port>`: DeepSeek's base URL (`/chat/completions` below it). */
  readonly url: string;
  /** Requests answered so far. */
  readonly served: number;
  close(): Promise<void>;
}

const META = { id: 'scripted', created: 0, model: 'deepseek-chat', position: 0 };

/** A scripted reply as the DeepSeek SSE body that carries it; tool calls without an id get the next of `nextCallId`. */
export function scriptedSse(reply: ScriptedReply, nextCallId: () => string): string {
  const toolCalls = reply.toolCalls?.map((call) => ({ ...call, id: call.id ?? nextCallId() }));
  const chunks = chatChunks(toolCalls === undefined ? reply : { ...reply, toolCalls }, META, true);
  return chatSse(withUsage('deepseek', chunks, reply.usage === undefined ? undefined : deepSeekUsage(reply.usage)));
}

export async function startScriptedUpstream(replies: readonly ScriptedReply[], fallback: ScriptedReply): Promise<ScriptedUpstream> {
  let served = 0;
  let calls = 0;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    await collectBody(request);
    // Numbered on arrival, before anything is awaited after the body: the order requests came in.
    const reply = replies[served++] ?? fallback;
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.end(scriptedSse(reply, () => `call-${++calls}`));
  };
  const server = await listenOnLoopback((request, response) => void answer(request, response));
  return {
    url: server.url,
    get served() {
      return served;
    },
    close: () => server.close(),
  };
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
