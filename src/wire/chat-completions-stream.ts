/**
 * Chat-completions SSE chunks (DeepSeek's and OpenAI's, which share the shape) → the
 * harness's stream chunks (spec §8.2). Only the usage mapping differs by provider.
 */
import type { StreamChunk, TokenUsage } from '../log/index.ts';
import { mapDeepSeekUsage } from './usage.ts';
import { OpenBlocks, finishReason } from './open-blocks.ts';

interface WireDelta {
  readonly content?: string | null;
  readonly reasoning_content?: string | null;
  readonly tool_calls?: ReadonlyArray<{ readonly index?: number; readonly id?: string; readonly function?: { readonly name?: string; readonly arguments?: string } }>;
}

interface WireChunk {
  readonly choices?: ReadonlyArray<{ readonly delta?: WireDelta; readonly finish_reason?: string | null }>;
  readonly usage?: object | null;
}

const FINISH_KINDS = { stop: 'stop', tool_calls: 'tool-calls', length: 'max-tokens' } as const;

/**
 * Blocks get harness indices in the order they are first seen: one reasoning block, one
 * text block, one tool-call block per wire tool index. At the end of the stream every
 * block is closed, then the latest usage and the finish reason follow.
 */
export class ChatCompletionsStreamTranslator {
  readonly #blocks = new OpenBlocks<string>();
  readonly #mapUsage: (usage: never) => TokenUsage;
  #usage: TokenUsage | undefined;
  #finish: string | undefined;

  constructor(mapUsage: (usage: never) => TokenUsage) {
    this.#mapUsage = mapUsage;
  }

  /** Translates one parsed `data:` payload. */
  push(chunk: WireChunk): StreamChunk[] {
    const out: StreamChunk[] = [];
    if (chunk.usage) this.#usage = this.#mapUsage(chunk.usage as never);
    const choice = chunk.choices?.[0];
    if (choice === undefined) return out;
    if (typeof choice.finish_reason === 'string') this.#finish = choice.finish_reason;
    const delta = choice.delta;
    if (delta === undefined) return out;
    if (typeof delta.reasoning_content === 'string' && delta.reasoning_content !== '') {
      const block = this.#blocks.open('reasoning', 'reasoning', out);
      block.text += delta.reasoning_content;
      out.push({ type: 'reasoning-delta', index: block.index, text: delta.reasoning_content });
    }
    if (typeof delta.content === 'string' && delta.content !== '') {
      const block = this.#blocks.open('text', 'text', out);
      block.text += delta.content;
      out.push({ type: 'text-delta', index: block.index, text: delta.content });
    }
    for (const call of delta.tool_calls ?? []) {
      const block = this.#blocks.open(`tool:${call.index ?? 0}`, 'tool-call', out);
      if (call.id !== undefined && block.id === '') block.id = call.id;
      if (call.function?.name !== undefined && block.name === undefined) block.name = call.function.name;
      const argumentsDelta = call.function?.arguments ?? '';
      block.text += argumentsDelta;
      out.push(block.name === undefined ? { type: 'tool-call-delta', index: block.index, id: block.id, argumentsDelta } : { type: 'tool-call-delta', index: block.index, id: block.id, name: block.name, argumentsDelta });
    }
    return out;
  }

  /** The closing chunks, at `[DONE]` or the end of the body. */
  finish(): StreamChunk[] {
    return this.#blocks.close(this.#usage, finishReason(this.#finish, FINISH_KINDS, this.#blocks.size, 'finish reason'));
  }
}

/** DeepSeek's stream: chat completions with DeepSeek's usage fields. */
export class DeepSeekStreamTranslator extends ChatCompletionsStreamTranslator {
  constructor() {
    super(mapDeepSeekUsage);
  }
}
