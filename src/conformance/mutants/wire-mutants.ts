/** Mutants of the wire: request bytes, stream parsing, usage. */
import type { StreamChunk, TokenUsage } from '../../log/index.ts';
import { AnthropicStreamTranslator, ChatCompletionsStreamTranslator, DeepSeekStreamTranslator, mapOpenAiUsage, serializeAnthropicRequest, serializeDeepSeekRequest, serializeOpenAiRequest, translateSseBody, type DeepSeekUsage, type StreamTranslator } from '../../wire/index.ts';
import { REFERENCE_PARTS, cutAt, parseDeepSeekStream, type ProviderWire } from '../reference/reference-implementation.ts';
import { inProcess } from './define.ts';

/** Rewrites the top-level keys of a serialized body. */
function rebody(body: string, edit: (value: Record<string, unknown>) => Record<string, unknown>): string {
  return JSON.stringify(edit(JSON.parse(body) as Record<string, unknown>));
}

let rotation = 0;
export const WIRE_KEYS_UNORDERED = inProcess('wire-keys-unordered', 'the body’s keys come out in a different order from call to call (a map without order)', 'unstable serialization', {
  parts: {
    serialize: (request) => {
      const wire = serializeDeepSeekRequest(request);
      const shift = rotation++;
      return { ...wire, body: rebody(wire.body, (v) => Object.fromEntries(Object.entries(v).map((_, i, all) => all[(i + shift) % all.length]!))) };
    },
  },
});

export const WIRE_NULL_CONTENT = inProcess('wire-null-content', 'an assistant message without text is sent with content null (DeepSeek needs "")', 'projection', {
  parts: {
    serialize: (request) => {
      const wire = serializeDeepSeekRequest(request);
      const messages = (m: unknown[]) => m.map((x) => ((x as { role: string; content: string }).role === 'assistant' && (x as { content: string }).content === '' ? { ...(x as object), content: null } : x));
      return { ...wire, body: rebody(wire.body, (v) => ({ ...v, messages: messages(v['messages'] as unknown[]) })) };
    },
  },
});

export const CONTEXT_STATS_IN_SYSTEM = inProcess('context-stats-in-system', 'the system message carries a running message count, so every body differs from the first byte of its history', 'per-turn data in the cached block', {
  parts: {
    serialize: (request) => {
      const wire = serializeDeepSeekRequest(request);
      const stamp = (m: unknown[]) => m.map((x, i) => (i === 0 && (x as { role: string }).role === 'system' ? { ...(x as object), content: `${(x as { content: string }).content} (${m.length} messages)` } : x));
      return { ...wire, body: rebody(wire.body, (v) => ({ ...v, messages: stamp(v['messages'] as unknown[]) })) };
    },
  },
});

export const USAGE_DOUBLE_COUNTED = inProcess('usage-double-counted', 'cached tokens are counted twice: input is taken as prompt_tokens, not prompt_tokens minus the cache hits', 'usage mis-mapped', {
  parts: {
    parseStream: (body, cuts) =>
      REFERENCE_PARTS.parseStream(body, cuts).map((c): StreamChunk => (c.type === 'usage' && c.usage.cacheReadTokens !== undefined ? { ...c, usage: { ...c.usage, inputTokens: c.usage.inputTokens + c.usage.cacheReadTokens } } : c)),
  },
});

// Each network piece is decoded on its own, so a UTF-8 sequence split across pieces turns into U+FFFD.
export const SSE_SPLIT_UTF8 = inProcess('sse-split-utf8', 'the SSE reader decodes every network chunk on its own and breaks characters split between chunks', 'stream parsing', {
  parts: { parseStream: (body, cuts) => parseDeepSeekStream(cutAt(body, cuts).map((piece) => new TextDecoder().decode(piece))) },
});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A translator behind the reference's SSE reader, with `push` bent by `edit` (an event `edit` drops is pushed as `{}`). */
function bentStream(make: () => StreamTranslator, edit: (event: Record<string, unknown>) => Record<string, unknown> | undefined): ProviderWire['parseStream'] {
  return (body, cuts) => {
    const translator = make();
    const bent: StreamTranslator = { push: (event) => translator.push(isObject(event) ? (edit(event) ?? {}) : event), finish: () => translator.finish() };
    return translateSseBody(bent, cutAt(body, cuts));
  };
}

/** DeepSeek's usage read with `??` alone: a count sent as null survives as null. */
function usageKeepingNulls(usage: DeepSeekUsage): TokenUsage {
  const read = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: (usage.prompt_tokens ?? 0) - (read ?? 0),
    outputTokens: usage.completion_tokens ?? 0,
    ...(read === undefined ? {} : { cacheReadTokens: read as number }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning as number }),
  };
}

export const USAGE_NULL_REPORTED = inProcess('usage-null-reported', 'a usage count the provider sent as null is passed on as null instead of being left out as unreported', { bugClass: 'usage mis-mapped' }, {
  parts: { parseStream: bentStream(() => new ChatCompletionsStreamTranslator(usageKeepingNulls), (event) => event) },
});

const openAi = REFERENCE_PARTS.wire.openai;
const anthropic = REFERENCE_PARTS.wire.anthropic;

export const OPENAI_USAGE_CHUNK_IGNORED = inProcess('openai-usage-chunk-ignored', 'usage is read only from chunks that carry a choice, so OpenAI’s final `choices: []` usage chunk is dropped', { bugClass: 'usage mis-mapped' }, {
  parts: {
    wire: {
      anthropic,
      openai: { serialize: openAi.serialize, parseStream: bentStream(() => new ChatCompletionsStreamTranslator(mapOpenAiUsage), (event) => ((event['choices'] as unknown[] | undefined)?.length ? event : undefined)) },
    },
  },
});

export const OPENAI_MAX_TOKENS_LEGACY = inProcess('openai-max-tokens-legacy', 'the OpenAI body caps output with the deprecated `max_tokens`, which reasoning models refuse, instead of `max_completion_tokens`', { bugClass: 'wire field mis-mapped' }, {
  parts: {
    wire: {
      anthropic,
      openai: {
        parseStream: openAi.parseStream,
        serialize: (request) => {
          const wire = serializeOpenAiRequest(request);
          return { ...wire, body: rebody(wire.body, (v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k === 'max_completion_tokens' ? 'max_tokens' : k, x]))) };
        },
      },
    },
  },
});

export const ANTHROPIC_OUTPUT_PLACEHOLDER = inProcess('anthropic-output-placeholder', 'Anthropic usage is taken from message_start alone, so the output count is its placeholder (1) and message_delta’s final count is lost', { bugClass: 'usage mis-mapped' }, {
  parts: {
    wire: {
      openai: openAi,
      anthropic: { serialize: anthropic.serialize, parseStream: bentStream(() => new AnthropicStreamTranslator(), (event) => (event['type'] === 'message_delta' ? { ...event, usage: undefined } : event)) },
    },
  },
});

export const ANTHROPIC_ERROR_FLAG_DROPPED = inProcess('anthropic-error-flag-dropped', 'a failed tool result is sent to Anthropic without `is_error`, so the model reads the error text as a successful output', { bugClass: 'wire field mis-mapped' }, {
  parts: {
    wire: {
      openai: openAi,
      anthropic: {
        parseStream: anthropic.parseStream,
        serialize: (request) => {
          const wire = serializeAnthropicRequest(request);
          return { ...wire, body: wire.body.replaceAll(',"is_error":true', '') };
        },
      },
    },
  },
});

export const WIRE_MUTANTS = [
  WIRE_KEYS_UNORDERED,
  WIRE_NULL_CONTENT,
  CONTEXT_STATS_IN_SYSTEM,
  USAGE_DOUBLE_COUNTED,
  SSE_SPLIT_UTF8,
  USAGE_NULL_REPORTED,
  OPENAI_USAGE_CHUNK_IGNORED,
  OPENAI_MAX_TOKENS_LEGACY,
  ANTHROPIC_OUTPUT_PLACEHOLDER,
  ANTHROPIC_ERROR_FLAG_DROPPED,
];
