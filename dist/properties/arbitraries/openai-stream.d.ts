/**
 * OpenAI chat-completions SSE bodies: the chat-completions shapes of deepseek-stream.ts with
 * OpenAI's usage — `prompt_tokens_details.cached_tokens` (a subset of `prompt_tokens`), the
 * newer `cache_write_tokens`, `completion_tokens_details.reasoning_tokens` — each present,
 * null or absent, as the older and newer models report them.
 */
import fc from 'fast-check';
import { type UsageDraw } from './deepseek-stream.ts';
import { type GeneratedStream } from './provider-stream.ts';
export declare const openAiUsage: fc.Arbitrary<UsageDraw>;
export declare const openAiStream: fc.Arbitrary<GeneratedStream>;
