/**
 * One simulated model call: count the prompt, read and write the prefix cache, pick the
 * scripted reply, and stream it with the usage in the provider's own fields. The reply's
 * token count is defined so that prompt + reply is exactly the token prefix the next
 * request of an append-only loop starts with, which is what accountCache assumes.
 */
// @ts-nocheck

import { ReconError } from '../../errors.ts';
import type { ScriptedReply } from '../../loop/index.ts';
import { anthropicMinimum, idleLifetime } from '../cache-rules.ts';
import type { Provider } from '../../wire/index.ts';
import { outputOf } from '../prompt.ts';
import { anthropicSse, replyBlocks } from './anthropic-stream.ts';
import { chatChunks, chatSse, withUsage, type ReplyMeta } from './chat-stream.ts';
import { PrefixCache } from './prefix-cache.ts';
import { promptCounter, type CountedPrompt, type PromptCounter } from './prompt-tokens.ts';
import { replyFor } from './scenario.ts';

export interface SimulatedAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

type Body = Readonly<Record<string, unknown>>;

export class ModelSimulator {
  readonly #cache: PrefixCache;
  readonly #replies: readonly ScriptedReply[];
  readonly #now: () => number;
  #calls = 0;

  constructor(replies: readonly ScriptedReply[], now: () => number) {
    this.#replies = replies;
    this.#now = now;
    this.#cache = new PrefixCache(now);
  }

  async answer(provider: Provider, body: Body): Promise<SimulatedAnswer> {
    const model = body['model'];
    if (typeof model !== 'string' || !Array.isArray(body['messages'])) throw new ReconError('SIMULATOR_REQUEST', 'the body needs a "model" string and a "messages" list');
    if (body['stream'] !== true) throw new ReconError('SIMULATOR_REQUEST', 'the simulator answers streaming requests only ("stream": true)');
    const { reply, position } = replyFor(this.#replies, body);
    if (reply.finish === 'error') {
      const error = reply.error ?? { message: 'scripted failure', code: 'SCRIPTED' };
      return { status: 500, contentType: 'application/json', body: JSON.stringify({ error }) };
    }
    const counter = await promptCounter(provider, model);
    const prompt = counter.prompt(body);
    const meta: ReplyMeta = { id: `sim-${++this.#calls}`, created: Math.floor(this.#now() / 1000), model, position };
    const sse = provider === 'anthropic' ? this.#anthropic(counter, prompt, reply, meta) : this.#chat(provider, counter, prompt, reply, meta, body);
    return { status: 200, contentType: 'text/event-stream', body: sse };
  }

  #chat(provider: 'deepseek' | 'openai', counter: PromptCounter, prompt: CountedPrompt, reply: ScriptedReply, meta: ReplyMeta, body: Body): string {
    const chunks = chatChunks(reply, meta, provider === 'deepseek');
    const [message] = outputOf('chat', { kind: 'sse', events: chunks.map((json) => ({ json })) });
    const replied = counter.unit(message!);
    const read = this.#cache.readChat(provider, prompt, (text) => counter.tokenizer.count(text));
    this.#cache.writeChat(provider, prompt, replied, idleLifetime(provider, body['prompt_cache_retention'] as string | undefined));
    const output = replied.tokens - prompt.generation;
    const counts = { prompt_tokens: prompt.total, completion_tokens: output, total_tokens: prompt.total + output, prompt_tokens_details: { cached_tokens: read } };
    if (provider === 'openai') {
      const asked = (body['stream_options'] as Body | undefined)?.['include_usage'] === true;
      return chatSse(withUsage(provider, chunks, asked ? { ...counts, completion_tokens_details: { reasoning_tokens: 0 } } : undefined));
    }
    const reasoning = reply.reasoning === undefined ? {} : { completion_tokens_details: { reasoning_tokens: counter.tokenizer.count(reply.reasoning) } };
    return chatSse(withUsage(provider, chunks, { ...counts, ...reasoning, prompt_cache_hit_tokens: read, prompt_cache_miss_tokens: prompt.total - read }));
  }

  #anthropic(counter: PromptCounter, prompt: CountedPrompt, reply: ScriptedReply, meta: ReplyMeta): string {
    let blocks;
    try {
      blocks = replyBlocks(reply, meta.position);
    } catch (error) {
      throw new ReconError('SIMULATOR_SCENARIO', `reply ${meta.position + 1}: tool-call arguments must be a JSON object for Anthropic (${(error as Error).message})`);
    }
    const cached = this.#cache.anthropic(prompt, anthropicMinimum(prompt.model));
    const output = blocks.reduce((sum, block) => sum + counter.tokenizer.count(JSON.stringify(block)), 0);
    return anthropicSse(reply, blocks, meta, { ...cached, input: prompt.total - cached.read - cached.write, output });
  }
}
