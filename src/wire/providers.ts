/** The wire formats the loop can speak, by provider name. */
import type { StreamChunk } from '../log/index.ts';
import { AnthropicStreamTranslator } from './anthropic/translate-stream.ts';
import { ANTHROPIC_BASE_URL, serializeAnthropicRequest } from './anthropic/serialize.ts';
import { ChatCompletionsStreamTranslator, DeepSeekStreamTranslator } from './chat-completions-stream.ts';
import { DEEPSEEK_BASE_URL, serializeDeepSeekRequest } from './deepseek/serialize.ts';
import { OPENAI_BASE_URL, serializeOpenAiRequest } from './openai/serialize.ts';
import { mapOpenAiUsage } from './usage.ts';
import { SseDecoder, parseSse, type SseEvent } from './sse.ts';
import type { ImageWireOptions } from './images.ts';
import type { GenerateRequest, WireRequest } from './wire-request.ts';

export type Provider = 'deepseek' | 'openai' | 'anthropic';
export const PROVIDERS: readonly Provider[] = ['deepseek', 'openai', 'anthropic'];

export interface StreamTranslator {
  /** One parsed `data:` payload, of whatever shape the provider sent. */
  push(data: unknown): StreamChunk[];
  finish(): StreamChunk[];
}

/** Feeds SSE events to a translator: each `data:` is one JSON payload, and the `[DONE]` of chat-completions streams carries none. */
export function translateSse(translator: StreamTranslator, events: readonly SseEvent[]): StreamChunk[] {
  return events.flatMap((event) => (event.data === '[DONE]' ? [] : translator.push(JSON.parse(event.data))));
}

/** The stream chunks of a whole SSE body (or the pieces it arrived in), the translator's closing chunks included. */
export function translateSseBody(translator: StreamTranslator, pieces: Iterable<Uint8Array | string>): StreamChunk[] {
  return [...translateSse(translator, parseSse(pieces)), ...translator.finish()];
}

/** The same for a body still arriving: each chunk as soon as its event is complete. */
export async function* translateSseStream(translator: StreamTranslator, pieces: AsyncIterable<Uint8Array>): AsyncGenerator<StreamChunk> {
  const decoder = new SseDecoder();
  for await (const piece of pieces) yield* translateSse(translator, decoder.push(piece));
  yield* translator.finish();
}

export interface WireFormat {
  readonly baseUrl: string;
  /** The environment variable an operator's key is read from. */
  readonly keyVariable: string;
  serialize(request: GenerateRequest, options?: { readonly baseUrl?: string; readonly images?: ImageWireOptions }): WireRequest;
  translator(): StreamTranslator;
  /** The credential headers for a key; added by the client, never written to a cassette. */
  auth(key: string): Record<string, string>;
}

export const WIRE_FORMATS: Record<Provider, WireFormat> = {
  deepseek: {
    baseUrl: DEEPSEEK_BASE_URL,
    keyVariable: 'DEEPSEEK_API_KEY',
    serialize: serializeDeepSeekRequest,
    translator: () => new DeepSeekStreamTranslator(),
    // Stryker disable next-line all: credentials go out only on a networked run with an operator's key; the reference runs without one (test/http/record.test.ts checks the header and its redaction)
    auth: (key) => ({ authorization: `Bearer ${key}` }),
  },
  openai: {
    baseUrl: OPENAI_BASE_URL,
    keyVariable: 'OPENAI_API_KEY',
    serialize: serializeOpenAiRequest,
    translator: () => new ChatCompletionsStreamTranslator(mapOpenAiUsage),
    // Stryker disable next-line all: credentials go out only on a networked run with an operator's key; the reference runs without one (test/http/record.test.ts checks the header and its redaction)
    auth: (key) => ({ authorization: `Bearer ${key}` }),
  },
  anthropic: {
    baseUrl: ANTHROPIC_BASE_URL,
    keyVariable: 'ANTHROPIC_API_KEY',
    serialize: serializeAnthropicRequest,
    translator: () => new AnthropicStreamTranslator(),
    // Stryker disable next-line all: credentials go out only on a networked run with an operator's key; the reference runs without one (test/http/record.test.ts checks the header and its redaction)
    auth: (key) => ({ 'x-api-key': key }),
  },
};

export function isProvider(name: string): name is Provider {
  return (PROVIDERS as readonly string[]).includes(name);
}
