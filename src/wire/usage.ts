/**
 * Token usage: the one normalisation, in the one convention of this project — the session
 * log's (spec §8.2). The counts are DISJOINT: `inputTokens` is the uncached part of the
 * prompt, `cacheReadTokens` the part read from the cache, `cacheWriteTokens` the part
 * written to it; the whole prompt is their sum. `outputTokens` includes `reasoningTokens`.
 *
 * The providers disagree. OpenAI and DeepSeek (chat completions, responses) report the
 * whole prompt with the cached part as a subset of it; Anthropic (messages) reports the
 * three disjoint parts. Mixing the two up is the classic cache-rate bug (provider-cache.md §C).
 * Where OpenAI's `cached_tokens` and DeepSeek's `prompt_cache_hit_tokens` both stand, the
 * first wins (DSH reads it first; every recording has the two equal).
 */
import type { TokenUsage } from '../log/index.ts';

/** The API a usage object comes from: its fields differ. */
export type UsageApi = 'chat' | 'responses' | 'messages';

/** What a response reported, disjoint; a count it did not report (absent, null, not a number) is undefined, never 0. */
export interface ReportedUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
  readonly reasoningTokens?: number;
}

/** The `usage` object of a DeepSeek chat-completions response (both the older and the V4 shape). */
export interface DeepSeekUsage {
  readonly prompt_tokens?: number;
  readonly completion_tokens?: number;
  readonly prompt_cache_hit_tokens?: number | null;
  readonly prompt_cache_miss_tokens?: number | null;
  readonly prompt_tokens_details?: { readonly cached_tokens?: number | null } | null;
  readonly completion_tokens_details?: { readonly reasoning_tokens?: number | null } | null;
}

/** The `usage` object of an OpenAI chat-completions response. */
export interface OpenAiChatUsage {
  readonly prompt_tokens?: number;
  readonly completion_tokens?: number;
  readonly prompt_tokens_details?: { readonly cached_tokens?: number | null; readonly cache_write_tokens?: number | null } | null;
  readonly completion_tokens_details?: { readonly reasoning_tokens?: number | null } | null;
}

/** Anthropic's usage fields: already disjoint (`input_tokens` is the uncached part). */
export interface AnthropicUsage {
  readonly input_tokens?: number;
  readonly output_tokens?: number;
  readonly cache_read_input_tokens?: number | null;
  readonly cache_creation_input_tokens?: number | null;
}

/** The usage an `api` response reports, in the convention above. */
export function reportedUsage(api: UsageApi, raw: Readonly<Record<string, unknown>>): ReportedUsage {
  if (api === 'messages') {
    return defined({
      inputTokens: count(raw['input_tokens']),
      outputTokens: count(raw['output_tokens']),
      cacheReadTokens: count(raw['cache_read_input_tokens']),
      cacheWriteTokens: count(raw['cache_creation_input_tokens']),
      reasoningTokens: undefined,
    });
  }
  const chat = api === 'chat';
  const details = object(raw[chat ? 'prompt_tokens_details' : 'input_tokens_details']);
  const prompt = count(raw[chat ? 'prompt_tokens' : 'input_tokens']);
  const read = count(details?.['cached_tokens']) ?? count(raw['prompt_cache_hit_tokens']);
  const write = count(details?.['cache_write_tokens']);
  return defined({
    inputTokens: prompt === undefined ? undefined : prompt - (read ?? 0) - (write ?? 0),
    outputTokens: count(raw[chat ? 'completion_tokens' : 'output_tokens']),
    cacheReadTokens: read,
    cacheWriteTokens: write,
    reasoningTokens: count(object(raw[chat ? 'completion_tokens_details' : 'output_tokens_details'])?.['reasoning_tokens']),
  });
}

/** The usage as the log keeps it: input and output always stand (0 when not reported), the rest only when reported. */
export function tokenUsage(usage: ReportedUsage): TokenUsage {
  const { inputTokens = 0, outputTokens = 0, cacheReadTokens, cacheWriteTokens, reasoningTokens } = usage;
  return {
    inputTokens,
    outputTokens,
    ...(cacheReadTokens === undefined ? {} : { cacheReadTokens }),
    ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
    ...(reasoningTokens === undefined ? {} : { reasoningTokens }),
  };
}

export const mapDeepSeekUsage = (usage: DeepSeekUsage): TokenUsage => tokenUsage(reportedUsage('chat', usage as Readonly<Record<string, unknown>>));
export const mapOpenAiUsage = (usage: OpenAiChatUsage): TokenUsage => tokenUsage(reportedUsage('chat', usage as Readonly<Record<string, unknown>>));
export const mapAnthropicUsage = (usage: AnthropicUsage): TokenUsage => tokenUsage(reportedUsage('messages', usage as Readonly<Record<string, unknown>>));

/** A count as the wire reports it: absent, null or not a finite number is unreported. */
export const count = (value: unknown): number | undefined => (Number.isFinite(value) ? (value as number) : undefined);

const object = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function defined(usage: { readonly [K in keyof ReportedUsage]-?: number | undefined }): ReportedUsage {
  return Object.fromEntries(Object.entries(usage).filter(([, v]) => v !== undefined)) as ReportedUsage;
}
