/**
 * Chat-completions SSE chunks (DeepSeek's and OpenAI's, which share the shape) → the
 * harness's stream chunks (spec §8.2). Only the usage mapping differs by provider.
 */
import type { ContentBlock, FinishReason, StreamChunk, TokenUsage } from '../log/index.ts';
import { mapDeepSeekUsage, type DeepSeekUsage } from './deepseek/usage.ts';

interface OpenBlock {
  readonly index: number;
  readonly type: 'text' | 'reasoning' | 'tool-call';
  text: string;
  id: string;
  name: string | undefined;
}

interface WireDelta {
  readonly content?: string | null;
  readonly reasoning_content?: string | null;
  readonly tool_calls?: ReadonlyArray<{ readonly index?: number; readonly id?: string; readonly function?: { readonly name?: string; readonly arguments?: string } }>;
}

interface WireChunk {
  readonly choices?: ReadonlyArray<{ readonly delta?: WireDelta; readonly finish_reason?: string | null }>;
  readonly usage?: object | null;
}

/**
 * Blocks get harness indices in the order they are first seen: one reasoning block, one
 * text block, one tool-call block per wire tool index. At the end of the stream every
 * block is closed, then the latest usage and the finish reason follow.
 */
export class ChatCompletionsStreamTranslator {
  readonly #blocks = new Map<string, OpenBlock>();
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
      const block = this.#open('reasoning', 'reasoning', out);
      block.text += delta.reasoning_content;
      out.push({ type: 'reasoning-delta', index: block.index, text: delta.reasoning_content });
    }
    if (typeof delta.content === 'string' && delta.content !== '') {
      const block = this.#open('text', 'text', out);
      block.text += delta.content;
      out.push({ type: 'text-delta', index: block.index, text: delta.content });
    }
    for (const call of delta.tool_calls ?? []) {
      const block = this.#open(`tool:${call.index ?? 0}`, 'tool-call', out);
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
    const out: StreamChunk[] = [];
    for (const block of this.#blocks.values()) out.push({ type: 'block-end', index: block.index, block: closed(block) });
    if (this.#usage !== undefined) out.push({ type: 'usage', usage: this.#usage });
    out.push({ type: 'finish', reason: this.#finishReason() });
    return out;
  }

  #finishReason(): FinishReason {
    switch (this.#finish) {
      case 'stop':
        if (this.#blocks.size === 0) return { kind: 'error', failure: { message: 'the model finished without any content', code: 'EMPTY_RESPONSE' } };
        return { kind: 'stop' };
      case 'tool_calls':
        return { kind: 'tool-calls' };
      case 'length':
        return { kind: 'max-tokens' };
      case undefined:
        return { kind: 'error', failure: { message: 'the stream ended without a finish reason', code: 'INCOMPLETE_STREAM' } };
      default:
        return { kind: 'error', failure: { message: `the model finished with "${this.#finish}"`, code: this.#finish.toUpperCase() } };
    }
  }

  #open(key: string, type: OpenBlock['type'], out: StreamChunk[]): OpenBlock {
    let block = this.#blocks.get(key);
    if (block === undefined) {
      block = { index: this.#blocks.size, type, text: '', id: '', name: undefined };
      this.#blocks.set(key, block);
      out.push({ type: 'block-start', index: block.index, blockType: type });
    }
    return block;
  }
}

function closed(block: OpenBlock): ContentBlock {
  if (block.type === 'tool-call') return { type: 'tool-call', id: block.id, name: block.name ?? '', arguments: block.text };
  return { type: block.type, text: block.text };
}

/** DeepSeek's stream: chat completions with DeepSeek's usage fields. */
export class DeepSeekStreamTranslator extends ChatCompletionsStreamTranslator {
  constructor() {
    super((usage: DeepSeekUsage) => mapDeepSeekUsage(usage));
  }
}
