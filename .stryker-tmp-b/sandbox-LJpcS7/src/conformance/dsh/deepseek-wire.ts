/**
 * DSH's DeepSeek adapter (`dsh-llm-deepseek`) on a scripted transport. The adapter calls
 * the global `fetch`; while one of these runs, `fetch` is replaced by a function that
 * records the exact HTTP request and answers with the bytes it is given. So requests are
 * serialized and streams translated by DSH's own code, and nothing leaves the process.
 */
// @ts-nocheck

import type { AnonymousUserId } from '@deepseek-ai/dsh-anonymous-user-id';
import type { DeepSeekAdapter } from '@deepseek-ai/dsh-llm-deepseek';
import type { StreamChunk as DshChunk } from '@deepseek-ai/dsh-llm';
import type { AttachmentStore } from '../../attachments/index.ts';
import type { LiveModel } from '../../contract/scenario.ts';
import { ReconError } from '../../errors.ts';
import type { RouteDefaults } from '../../loop/index.ts';
import { DEEPSEEK_BASE_URL, type GenerateRequest, type WireRequest } from '../../wire/index.ts';
import { streamAny } from './boundary.ts';
import type { DshPackages } from './packages.ts';

/**
 * Headers the client adds whatever the request: the credential, the anonymous install id
 * and the client's user-agent, plus `accept: text/event-stream`. WireRequest describes the
 * request without them (its contract: credentials are the client's), so they are dropped.
 */
const CLIENT_HEADERS = new Set(['authorization', 'x-deepseek-harness-user-id', 'user-agent', 'accept']);

/** The default efforts DSH's DeepSeek adapter takes (its `RequestDefaults`). */
const DEFAULT_EFFORTS = ['off', 'low', 'high', 'max'] as const;
const isDefaultEffort = (effort: string): effort is (typeof DEFAULT_EFFORTS)[number] => DEFAULT_EFFORTS.some((known) => known === effort);

/**
 * The image path of DSH's adapter: the models its catalog lists with image input, and the
 * attachment service it reads through. A read that fails throws DSH's own AttachmentError
 * with the store's code, so the adapter passes it on as it passes its own store's on.
 */
export interface DshImageSupport {
  readonly store: AttachmentStore;
  readonly imageModels: readonly string[];
  readonly maxRequestImageBytes?: number;
}

/** With `live` (feature liveModel) the adapter talks to that base URL with that key instead of DeepSeek's. */
export function deepSeekAdapter(dsh: DshPackages, defaults: RouteDefaults = {}, live?: LiveModel, images?: DshImageSupport): DeepSeekAdapter {
  const deepseek = dsh.deepseek;
  if (deepseek === undefined) throw new Error(`dsh-llm-deepseek is not published at ${dsh.version}`);
  const effort = defaults.reasoningEffort;
  if (effort !== undefined && !isDefaultEffort(effort)) throw new Error(`DSH's DeepSeek adapter takes a default reasoning effort of ${DEFAULT_EFFORTS.join(', ')}, not "${effort}"`);
  // DSH's own resolve step brands the credential reference and completes the retry policy.
  const connection = deepseek.resolveAdapterOptions({
    baseURL: live?.baseUrl ?? DEEPSEEK_BASE_URL,
    apiKeyEnv: 'DEEPSEEK_API_KEY',
    ...(effort === undefined ? {} : { reasoningEffort: effort }),
    maxTokens: defaults.maxTokens ?? deepseek.DEFAULT_MAX_TOKENS,
    defaultContextWindow: deepseek.DEFAULT_CONTEXT_WINDOW,
    models: (images?.imageModels ?? []).map((id) => ({ id, inputModalities: ['text', 'image'] as ['text', 'image'] })),
    streamIdleTimeoutMs: deepseek.DEFAULT_STREAM_IDLE_TIMEOUT_MS,
    maxRequestImageBytes: images?.maxRequestImageBytes ?? deepseek.DEFAULT_MAX_REQUEST_IMAGE_BYTES,
    retryPolicy: { mode: 'normal', maxRetries: 0 },
  });
  return new deepseek.DeepSeekAdapter({
    options: () => connection,
    resolveApiKey: async () => live?.apiKey ?? 'sk-recon-offline',
    resolveUserId: () => ANONYMOUS_USER,
    ...(images === undefined || dsh.attachment === undefined ? {} : { resolveAttachments: () => dshAttachments(dsh.attachment!, images.store) }),
  });
}

/** Our store behind DSH's `readImage(ref, signal) → {ref, data}`, failures as DSH's AttachmentError. */
function dshAttachments(attachment: NonNullable<DshPackages['attachment']>, store: AttachmentStore) {
  return {
    readImage: async (ref: unknown) => {
      try {
        return { ref, data: store.readImage(ref) };
      } catch (error) {
        if (!ReconError.is(error)) throw error;
        throw new attachment.AttachmentError(error.detail, error.code as never);
      }
    },
  } as never;
}

/**
 * The anonymous user id the adapter sends (a header WireRequest drops). DSH brands it and
 * mints it only by writing a file in the harness home, so this stand-in is a cast.
 */
const ANONYMOUS_USER = 'recon' as AnonymousUserId;

/** What the scripted transport answers one request with: the body bytes, cut into reads. */
export interface ScriptedResponse {
  readonly body: Uint8Array;
  readonly cuts?: readonly number[];
}

// DSH's adapter reads the global fetch, so calls that swap it take turns: properties issue calls together.
let queue: Promise<unknown> = Promise.resolve();

/** Runs `body` with `fetch` answered by `respond`; every request it sees is passed to `respond`. */
export function withScriptedFetch<T>(respond: (request: WireRequest) => ScriptedResponse | undefined, body: () => Promise<T>): Promise<T> {
  const turn = queue.then(() => swapFetch(scripted(respond), body));
  queue = turn.catch(() => undefined);
  return turn;
}

/**
 * Runs `body` with `fetch` the real one, each request it sends passed to `seen` on its way
 * out (feature liveModel: the adapter talks HTTP itself; this only notes what it says).
 * It takes its turn with the scripted runs, so none of them swaps `fetch` meanwhile.
 */
export function withObservedFetch<T>(seen: (request: WireRequest) => void, body: () => Promise<T>): Promise<T> {
  const turn = queue.then(() =>
    swapFetch((request, send) => {
      seen(request);
      return send();
    }, body),
  );
  queue = turn.catch(() => undefined);
  return turn;
}

const scripted =
  (respond: (request: WireRequest) => ScriptedResponse | undefined) =>
  async (request: WireRequest): Promise<Response> => {
    const response = respond(request);
    if (response === undefined) throw new Error('recon: no scripted response (request recorded only)');
    return new Response(readable(response), { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };

async function swapFetch<T>(answer: (request: WireRequest, send: () => Promise<Response>) => Promise<Response>, body: () => Promise<T>): Promise<T> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (url: string | URL, init?: RequestInit) => answer(wireRequest(String(url), init ?? {}), () => realFetch(url, init))) as typeof fetch;
  try {
    return await body();
  } finally {
    globalThis.fetch = realFetch;
  }
}

function wireRequest(url: string, init: RequestInit): WireRequest {
  const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).filter(([name]) => !CLIENT_HEADERS.has(name.toLowerCase())));
  return { method: 'POST', url, headers, body: String(init.body) };
}

function readable({ body, cuts = [] }: ScriptedResponse): ReadableStream<Uint8Array> {
  const points = [0, ...cuts.filter((c) => c > 0 && c < body.length), body.length];
  let i = 1;
  return new ReadableStream({
    pull(controller) {
      if (i < points.length) controller.enqueue(body.slice(points[i - 1], points[i++]));
      else controller.close();
    },
  });
}

/** Drains the adapter's stream for `request`; throws what DSH throws. */
export async function streamChunks(adapter: DeepSeekAdapter, request: GenerateRequest): Promise<DshChunk[]> {
  const chunks: DshChunk[] = [];
  for await (const chunk of streamAny(adapter, request)) chunks.push(chunk);
  return chunks;
}
