/**
 * Chat-completions SSE bodies as DeepSeek sends them (and, with OpenAI's usage, as OpenAI
 * does): reasoning, text of every class and several tool calls streamed in pieces; every
 * finish (stop, length, tool calls, the error reasons, none at all when the stream is cut);
 * usage in each shape the provider reports, each optional field present, null or absent,
 * on the finish chunk or on a chunk of its own, or no usage; with or without `[DONE]`;
 * laid out in every SSE framing (sse-framing.ts). Each stream carries what a parser must
 * read back from it (provider-stream.ts).
 */
import fc from 'fast-check';
import type { TokenUsage } from '../../src/log/index.ts';
import { type GeneratedStream } from './provider-stream.ts';
/** A provider's usage object, and what it must map to. */
export interface UsageDraw {
    readonly raw: Record<string, unknown>;
    readonly expected: TokenUsage;
    readonly labels: Readonly<Record<string, boolean>>;
}
/**
 * DeepSeek's usage: the older shape (hit/miss), the V4 shape (also `prompt_tokens_details`
 * and `completion_tokens_details`), each field present, absent or (with `nullCounts`) a
 * null count; a details object may itself be null. The details' `cached_tokens` wins
 * over the hit count (spec §8.2); it may differ from it here.
 */
export declare function deepSeekUsage(nullCounts: boolean): fc.Arbitrary<UsageDraw>;
export type ChatFlavour = 'deepseek' | 'openai';
export declare function chatCompletionsStream(flavour: ChatFlavour, usage: fc.Arbitrary<UsageDraw>): fc.Arbitrary<GeneratedStream>;
/** DeepSeek streams; null appears only where a whole details object is null. */
export declare const deepSeekStream: fc.Arbitrary<GeneratedStream>;
/** DeepSeek streams whose usage may also hold null counts, for the usage mapping itself. */
export declare const deepSeekUsageStream: fc.Arbitrary<GeneratedStream>;
