/** Anthropic's named SSE events → the harness's stream chunks. */
import type { FinishReason, StreamChunk } from '../../log/index.ts';
import { OpenBlocks, finishReason } from '../open-blocks.ts';
import { mapAnthropicUsage, type AnthropicUsage } from '../usage.ts';

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
const STOP_KINDS = { end_turn: 'stop', stop_sequence: 'stop', tool_use: 'tool-calls', max_tokens: 'max-tokens' } as const;

export class AnthropicStreamTranslator {
  readonly #blocks = new OpenBlocks<number>();
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
        const out: StreamChunk[] = [];
        const block = this.#blocks.start(event.index, type, out);
        block.text = event.content_block?.text ?? '';
        block.id = event.content_block?.id ?? '';
        block.name = event.content_block?.name ?? '';
        return out;
      }
      case 'content_block_delta': {
        const block = event.index === undefined ? undefined : this.#blocks.get(event.index);
        const d = event.delta;
        if (block === undefined || d === undefined) return [];
        if (d.type === 'input_json_delta' && d.partial_json !== undefined) {
          block.text += d.partial_json;
          return [{ type: 'tool-call-delta', index: block.index, id: block.id, name: block.name ?? '', argumentsDelta: d.partial_json }];
        }
        const text = d.type === 'thinking_delta' ? d.thinking : d.type === 'text_delta' ? d.text : undefined;
        if (text === undefined) return [];
        block.text += text;
        return [{ type: block.type === 'reasoning' ? 'reasoning-delta' : 'text-delta', index: block.index, text }];
      }
      case 'message_delta':
        if (event.delta?.stop_reason != null) this.#stop = event.delta.stop_reason;
        // The final output count comes here; message_start's was a placeholder. A null here
        // means "not restated", so it must not erase message_start's count.
        if (event.usage !== undefined) this.#usage = { ...this.#usage, ...Object.fromEntries(Object.entries(event.usage).filter(([, v]) => v != null)) };
        return [];
      case 'error':
        this.#error = { message: event.error?.message ?? 'the stream reported an error', code: (event.error?.type ?? 'error').toUpperCase() };
        return [];
      default:
        return [];
    }
  }

  finish(): StreamChunk[] {
    const reason: FinishReason = this.#error === undefined ? finishReason(this.#stop, STOP_KINDS, this.#blocks.size, 'stop reason') : { kind: 'error', failure: this.#error };
    return this.#blocks.close(Object.keys(this.#usage).length > 0 ? mapAnthropicUsage(this.#usage) : undefined, reason);
  }
}
