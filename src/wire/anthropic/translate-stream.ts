/** Anthropic's named SSE events → the harness's stream chunks. */
import type { ContentBlock, FinishReason, StreamChunk, TokenUsage } from '../../log/index.ts';
import { mapAnthropicUsage, type AnthropicUsage } from './usage.ts';

interface Event {
  readonly type?: string;
  readonly index?: number;
  readonly message?: { readonly usage?: AnthropicUsage };
  readonly content_block?: { readonly type?: string; readonly id?: string; readonly name?: string; readonly text?: string };
  readonly delta?: { readonly type?: string; readonly text?: string; readonly partial_json?: string; readonly thinking?: string; readonly stop_reason?: string | null };
  readonly usage?: AnthropicUsage;
  readonly error?: { readonly type?: string; readonly message?: string };
}

const KIND: Record<string, 'text' | 'reasoning' | 'tool-call'> = { text: 'text', thinking: 'reasoning', tool_use: 'tool-call' };

export class AnthropicStreamTranslator {
  readonly #blocks = new Map<number, { index: number; type: 'text' | 'reasoning' | 'tool-call'; text: string; id: string; name: string }>();
  #usage: AnthropicUsage = {};
  #stop: string | undefined;
  #error: { message: string; code: string } | undefined;

  push(event: Event): StreamChunk[] {
    switch (event.type) {
      case 'message_start':
        this.#usage = { ...event.message?.usage };
        return [];
      case 'content_block_start': {
        const type = KIND[event.content_block?.type ?? ''];
        if (type === undefined || event.index === undefined) return [];
        const block = { index: this.#blocks.size, type, text: event.content_block?.text ?? '', id: event.content_block?.id ?? '', name: event.content_block?.name ?? '' };
        this.#blocks.set(event.index, block);
        return [{ type: 'block-start', index: block.index, blockType: type }];
      }
      case 'content_block_delta': {
        const block = event.index === undefined ? undefined : this.#blocks.get(event.index);
        const d = event.delta;
        if (block === undefined || d === undefined) return [];
        if (d.type === 'input_json_delta' && d.partial_json !== undefined) {
          block.text += d.partial_json;
          return [{ type: 'tool-call-delta', index: block.index, id: block.id, name: block.name, argumentsDelta: d.partial_json }];
        }
        const text = d.type === 'thinking_delta' ? d.thinking : d.type === 'text_delta' ? d.text : undefined;
        if (text === undefined) return [];
        block.text += text;
        return [{ type: block.type === 'reasoning' ? 'reasoning-delta' : 'text-delta', index: block.index, text }];
      }
      case 'message_delta':
        if (event.delta?.stop_reason != null) this.#stop = event.delta.stop_reason;
        // The final output count comes here; message_start's was a placeholder.
        if (event.usage !== undefined) this.#usage = { ...this.#usage, ...event.usage };
        return [];
      case 'error':
        this.#error = { message: event.error?.message ?? 'the stream reported an error', code: (event.error?.type ?? 'error').toUpperCase() };
        return [];
      default:
        return [];
    }
  }

  finish(): StreamChunk[] {
    const out: StreamChunk[] = [...this.#blocks.values()].map((b) => ({ type: 'block-end', index: b.index, block: closed(b) }));
    if (Object.keys(this.#usage).length > 0) out.push({ type: 'usage', usage: mapAnthropicUsage(this.#usage) as TokenUsage });
    out.push({ type: 'finish', reason: this.#reason() });
    return out;
  }

  #reason(): FinishReason {
    if (this.#error !== undefined) return { kind: 'error', failure: this.#error };
    switch (this.#stop) {
      case 'end_turn':
      case 'stop_sequence':
        return this.#blocks.size === 0 ? { kind: 'error', failure: { message: 'the model finished without any content', code: 'EMPTY_RESPONSE' } } : { kind: 'stop' };
      case 'tool_use':
        return { kind: 'tool-calls' };
      case 'max_tokens':
        return { kind: 'max-tokens' };
      case undefined:
        return { kind: 'error', failure: { message: 'the stream ended without a stop reason', code: 'INCOMPLETE_STREAM' } };
      default:
        return { kind: 'error', failure: { message: `the model stopped with "${this.#stop}"`, code: this.#stop.toUpperCase() } };
    }
  }
}

function closed(b: { type: 'text' | 'reasoning' | 'tool-call'; text: string; id: string; name: string }): ContentBlock {
  return b.type === 'tool-call' ? { type: 'tool-call', id: b.id, name: b.name, arguments: b.text } : { type: b.type, text: b.text };
}
