import { ReconError } from '../errors.ts';
import type { ContentBlock, FinishReason, LlmCallConfig, StreamChunk, TokenUsage } from '../log/index.ts';
import { serializeDeepSeekRequest, type GenerateRequest, type WireRequest } from '../wire/index.ts';
import { prepareWithDefaults, type ModelAdapter, type ModelReply, type PreparedCall, type RouteDefaults } from './model.ts';

/** One scripted model reply, as data. Blocks stream in the order reasoning, text, tool calls. */
export interface ScriptedReply {
  readonly reasoning?: string;
  readonly text?: string;
  readonly toolCalls?: ReadonlyArray<{ readonly id?: string; readonly name: string; readonly arguments: string }>;
  readonly usage?: TokenUsage;
  /** Default: `tool-calls` when there are calls, else `stop`. */
  readonly finish?: 'stop' | 'tool-calls' | 'max-tokens' | 'error';
  readonly error?: { readonly message: string; readonly code: string };
  /** Deltas of this many characters (default: the whole text in one delta). */
  readonly chunkSize?: number;
  /** The reply arrives in one piece, not streamed: the loop logs no chunk for it. */
  readonly whole?: boolean;
}

export interface ScriptedModelOptions {
  readonly provider?: string;
  readonly defaults?: RouteDefaults;
  readonly replies: readonly ScriptedReply[] | ((index: number, request: GenerateRequest) => ScriptedReply);
  /** How requests become bytes; DeepSeek's chat-completions body by default. */
  readonly serialize?: (request: GenerateRequest) => WireRequest;
}

/** A model whose replies are data: what makes a loop run replay byte for byte. */
export class ScriptedModel implements ModelAdapter {
  readonly provider: string;
  readonly #options: ScriptedModelOptions;
  #served = 0;
  #calls = 0;

  constructor(options: ScriptedModelOptions) {
    this.provider = options.provider ?? 'deepseek';
    this.#options = options;
  }

  prepare(proposal: LlmCallConfig): PreparedCall {
    return prepareWithDefaults(proposal, this.#options.defaults ?? {});
  }

  serialize(request: GenerateRequest): WireRequest {
    return (this.#options.serialize ?? serializeDeepSeekRequest)(request);
  }

  stream(request: GenerateRequest): ModelReply {
    const index = this.#served++;
    const replies = this.#options.replies;
    const reply = typeof replies === 'function' ? replies(index, request) : replies[index];
    if (reply === undefined) throw new ReconError('USAGE', `the script has no reply for request ${index + 1} (it holds ${Array.isArray(replies) ? replies.length : '?'})`);
    const chunks = [...this.#chunks(reply)];
    return {
      whole: reply.whole === true,
      async *[Symbol.asyncIterator]() {
        yield* chunks;
      },
    };
  }

  *#chunks(reply: ScriptedReply): Iterable<StreamChunk> {
    const blocks: ContentBlock[] = [];
    // As a reply on the wire: an empty delta opens no block (WIRE-5.2).
    if (reply.reasoning !== undefined && reply.reasoning !== '') blocks.push({ type: 'reasoning', text: reply.reasoning });
    if (reply.text !== undefined && reply.text !== '') blocks.push({ type: 'text', text: reply.text });
    for (const call of reply.toolCalls ?? []) blocks.push({ type: 'tool-call', id: call.id ?? `call-${++this.#calls}`, name: call.name, arguments: call.arguments });
    for (const [index, block] of blocks.entries()) {
      yield { type: 'block-start', index, blockType: block.type as 'text' | 'reasoning' | 'tool-call' };
      if (block.type === 'tool-call') {
        for (const piece of pieces(block.arguments, reply.chunkSize)) yield { type: 'tool-call-delta', index, id: block.id, name: block.name, argumentsDelta: piece };
      } else if (block.type === 'text' || block.type === 'reasoning') {
        const type = block.type === 'text' ? 'text-delta' : 'reasoning-delta';
        for (const piece of pieces(block.text, reply.chunkSize)) yield { type, index, text: piece };
      }
      yield { type: 'block-end', index, block };
    }
    if (reply.usage !== undefined) yield { type: 'usage', usage: reply.usage };
    yield { type: 'finish', reason: finishReason(reply, blocks) };
  }
}

function finishReason(reply: ScriptedReply, blocks: readonly ContentBlock[]): FinishReason {
  const finish = reply.finish ?? (reply.toolCalls?.length ? 'tool-calls' : 'stop');
  if (finish === 'error') return { kind: 'error', failure: reply.error ?? { message: 'scripted failure', code: 'SCRIPTED' } };
  if (finish === 'stop' && blocks.length === 0) return { kind: 'error', failure: { message: 'the model finished without any content', code: 'EMPTY_RESPONSE' } };
  return { kind: finish };
}

/** `text` in deltas of `size` characters (the whole text in one when no size is given). */
export function pieces(text: string, size: number | undefined): string[] {
  if (size === undefined || size <= 0 || text.length <= size) return [text];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
