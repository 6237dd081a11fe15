// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { reportedUsage, tokenUsage } from '../../src/wire/index.ts';

describe('the one usage normalisation (disjoint, as the log keeps it)', () => {
  it('takes the cached and written parts out of a chat prompt that includes them', () => {
    const deepseek = { prompt_tokens: 422, completion_tokens: 28, prompt_cache_hit_tokens: 384, prompt_cache_miss_tokens: 38, prompt_tokens_details: { cached_tokens: 384 } };
    expect(reportedUsage('chat', deepseek)).toEqual({ inputTokens: 38, outputTokens: 28, cacheReadTokens: 384 });
    const openai = { prompt_tokens: 4020, completion_tokens: 4, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 4012 }, completion_tokens_details: { reasoning_tokens: 2 } };
    expect(reportedUsage('chat', openai)).toEqual({ inputTokens: 8, outputTokens: 4, cacheReadTokens: 0, cacheWriteTokens: 4012, reasoningTokens: 2 });
    expect(reportedUsage('responses', { input_tokens: 444, input_tokens_details: { cached_tokens: 384 }, output_tokens: 14 })).toEqual({ inputTokens: 60, outputTokens: 14, cacheReadTokens: 384 });
  });

  it('prefers cached_tokens where DeepSeek also sends its hit count', () => {
    expect(reportedUsage('chat', { prompt_tokens: 10, prompt_cache_hit_tokens: 4, prompt_tokens_details: { cached_tokens: 6 } }).cacheReadTokens).toBe(6);
    expect(reportedUsage('chat', { prompt_tokens: 10, prompt_cache_hit_tokens: 4, prompt_tokens_details: { cached_tokens: null } }).cacheReadTokens).toBe(4);
  });

  it('keeps Anthropic counts as they come: already disjoint', () => {
    const usage = { input_tokens: 3, cache_read_input_tokens: 1111, cache_creation_input_tokens: 418, output_tokens: 33 };
    expect(reportedUsage('messages', usage)).toEqual({ inputTokens: 3, outputTokens: 33, cacheReadTokens: 1111, cacheWriteTokens: 418 });
  });

  it('leaves a count that was not reported undefined, and the log form fills only input and output with 0', () => {
    const reported = reportedUsage('messages', { output_tokens: 5, input_tokens: null });
    expect(reported).toEqual({ outputTokens: 5 });
    expect(tokenUsage(reported)).toEqual({ inputTokens: 0, outputTokens: 5 });
    expect(Object.keys(tokenUsage({ reasoningTokens: 1, cacheReadTokens: 2, inputTokens: 3, outputTokens: 4 }))).toEqual(['inputTokens', 'outputTokens', 'cacheReadTokens', 'reasoningTokens']);
  });
});
