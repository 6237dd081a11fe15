/**
 * Disjoint counts (spec §8.2): `inputTokens` is the uncached part of the prompt; cache
 * reads and reasoning tokens appear only when the provider reported them. The
 * OpenAI-style `cached_tokens` wins over `prompt_cache_hit_tokens`. A null count was not
 * reported, the same as an absent one.
 */
export function mapDeepSeekUsage(usage) {
    const cacheRead = count(usage.prompt_tokens_details?.cached_tokens) ?? count(usage.prompt_cache_hit_tokens);
    const reasoning = count(usage.completion_tokens_details?.reasoning_tokens);
    return {
        inputTokens: (usage.prompt_tokens ?? 0) - (cacheRead ?? 0),
        outputTokens: usage.completion_tokens ?? 0,
        ...(cacheRead === undefined ? {} : { cacheReadTokens: cacheRead }),
        ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
    };
}
/** A reported count, or undefined when the field is absent, null or not a number. */
export function count(value) {
    return typeof value === 'number' ? value : undefined;
}
