/**
 * A recording reverse proxy on loopback: a harness points its base URL here and recon
 * sees the bytes that really went out, instead of taking the harness's word for them
 * (DESIGN §11). Each response streams back chunk by chunk as it arrives; the client's
 * credentials go upstream and nowhere else (the cassette keeps allow-listed headers and a
 * URL without credential-like query parameters).
 *
 * After each call the session so far is accounted (usage, the attainable bound, and why a
 * read fell short), and the call is reported through `onCall`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReconError } from '../errors.ts';
import type { Provider } from '../wire/index.ts';
import { collectBody } from './_internals/bytes.ts';
import { listenOnLoopback } from './_internals/loopback.ts';
import { breakOff } from './_internals/break-off.ts';
import { brokeOff } from './_internals/net-failure.ts';
import { redactUrlFully } from './_internals/redact.ts';
import { CacheAccountant, type CacheAccount, type RequestAccount } from './cache-accounting.ts';
import { CASSETTE_FORMAT, recordChunk, recordRequest, type Cassette, type CassetteHeader, type Chunk, type Incomplete, type Interaction } from './cassette.ts';
import type { CassetteWriter } from './cassette-writer.ts';
import { allowedHeaders } from './headers.ts';
import type { FetchLike } from './recording-fetch.ts';

export const PROVIDER_URLS: Readonly<Record<Provider, string>> = {
  deepseek: 'https://api.deepseek.com',
  openai: 'https://api.openai.com',
  anthropic: 'https://api.anthropic.com',
};

export interface ProxyOptions {
  readonly provider: Provider;
  /** Where requests go; default the provider's own API. A path is kept as a prefix. */
  readonly upstream?: string;
  /** 0 (default) lets the system pick a free port. */
  readonly port?: number;
  /** Appends every exchange, as it completes, to a cassette. */
  readonly writer?: CassetteWriter;
  readonly fetch?: FetchLike;
  /** Milliseconds on a monotonic clock, for chunk times. Default `performance.now`. */
  readonly now?: () => number;
  /** Called once per model call, after its response has ended. */
  readonly onCall?: (call: ProxiedCall) => void;
  /** Called when a request cannot be forwarded (the client gets status 502), or its response broke off. */
  readonly onError?: (error: ReconError) => void;
  /** Milliseconds the upstream may stay silent (before its headers, between body bytes); default none. */
  readonly timeout?: number;
}

export interface ProxiedCall {
  /** The exchange's number in this session, from 0. */
  readonly index: number;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The account of this call, when it is a model call of a known API. */
  readonly account?: RequestAccount;
}

export interface Proxy {
  /** `http://127.0.0.1:<port>`: the base URL to give the harness (an OpenAI SDK takes it with `/v1`). */
  readonly url: string;
  readonly upstream: string;
  /** The session so far: every exchange, credentials removed. */
  cassette(): Cassette;
  /** The cache account of the session so far. */
  account(): Promise<CacheAccount>;
  /** Stops listening and waits for the exchanges in flight to be written. */
  close(): Promise<void>;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) and those the proxy sets itself.
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'content-length', 'accept-encoding']);
const NOT_RETURNED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);

export async function startProxy(options: ProxyOptions): Promise<Proxy> {
  const upstream = parseUpstream(options.upstream ?? PROVIDER_URLS[options.provider]);
  const fetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? (() => performance.now());
  const interactions: Interaction[] = [];
  const header: CassetteHeader = { cassette: CASSETTE_FORMAT, provider: options.provider, source: 'recorded' };
  const inFlight = new Set<Promise<void>>();
  // Aborting these ends every upstream wait: how closing never waits on a silent upstream.
  const waits = new Set<AbortController>();
  const accountant = new CacheAccountant(options.provider);
  let reported = Promise.resolve();

  const cassette = (): Cassette => ({ header, interactions: [...interactions] });

  async function exchange(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const target = new URL(upstream.href.replace(/\/$/, '') + (request.url ?? '/'));
    const body = await collectBody(request);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || NOT_FORWARDED.has(name)) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    // Chunks are recorded as the upstream sent them: no compression between the two.
    headers.set('accept-encoding', 'identity');
    const chunks: Chunk[] = [];
    let incomplete: Incomplete | undefined;
    const started = now();
    const wait = new AbortController();
    waits.add(wait);
    // The client gone (an endless stream it stopped reading) ends the upstream wait too.
    let gone = false;
    response.once('close', () => {
      if (!response.writableFinished && incomplete === undefined) gone = true;
      if (!response.writableFinished) wait.abort(new Error('the client closed the connection'));
    });
    let timer: NodeJS.Timeout | undefined;
    const silent = () => {
      if (options.timeout === undefined) return;
      clearTimeout(timer);
      timer = setTimeout(() => wait.abort(new ReconError('NET_TIMEOUT', `${method} ${redactUrlFully(target.href)}: the upstream sent nothing for ${options.timeout} ms`)), options.timeout);
    };
    let answer: Response;
    try {
      silent();
      try {
        answer = await fetch(target.href, { method, headers, ...(body.byteLength > 0 ? { body } : {}), redirect: 'manual', signal: wait.signal });
      } catch (error) {
        const reason = wait.signal.aborted ? wait.signal.reason : error;
        const cause = ReconError.is(reason) ? reason.detail : (reason as Error).cause instanceof Error ? ((reason as Error).cause as Error).message : (reason as Error).message;
        const failure = ReconError.is(reason) ? reason : new ReconError('PROXY_UPSTREAM', `${method} ${redactUrlFully(target.href)} failed: ${cause}`, { hint: 'check --upstream and the network' });
        options.onError?.(failure);
        if (!response.destroyed) {
          response.writeHead(ReconError.is(reason) ? 504 : 502, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ error: { code: failure.code, message: failure.message } }));
        }
        return;
      }
      const returned: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!NOT_RETURNED.has(name)) returned[name] = value;
      });
      response.writeHead(answer.status, returned);
      if (answer.body !== null) {
        const reader = answer.body.getReader();
        try {
          for (let next = await reader.read(); !next.done; next = await reader.read()) {
            silent();
            chunks.push(recordChunk(now() - started, next.value));
            response.write(next.value);
          }
        } catch (error) {
          // The client sees the failure the upstream gave: a reset as a reset, a cut body as a
          // connection closed before the chunked terminator, never a clean end.
          const reason = wait.signal.aborted ? wait.signal.reason : error;
          incomplete = brokeOff(reason) ?? 'truncated';
          await breakOff(response, incomplete);
          if (!gone) options.onError?.(ReconError.is(reason) ? reason : new ReconError('PROXY_UPSTREAM', `${method} ${redactUrlFully(target.href)}: the response broke off after ${chunks.length} chunks (${incomplete === 'reset' ? 'connection reset' : 'the body ended early'})`));
        }
      }
    } finally {
      clearTimeout(timer);
      waits.delete(wait);
    }
    if (incomplete === undefined) response.end();
    const interaction: Interaction = {
      request: recordRequest({ method, url: target.href, headers: Object.fromEntries(headers), body }),
      response: { status: answer.status, headers: allowedHeaders('response', answer.headers), chunks, ...(incomplete === undefined ? {} : { incomplete }) },
    };
    const index = interactions.push(interaction) - 1;
    await options.writer?.append(interaction);
    const onCall = options.onCall;
    if (onCall === undefined) return;
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    reported = reported.then(async () => {
      const account = await accountThrough(index);
      onCall({ index, method, path, status: answer.status, ...(account === undefined ? {} : { account }) });
    });
    await reported;
  }

  // Calls are accounted one at a time in the order they ended, and only when asked (a listener,
  // or account()): the tokenizer is most of what a call costs the proxy.
  const accounts: Array<RequestAccount | undefined> = [];
  async function accountThrough(last: number): Promise<RequestAccount | undefined> {
    for (let k = accounts.length; k <= last; k++) {
      try {
        accounts.push(await accountant.add(interactions[k]!, k));
      } catch (error) {
        accounts.push(undefined);
        options.onError?.(new ReconError('INTERNAL', `call #${k} was forwarded but could not be accounted: ${(error as Error).message}`));
      }
    }
    return accounts[last];
  }

  const server = await listenOnLoopback((request, response) => {
    const done = exchange(request, response).catch((error: unknown) => {
      const failure = ReconError.is(error) ? error : new ReconError('PROXY_UPSTREAM', `the exchange failed: ${(error as Error).message}`);
      options.onError?.(failure);
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
      response.end();
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  }, options.port);

  return {
    url: server.url,
    upstream: redactUrlFully(upstream.href),
    cassette,
    account: async () => {
      reported = reported.then(() => accountThrough(interactions.length - 1).then(() => undefined));
      await reported;
      return accountant.account();
    },
    async close() {
      for (const wait of waits) wait.abort(new Error('the proxy is stopping'));
      await Promise.all(inFlight);
      await server.close();
    },
  };
}

/** The upstream as a URL, or a USAGE error: checked before anything is opened or written. */
export function parseUpstream(text: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ReconError('USAGE', `--upstream takes an http or https URL, got "${text}"`);
  return url;
}
