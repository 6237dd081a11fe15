import type { TokenUsage } from '../../log/index.ts';
/** The `usage` object of an OpenAI chat-completions response. */
export interface OpenAiChatUsage {
    readonly prompt_tokens?: number;
    readonly completion_tokens?: number;
    readonly prompt_tokens_details?: {
        readonly cached_tokens?: number | null;
        readonly cache_write_tokens?: number | null;
    } | null;
    readonly completion_tokens_details?: {
        readonly reasoning_tokens?: number | null;
    } | null;
}
/**
 * Disjoint counts: OpenAI's `prompt_tokens` includes the cached part (and, where
 * reported, the part written to the cache), so the uncached input is what remains; a
 * null count was not reported.
 */
export declare function mapOpenAiUsage(usage: OpenAiChatUsage): TokenUsage;
