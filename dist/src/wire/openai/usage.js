import { count } from "../deepseek/usage.js";
/**
 * Disjoint counts: OpenAI's `prompt_tokens` includes the cached part (and, where
 * reported, the part written to the cache), so the uncached input is what remains; a
 * null count was not reported.
 */
export function mapOpenAiUsage(usage) {
    const read = count(usage.prompt_tokens_details?.cached_tokens);
    const write = count(usage.prompt_tokens_details?.cache_write_tokens);
    const reasoning = count(usage.completion_tokens_details?.reasoning_tokens);
    return {
        inputTokens: (usage.prompt_tokens ?? 0) - (read ?? 0) - (write ?? 0),
        outputTokens: usage.completion_tokens ?? 0,
        ...(read === undefined ? {} : { cacheReadTokens: read }),
        ...(write === undefined ? {} : { cacheWriteTokens: write }),
        ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
    };
}
