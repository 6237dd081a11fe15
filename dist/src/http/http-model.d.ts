/**
 * The loop's model over HTTP: the wire bytes of a request go out through an injected
 * fetch (never the global one), and the streamed answer comes back as stream chunks.
 */
import type { LlmCallConfig, StreamChunk } from '../log/index.ts';
import { type ModelAdapter, type PreparedCall, type RouteDefaults } from '../loop/index.ts';
import { type GenerateRequest, type Provider, type WireRequest } from '../wire/index.ts';
import type { FetchLike } from './recording-fetch.ts';
export interface HttpModelOptions {
    readonly provider: Provider;
    /** undici's fetch with an explicit dispatcher (dispatcherFetch), or a recording around it. */
    readonly fetch: FetchLike;
    /** The credential; sent in the provider's auth header, never logged or recorded. */
    readonly apiKey?: string;
    readonly baseUrl?: string;
    readonly defaults?: RouteDefaults;
}
export declare class HttpModel implements ModelAdapter {
    #private;
    readonly provider: string;
    constructor(options: HttpModelOptions);
    prepare(proposal: LlmCallConfig): PreparedCall;
    serialize(request: GenerateRequest): WireRequest;
    stream(_request: GenerateRequest, wire: WireRequest): AsyncIterable<StreamChunk>;
}
