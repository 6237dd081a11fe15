/**
 * Chat-completions SSE chunks (DeepSeek's and OpenAI's, which share the shape) → the
 * harness's stream chunks (spec §8.2). Only the usage mapping differs by provider.
 */
import type { StreamChunk, TokenUsage } from '../log/index.ts';
import { mapDeepSeekUsage } from './usage.ts';
import { OpenBlocks, finishReason } from './open-blocks.ts';

type Fields = Readonly<Record<string, unknown>>;

/** A JSON object, as opposed to an array or a scalar. */
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

const FINISH_KINDS = { stop: 'stop', tool_calls: 'tool-calls', length: 'max-tokens' } as const;

/**
 * Blocks get harness indices in the order they are first seen: one reasoning block, one
 * text block, one tool-call block per wire tool index. At the end of the stream every
 * block is closed, then the latest usage and the finish reason follow.
 */
export class ChatCompletionsStreamTranslator {
  readonly #blocks = new OpenBlocks<string>();
  readonly #mapUsage: (usage: Fields) => TokenUsage;
  #usage: TokenUsage | undefined;
  #finish: string | undefined;

  /** `mapUsage` reads the provider's `usage` object, whatever fields it holds. */
  constructor(mapUsage: (usage: Fields) => TokenUsage) {
    this.#mapUsage = mapUsage;
  }

  /**
   * Translates one parsed `data:` payload. It is read as the format puts it (`usage`,
   * `choices[0].delta` with `reasoning_content`, `content` and `tool_calls`, `finish_reason`);
   * a field that is missing or not of the format's type counts as absent.
   */
  push(payload: unknown): StreamChunk[] {
    const out: StreamChunk[] = [];
    if (!isObject(payload)) return out;
    const { usage, choices } = payload;
    if (isObject(usage)) this.#usage = this.#mapUsage(usage);
    const choice: unknown = Array.isArray(choices) ? choices[0] : undefined;
    if (!isObject(choice)) return out;
    const { finish_reason: finish, delta } = choice;
    if (typeof finish === 'string') this.#finish = finish;
    if (!isObject(delta)) return out;
    const { reasoning_content: reasoning, content, tool_calls: calls } = delta;
    if (typeof reasoning === 'string' && reasoning !== '') {
      // Stryker disable next-line StringLiteral: the key is only told from the others ('text' or 'reasoning', 'tool:N'), which '' still is
      const block = this.#blocks.open('reasoning', 'reasoning', out);
      block.text += reasoning;
      out.push({ type: 'reasoning-delta', index: block.index, text: reasoning });
    }
    if (typeof content === 'string' && content !== '') {
      // Stryker disable next-line StringLiteral: the key is only told from the others ('text' or 'reasoning', 'tool:N'), which '' still is
      const block = this.#blocks.open('text', 'text', out);
      block.text += content;
      out.push({ type: 'text-delta', index: block.index, text: content });
    }
    // Stryker disable next-line ArrayDeclaration: any list in place of [] holds no object, and the loop skips what is not one
    for (const call of Array.isArray(calls) ? calls : []) {
      if (!isObject(call)) continue;
      const { index, id, function: fn } = call;
      const block = this.#blocks.open(`tool:${typeof index === 'number' ? index : 0}`, 'tool-call', out);
      // A later delta may repeat or change the call's id and name, and the later value wins
      // (WIRE-5.2, as rc.8); "" or null, which some servers send on every continuation, changes nothing.
      if (typeof id === 'string' && id !== '') block.id = id;
      const name = isObject(fn) && typeof fn['name'] === 'string' && fn['name'] !== '' ? fn['name'] : undefined;
      if (name !== undefined) block.name = name;
      const argumentsDelta = isObject(fn) && typeof fn['arguments'] === 'string' ? fn['arguments'] : '';
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
