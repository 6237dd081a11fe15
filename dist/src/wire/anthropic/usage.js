export function mapAnthropicUsage(usage) {
    const read = usage.cache_read_input_tokens ?? undefined;
    const write = usage.cache_creation_input_tokens ?? undefined;
    return {
        inputTokens: usage.input_tokens ?? 0,
        outputTokens: usage.output_tokens ?? 0,
        ...(read === undefined ? {} : { cacheReadTokens: read }),
        ...(write === undefined ? {} : { cacheWriteTokens: write }),
    };
}
