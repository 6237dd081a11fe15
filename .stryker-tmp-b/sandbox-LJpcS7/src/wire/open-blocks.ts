/**
 * What every stream translator keeps (spec §8.2): the blocks it opened, numbered in
 * first-seen order, closed at the end of the stream with their whole text, then the
 * usage and the finish.
 */
// @ts-nocheck

import type { ContentBlock, FinishReason, StreamChunk, TokenUsage } from '../log/index.ts';

export interface OpenBlock {
  readonly index: number;
  readonly type: 'text' | 'reasoning' | 'tool-call';
  text: string;
  id: string;
  name: string | undefined;
}

export class OpenBlocks<K> {
  readonly #blocks = new Map<K, OpenBlock>();

  get size(): number {
    return this.#blocks.size;
  }

  get(key: K): OpenBlock | undefined {
    return this.#blocks.get(key);
  }

  /** The block under `key`, started the first time it is seen. */
  open(key: K, type: OpenBlock['type'], out: StreamChunk[]): OpenBlock {
    return this.#blocks.get(key) ?? this.start(key, type, out);
  }

  /** A new block under `key`, announced in `out`. */
  start(key: K, type: OpenBlock['type'], out: StreamChunk[]): OpenBlock {
    const block: OpenBlock = { index: this.#blocks.size, type, text: '', id: '', name: undefined };
    this.#blocks.set(key, block);
    out.push({ type: 'block-start', index: block.index, blockType: type });
    return block;
  }

  /** The closing chunks: a `block-end` for every block, the usage when there is one, the finish. */
  close(usage: TokenUsage | undefined, reason: FinishReason): StreamChunk[] {
    const out: StreamChunk[] = [...this.#blocks.values()].map((block) => ({ type: 'block-end', index: block.index, block: closed(block) }));
    if (usage !== undefined) out.push({ type: 'usage', usage });
    out.push({ type: 'finish', reason });
    return out;
  }
}

function closed(block: OpenBlock): ContentBlock {
  if (block.type === 'tool-call') return { type: 'tool-call', id: block.id, name: block.name ?? '', arguments: block.text };
  return { type: block.type, text: block.text };
}

/**
 * A provider's finish (or stop) reason as the harness's: `kinds` maps the reasons it
 * knows; a stop without any block is EMPTY_RESPONSE, no reason at all INCOMPLETE_STREAM,
 * any other reason an error coded with it.
 */
export function finishReason(reason: string | undefined, kinds: Readonly<Record<string, 'stop' | 'tool-calls' | 'max-tokens'>>, blocks: number, field: string): FinishReason {
  if (reason === undefined) return { kind: 'error', failure: { message: `the stream ended without a ${field}`, code: 'INCOMPLETE_STREAM' } };
  const kind = Object.hasOwn(kinds, reason) ? kinds[reason] : undefined;
  if (kind === undefined) return { kind: 'error', failure: { message: `the model finished with "${reason}"`, code: reason.toUpperCase() } };
  if (kind === 'stop' && blocks === 0) return { kind: 'error', failure: { message: 'the model finished without any content', code: 'EMPTY_RESPONSE' } };
  return { kind };
}
