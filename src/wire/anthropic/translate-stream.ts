/** Anthropic's named SSE events → the harness's stream chunks. */
import type { FinishReason, StreamChunk } from '../../log/index.ts';
import { OpenBlocks, finishReason } from '../open-blocks.ts';
import { mapAnthropicUsage } from '../usage.ts';

type Fields = Readonly<Record<string, unknown>>;

/** A JSON object, as opposed to an array or a scalar. */
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field of `value` when both are what the format says (an object, a string); else absent. */
const stringAt = (value: unknown, key: string): string | undefined => (isObject(value) && typeof value[key] === 'string' ? value[key] : undefined);

// A Map, not an object: a block named like a prototype key ("constructor") is unknown, and opens none.
const KIND = new Map<string, 'text' | 'reasoning' | 'tool-call'>([['text', 'text'], ['thinking', 'reasoning'], ['tool_use', 'tool-call']]);
const DELTA_KIND = new Map<string, 'text' | 'reasoning' | 'tool-call'>([['text_delta', 'text'], ['thinking_delta', 'reasoning'], ['input_json_delta', 'tool-call']]);
const DELTA_FIELD = { text: 'text', reasoning: 'thinking', 'tool-call': 'partial_json' } as const;
const STOP_KINDS = { end_turn: 'stop', stop_sequence: 'stop', tool_use: 'tool-calls', max_tokens: 'max-tokens' } as const;

export class AnthropicStreamTranslator {
  readonly #blocks = new OpenBlocks<number>();
  #usage: Fields = {};
  #stop: string | undefined;
  #error: { message: string; code: string } | undefined;

  /**
   * Translates one parsed event. It is read as the format puts it; a field that is missing
   * or not of the format's type counts as absent.
   */
  push(payload: unknown): StreamChunk[] {
    if (!isObject(payload)) return [];
    const { index, delta, usage } = payload;
    switch (payload['type']) {
      case 'message_start': {
        const { message } = payload;
        this.#usage = { ...(isObject(message) && isObject(message['usage']) ? message['usage'] : {}) };
        return [];
      }
      case 'content_block_start': {
        const { content_block: started } = payload;
        const type = KIND.get(stringAt(started, 'type') ?? '');
        if (type === undefined || typeof index !== 'number') return [];
        const out: StreamChunk[] = [];
        // A start's own text is not read: the API sends it empty, and a block is what its deltas spell.
        const block = this.#blocks.start(index, type, out);
        block.id = stringAt(started, 'id') ?? '';
        block.name = stringAt(started, 'name') ?? '';
        return out;
      }
      case 'content_block_delta': {
        const block = typeof index === 'number' ? this.#blocks.get(index) : undefined;
        // A delta extends only a block of its own kind (WIRE-5.3): text on a tool call, or JSON on a text, adds nothing.
        if (block === undefined || !isObject(delta) || DELTA_KIND.get(stringAt(delta, 'type') ?? '') !== block.type) return [];
        const text = stringAt(delta, DELTA_FIELD[block.type]);
        if (text === undefined) return [];
        block.text += text;
        if (block.type === 'tool-call') return [{ type: 'tool-call-delta', index: block.index, id: block.id, name: block.name ?? '', argumentsDelta: text }];
        return [{ type: block.type === 'reasoning' ? 'reasoning-delta' : 'text-delta', index: block.index, text }];
      }
      case 'message_delta': {
        const stop = stringAt(delta, 'stop_reason');
        if (stop !== undefined) this.#stop = stop;
        // The final output count comes here; message_start's was a placeholder. A null here
        // means "not restated", so it must not erase message_start's count.
        if (isObject(usage)) this.#usage = { ...this.#usage, ...Object.fromEntries(Object.entries(usage).filter(([, v]) => v != null)) };
        return [];
      }
      case 'error': {
        const { error } = payload;
        this.#error = { message: stringAt(error, 'message') ?? 'the stream reported an error', code: (stringAt(error, 'type') ?? 'error').toUpperCase() };
        return [];
      }
      default:
        return [];
    }
  }

  finish(): StreamChunk[] {
    const reason: FinishReason = this.#error === undefined ? finishReason(this.#stop, STOP_KINDS, this.#blocks.size, 'stop reason') : { kind: 'error', failure: this.#error };
    return this.#blocks.close(Object.keys(this.#usage).length > 0 ? mapAnthropicUsage(this.#usage) : undefined, reason);
  }
}
