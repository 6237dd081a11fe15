import type { ContentBlock, FinishReason, StreamChunk, TokenUsage } from '../log/index.ts';

/**
 * Assembles a reply from its stream chunks: the blocks its `block-end` chunks carry, in
 * the order they end (every adapter ends them in index order), its last usage and its finish. The deltas before a block-end are kept by
 * the log as chunks; the block is what the end carries. Every model adapter of the
 * reference ends each block it starts before it finishes, and the reference never cuts a
 * stream it keeps, so no block is ever built from deltas alone.
 */
export class BlockAssembler {
  readonly #done = new Map<number, ContentBlock>();
  usage: TokenUsage | undefined;
  finish: FinishReason | undefined;

  push(chunk: StreamChunk): void {
    if (chunk.type === 'block-end') this.#done.set(chunk.index, chunk.block);
    else if (chunk.type === 'usage') this.usage = chunk.usage;
    else if (chunk.type === 'finish') this.finish = chunk.reason;
  }

  blocks(): ContentBlock[] {
    return [...this.#done.values()];
  }
}
