import type { TokenUsage } from '../../log/index.ts';
/** Anthropic's usage fields: already disjoint (input_tokens is the uncached part). */
export interface AnthropicUsage {
    readonly input_tokens?: number;
    readonly output_tokens?: number;
    readonly cache_read_input_tokens?: number | null;
    readonly cache_creation_input_tokens?: number | null;
}
export declare function mapAnthropicUsage(usage: AnthropicUsage): TokenUsage;
