import type { TokenUsage } from '../../log/index.ts';
/** The `usage` object of a DeepSeek chat-completions response (both the older and the V4 shape). */
export interface DeepSeekUsage {
    readonly prompt_tokens?: number;
    readonly completion_tokens?: number;
    readonly prompt_cache_hit_tokens?: number | null;
    readonly prompt_cache_miss_tokens?: number | null;
    readonly prompt_tokens_details?: {
        readonly cached_tokens?: number | null;
    } | null;
    readonly completion_tokens_details?: {
        readonly reasoning_tokens?: number | null;
    } | null;
}
/**
 * Disjoint counts (spec §8.2): `inputTokens` is the uncached part of the prompt; cache
 * reads and reasoning tokens appear only when the provider reported them. The
 * OpenAI-style `cached_tokens` wins over `prompt_cache_hit_tokens`. A null count was not
 * reported, the same as an absent one.
 */
export declare function mapDeepSeekUsage(usage: DeepSeekUsage): TokenUsage;
/** A reported count, or undefined when the field is absent, null or not a number. */
export declare function count(value: unknown): number | undefined;
