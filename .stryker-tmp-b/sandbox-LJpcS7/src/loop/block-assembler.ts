// @ts-nocheck
import type { ContentBlock, FinishReason, StreamChunk, TokenUsage } from '../log/index.ts';

/**
 * Assembles stream chunks into content blocks. A `block-end` carries the finished
 * block; blocks without one are built from their deltas. Blocks come out in index order.
 */
export class BlockAssembler {
  readonly #partial = new Map<number, { type: string; text: string; id?: string; name?: string }>();
  readonly #done = new Map<number, ContentBlock>();
  usage: TokenUsage | undefined;
  finish: FinishReason | undefined;

  push(chunk: StreamChunk): void {
    switch (chunk.type) {
      case 'block-start':
        this.#partial.set(chunk.index, { type: chunk.blockType, text: '' });
        return;
      case 'text-delta':
      case 'reasoning-delta':
        this.#part(chunk.index, chunk.type === 'text-delta' ? 'text' : 'reasoning').text += chunk.text;
        return;
      case 'tool-call-delta': {
        const part = this.#part(chunk.index, 'tool-call');
        part.text += chunk.argumentsDelta;
        part.id = chunk.id;
        if (chunk.name !== undefined) part.name = chunk.name;
        return;
      }
      case 'block-end':
        this.#done.set(chunk.index, chunk.block);
        return;
      case 'usage':
        this.usage = chunk.usage;
        return;
      case 'finish':
        this.finish = chunk.reason;
        return;
    }
  }

  blocks(): ContentBlock[] {
    const indices = [...new Set([...this.#partial.keys(), ...this.#done.keys()])].sort((a, b) => a - b);
    return indices.map((index) => this.#done.get(index) ?? fromPartial(this.#partial.get(index)!));
  }

  #part(index: number, type: string) {
    let part = this.#partial.get(index);
    if (part === undefined) this.#partial.set(index, (part = { type, text: '' }));
    return part;
  }
}

function fromPartial(part: { type: string; text: string; id?: string; name?: string }): ContentBlock {
  if (part.type === 'tool-call') return { type: 'tool-call', id: part.id ?? '', name: part.name ?? '', arguments: part.text };
  return { type: part.type === 'reasoning' ? 'reasoning' : 'text', text: part.text };
}
