/**
 * How the simulator counts a prompt: as the units cache accounting compares (promptOf's
 * messages, or Anthropic's blocks), each rendered and tokenised on its own, so a prompt
 * that repeats another's units repeats its tokens exactly. That additivity is what
 * makes a reply's tokens the exact continuation of its prompt: the next request of an
 * append-only loop starts with prompt + output, token for token (§D's x_{i+1} = x_i ⊕ y_i ⊕ u).
 *
 * Chat (DeepSeek, OpenAI): [begin-of-text + tool definitions] [message]… [generation
 * prompt]; the tools come first, as accounting assumes, so a tool change shares nothing.
 * A reply is the assistant message less the generation prompt the request already paid.
 * Anthropic publishes no tokenizer: its blocks are counted with o200k_base as a stand-in,
 * each block's JSON, and the generation prompt is the few tokens after the last block.
 */
// @ts-nocheck

import type { Provider } from '../../wire/index.ts';
import type { Api } from '../endpoint.ts';
import { messageKey, promptOf, type PromptMessage } from '../prompt.ts';
import { tokenizerFor, type PromptTokenizer } from '../tokenizers.ts';

export interface Unit {
  /** The identity compared between prompts (messageKey). */
  readonly key: string;
  /** The rendered text, for a partial match inside a unit that differs. */
  readonly text: string;
  readonly tokens: number;
}

export interface CountedPrompt {
  readonly model: string | undefined;
  /** Model and tool definitions (chat) or the model (Anthropic): a change here shares nothing. */
  readonly head: string;
  readonly headTokens: number;
  readonly units: readonly Unit[];
  /** The tokens that open the reply, last in the prompt. */
  readonly generation: number;
  /** Anthropic: indices of the units that carry a cache breakpoint, and those asking for the one-hour lifetime. */
  readonly breakpoints: readonly number[];
  readonly hourLong: readonly number[];
  /** Every prompt token. */
  readonly total: number;
}

export interface PromptCounter {
  readonly tokenizer: PromptTokenizer;
  prompt(body: Record<string, unknown>): CountedPrompt;
  unit(message: PromptMessage): Unit;
}

const counters = new Map<string, PromptCounter>();

/** The counter of a provider's API and tokenizer, one per process: each unit is tokenised once, so a growing prompt costs what it appends. */
export async function promptCounter(provider: Provider, model: string | undefined): Promise<PromptCounter> {
  const api: Api = provider === 'anthropic' ? 'messages' : 'chat';
  const tokenizer = await tokenizerFor(provider === 'anthropic' ? 'openai' : provider, provider === 'anthropic' ? undefined : model);
  const name = `${api} ${tokenizer.name}`;
  let counter = counters.get(name);
  if (counter === undefined) counters.set(name, (counter = newCounter(api, tokenizer)));
  return counter;
}

function newCounter(api: Api, tokenizer: PromptTokenizer): PromptCounter {
  const opening = tokenizer.render([], false);
  const openingTokens = tokenizer.count(opening);
  const generation = api === 'chat' ? tokenizer.count(tokenizer.render([], true)) - openingTokens : tokenizer.count('\n\nAssistant:');
  const counted = new Map<string, Unit>();
  const unit = (message: PromptMessage): Unit => {
    const key = messageKey(message);
    const known = counted.get(key);
    if (known !== undefined) return known;
    // A simulator that runs for days forgets rather than grows.
    if (counted.size >= 10_000) counted.clear();
    // Reasoning is counted beside the text: the DeepSeek template does not render it, but the model generated it.
    const { reasoning, ...visible } = message;
    const text = api === 'chat' ? tokenizer.render([visible], false).slice(opening.length) : message.content;
    const fresh = { key, text, tokens: tokenizer.count(text) + (reasoning === undefined ? 0 : tokenizer.count(reasoning)) };
    counted.set(key, fresh);
    return fresh;
  };
  return {
    tokenizer,
    unit,
    prompt(body) {
      const prompt = promptOf(api, body);
      const units = prompt.messages.map(unit);
      const tools = api === 'chat' && body['tools'] !== undefined ? tokenizer.count(JSON.stringify(body['tools'])) : 0;
      const headTokens = api === 'chat' ? openingTokens + tools : 0;
      const total = headTokens + units.reduce((sum, u) => sum + u.tokens, 0) + generation;
      return { model: prompt.model, head: prompt.head, headTokens, units, generation, breakpoints: prompt.breakpoints, hourLong: prompt.hourLong, total };
    },
  };
}
