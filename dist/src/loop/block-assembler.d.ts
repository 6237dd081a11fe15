import type { ContentBlock, FinishReason, StreamChunk, TokenUsage } from '../log/index.ts';
/**
 * Assembles stream chunks into content blocks. A `block-end` carries the finished
 * block; blocks without one are built from their deltas. Blocks come out in index order.
 */
export declare class BlockAssembler {
    #private;
    usage: TokenUsage | undefined;
    finish: FinishReason | undefined;
    push(chunk: StreamChunk): void;
    blocks(): ContentBlock[];
}
