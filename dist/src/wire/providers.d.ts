/** The wire formats the loop can speak, by provider name. */
import type { StreamChunk } from '../log/index.ts';
import type { SseEvent } from './sse.ts';
import type { GenerateRequest, WireRequest } from './wire-request.ts';
export type Provider = 'deepseek' | 'openai' | 'anthropic';
export declare const PROVIDERS: readonly Provider[];
export interface StreamTranslator {
    push(data: never): StreamChunk[];
    finish(): StreamChunk[];
}
/** Feeds SSE events to a translator: each `data:` is one JSON payload, and the `[DONE]` of chat-completions streams carries none. */
export declare function translateSse(translator: StreamTranslator, events: readonly SseEvent[]): StreamChunk[];
export interface WireFormat {
    readonly baseUrl: string;
    /** The environment variable an operator's key is read from. */
    readonly keyVariable: string;
    serialize(request: GenerateRequest, options?: {
        readonly baseUrl?: string;
    }): WireRequest;
    translator(): StreamTranslator;
    /** The credential headers for a key; added by the client, never written to a cassette. */
    auth(key: string): Record<string, string>;
}
export declare const WIRE_FORMATS: Record<Provider, WireFormat>;
export declare function isProvider(name: string): name is Provider;
