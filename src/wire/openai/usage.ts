import type { TokenUsage } from '../../log/index.ts';
import { count } from '../deepseek/usage.ts';

/** The `usage` object of an OpenAI chat-completions response. */
export interface OpenAiChatUsage {
  readonly prompt_tokens?: number;
  readonly completion_tokens?: number;
  readonly prompt_tokens_details?: { readonly cached_tokens?: number | null; readonly cache_write_tokens?: number | null } | null;
  readonly completion_tokens_details?: { readonly reasoning_tokens?: number | null } | null;
}

/**
 * Disjoint counts: OpenAI's `prompt_tokens` includes the cached part (and, where
 * reported, the part written to the cache), so the uncached input is what remains; a
 * null count was not reported.
 */
export function mapOpenAiUsage(usage: OpenAiChatUsage): TokenUsage {
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
