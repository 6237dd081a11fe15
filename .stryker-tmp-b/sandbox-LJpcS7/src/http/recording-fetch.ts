/**
 * Recording by wrapping an injected `fetch`: the request body is captured as the exact
 * bytes sent, and the response body is teed so the caller streams it as usual while the
 * other branch stamps every chunk with the milliseconds since the request started.
 * Responses with status >= 400 are not recorded unless asked: a rate limit written into a
 * cassette would replay forever.
 */
// @ts-nocheck

import { recordChunk, recordRequest, type Chunk } from './cassette.ts';
import { brokeOff } from './_internals/net-failure.ts';
import { allowedHeaders } from './headers.ts';
import type { CassetteWriter } from './cassette-writer.ts';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface RecordingFetch extends FetchLike {
  /** Resolves once every response body seen so far has been read and written; rejects with the first recording that failed. */
  settled(): Promise<void>;
}

export interface RecordingOptions {
  /** Milliseconds on a monotonic clock. Default `performance.now`. */
  readonly now?: () => number;
  readonly recordFailures?: boolean;
}

/** A request with its body read into bytes, and the init that sends exactly those bytes. */
export interface MaterialisedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly body: Uint8Array;
  readonly init: RequestInit;
}

export async function materialise(input: string | URL | Request, init?: RequestInit): Promise<MaterialisedRequest> {
  const request = new Request(input, init);
  const body = new Uint8Array(await request.arrayBuffer());
  const { method, url, headers, signal } = request;
  return { method, url, headers, body, init: { ...init, method, headers, signal, body: body.byteLength > 0 ? body : null } };
}

export function recordingFetch(fetch: FetchLike, writer: CassetteWriter, options: RecordingOptions = {}): RecordingFetch {
  const now = options.now ?? (() => performance.now());
  const pending = new Set<Promise<void>>();
  const failures: unknown[] = [];

  async function record(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const sent = await materialise(input, init);
    const started = now();
    const response = await fetch(sent.url, sent.init);
    if (response.status >= 400 && !options.recordFailures) return response;
    const [kept, given] = response.body === null ? [null, null] : response.body.tee();
    const written = readChunks(kept, () => now() - started)
      .then(async ({ chunks, broke }) => {
        await writer.append({
          request: recordRequest(sent),
          response: { status: response.status, headers: allowedHeaders('response', response.headers), chunks, ...(broke === undefined ? {} : { incomplete: brokeOff(broke) ?? 'truncated' }) },
        });
        // The exchange is written as far as it went, marked incomplete; the failure still stands.
        if (broke !== undefined) throw broke;
      })
      .catch((error: unknown) => void failures.push(error));
    pending.add(written);
    void written.then(() => pending.delete(written));
    return given === null ? response : new Response(given, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  return Object.assign(record, {
    async settled() {
      await Promise.all(pending);
      if (failures.length > 0) throw failures[0];
    },
  });
}

async function readChunks(body: ReadableStream<Uint8Array> | null, elapsed: () => number): Promise<{ chunks: Chunk[]; broke?: unknown }> {
  const chunks: Chunk[] = [];
  if (body === null) return { chunks };
  const reader = body.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(recordChunk(elapsed(), next.value));
  } catch (broke) {
    return { chunks, broke };
  }
  return { chunks };
}
