import type { TokenUsage } from '../../log/index.ts';

/** Anthropic's usage fields: already disjoint (input_tokens is the uncached part). */
export interface AnthropicUsage {
  readonly input_tokens?: number;
  readonly output_tokens?: number;
  readonly cache_read_input_tokens?: number | null;
  readonly cache_creation_input_tokens?: number | null;
}

export function mapAnthropicUsage(usage: AnthropicUsage): TokenUsage {
  const read = usage.cache_read_input_tokens ?? undefined;
  const write = usage.cache_creation_input_tokens ?? undefined;
  return {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    ...(read === undefined ? {} : { cacheReadTokens: read }),
    ...(write === undefined ? {} : { cacheWriteTokens: write }),
  };
}
