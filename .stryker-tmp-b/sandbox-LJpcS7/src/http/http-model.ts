/**
 * The loop's model over HTTP: the wire bytes of a request go out through an injected
 * fetch (never the global one), and the streamed answer comes back as stream chunks.
 */
// @ts-nocheck

import type { LlmCallConfig, StreamChunk } from '../log/index.ts';
import { prepareWithDefaults, type ModelAdapter, type PreparedCall, type RouteDefaults } from '../loop/index.ts';
import { WIRE_FORMATS, translateSseStream, type GenerateRequest, type Provider, type WireRequest } from '../wire/index.ts';
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

export class HttpModel implements ModelAdapter {
  readonly provider: string;
  readonly #options: HttpModelOptions;

  constructor(options: HttpModelOptions) {
    this.provider = options.provider;
    this.#options = options;
  }

  prepare(proposal: LlmCallConfig): PreparedCall {
    return prepareWithDefaults(proposal, this.#options.defaults ?? {});
  }

  serialize(request: GenerateRequest): WireRequest {
    const format = WIRE_FORMATS[this.#options.provider];
    return format.serialize(request, this.#options.baseUrl === undefined ? {} : { baseUrl: this.#options.baseUrl });
  }

  async *stream(_request: GenerateRequest, wire: WireRequest): AsyncIterable<StreamChunk> {
    const format = WIRE_FORMATS[this.#options.provider];
    const auth = this.#options.apiKey === undefined ? {} : format.auth(this.#options.apiKey);
    const response = await this.#options.fetch(wire.url, { method: wire.method, headers: { ...wire.headers, ...auth }, body: wire.body });
    if (response.status !== 200 || response.body === null) {
      const text = (await response.text()).slice(0, 300);
      const status = response.status;
      yield { type: 'finish', reason: { kind: 'error', failure: { message: `HTTP ${status}: ${text}`, code: status === 429 ? 'RATE_LIMITED' : status >= 500 ? 'SERVER_ERROR' : 'HTTP_ERROR', status } } };
      return;
    }
    yield* translateSseStream(format.translator(), response.body);
  }
}
