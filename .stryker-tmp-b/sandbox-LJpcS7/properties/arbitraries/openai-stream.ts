/**
 * OpenAI chat-completions SSE bodies: the chat-completions shapes of deepseek-stream.ts with
 * OpenAI's usage — `prompt_tokens_details.cached_tokens` (a subset of `prompt_tokens`), the
 * newer `cache_write_tokens`, `completion_tokens_details.reasoning_tokens` — each present,
 * null or absent, as the older and newer models report them.
 */
// @ts-nocheck

import fc from 'fast-check';
import { chatCompletionsStream, type UsageDraw } from './deepseek-stream.ts';
import { defined, reported, tokenUsage, type GeneratedStream } from './provider-stream.ts';

const presence = fc.constantFrom('value', 'value', 'null', 'absent');
const put = (p: string, value: unknown): unknown => (p === 'value' ? value : p === 'null' ? null : undefined);

export const openAiUsage: fc.Arbitrary<UsageDraw> = fc
  .record({
    prompt: fc.nat(200_000),
    readShare: fc.double({ min: 0, max: 1, noNaN: true }),
    writeShare: fc.double({ min: 0, max: 1, noNaN: true }),
    completion: fc.nat(8000),
    reasoning: fc.nat(8000),
    details: fc.constantFrom('object', 'object', 'object', 'null', 'absent'),
    cached: presence,
    write: fc.constantFrom('value', 'value', 'null', 'absent'),
    completionDetails: fc.constantFrom('object', 'object', 'null', 'absent'),
    reasoningField: presence,
  })
  .map(({ prompt, readShare, writeShare, completion, reasoning, details, cached, write, completionDetails, reasoningField }) => {
    const reads = Math.floor(prompt * readShare);
    const writes = Math.floor((prompt - reads) * writeShare);
    const promptDetails = details === 'absent' ? undefined : details === 'null' ? null : defined({ cached_tokens: put(cached, reads), audio_tokens: 0, cache_write_tokens: put(write, writes) });
    const outputDetails =
      completionDetails === 'absent' ? undefined : completionDetails === 'null' ? null : defined({ reasoning_tokens: put(reasoningField, Math.min(reasoning, completion)), audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 });
    const raw = defined({ prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, prompt_tokens_details: promptDetails, completion_tokens_details: outputDetails });
    const read = reported((promptDetails as { cached_tokens?: number | null } | null | undefined)?.cached_tokens);
    const written = reported((promptDetails as { cache_write_tokens?: number | null } | null | undefined)?.cache_write_tokens);
    const thought = reported((outputDetails as { reasoning_tokens?: number | null } | null | undefined)?.reasoning_tokens);
    const nulls = [promptDetails, outputDetails].some((d) => d === null || (typeof d === 'object' && d !== undefined && Object.values(d).includes(null)));
    return {
      raw,
      expected: tokenUsage(prompt - (read ?? 0) - (written ?? 0), completion, read, written, thought),
      labels: { 'cache read': read !== undefined, 'cache write': written !== undefined, 'cache fields absent': read === undefined && written === undefined, 'null fields': nulls, 'reasoning tokens': thought !== undefined },
    };
  });

export const openAiStream: fc.Arbitrary<GeneratedStream> = chatCompletionsStream('openai', openAiUsage);
