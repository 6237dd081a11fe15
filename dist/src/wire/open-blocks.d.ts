/**
 * What every stream translator keeps (spec §8.2): the blocks it opened, numbered in
 * first-seen order, closed at the end of the stream with their whole text, then the
 * usage and the finish.
 */
import type { FinishReason, StreamChunk, TokenUsage } from '../log/index.ts';
export interface OpenBlock {
    readonly index: number;
    readonly type: 'text' | 'reasoning' | 'tool-call';
    text: string;
    id: string;
    name: string | undefined;
}
export declare class OpenBlocks<K> {
    #private;
    get size(): number;
    get(key: K): OpenBlock | undefined;
    /** The block under `key`, started the first time it is seen. */
    open(key: K, type: OpenBlock['type'], out: StreamChunk[]): OpenBlock;
    /** A new block under `key`, announced in `out`. */
    start(key: K, type: OpenBlock['type'], out: StreamChunk[]): OpenBlock;
    /** The closing chunks: a `block-end` for every block, the usage when there is one, the finish. */
    close(usage: TokenUsage | undefined, reason: FinishReason): StreamChunk[];
}
/**
 * A provider's finish (or stop) reason as the harness's: `kinds` maps the reasons it
 * knows; a stop without any block is EMPTY_RESPONSE, no reason at all INCOMPLETE_STREAM,
 * any other reason an error coded with it.
 */
export declare function finishReason(reason: string | undefined, kinds: Readonly<Record<string, 'stop' | 'tool-calls' | 'max-tokens'>>, blocks: number, field: string): FinishReason;
