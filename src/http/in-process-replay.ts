/**
 * Replay for third-party code in this process that calls global `fetch` or `node:http` /
 * `node:https` itself. Every origin in the cassette is answered from it; any other origin
 * except loopback is refused with NET_CONNECT_REFUSED before a socket is opened, so a
 * request nobody thought to intercept fails at once instead of quietly reaching a live API.
 *
 * - Global `fetch` reads undici's global dispatcher on every call; Node 20's bundled undici
 *   and the undici package share its `Symbol.for('undici.globalDispatcher.1')` slot, so
 *   `setGlobalDispatcher` from the package reaches the built-in fetch too.
 * - `http.request` and friends are wrapped so that a non-loopback request gets a
 *   `createConnection` of ours: an in-memory stream pair whose far end is an `http.Server`
 *   that never listens. Node's own client and server then do all the HTTP framing, and the
 *   caller gets a real `ClientRequest` and `IncomingMessage`.
 *
 * `restore()` puts back the previous dispatcher and the original functions; install and
 * restore in nesting order.
 */
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { Duplex } from 'node:stream';
import { urlToHttpOptions } from 'node:url';
import { Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { ReconError } from '../errors.ts';
import { collectBody } from './_internals/bytes.ts';
import { redactUrl } from './_internals/redact-url.ts';
import { CassetteDispatcher, refuseDispatch } from './dispatcher.ts';
import type { Replayer } from './replayer.ts';
import { timedChunks, type ReplayTiming } from './timing.ts';

export interface InProcessReplay {
  /** Gives the process its previous global dispatcher and its own `node:http` and `node:https` back. */
  restore(): void;
}

const isLoopback = (hostname: string): boolean => hostname === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]' || hostname === '::1';

function refusal(url: string): ReconError {
  const origin = new URL(url).origin;
  return new ReconError('NET_CONNECT_REFUSED', `in-process replay refused ${redactUrl(url)}: the cassette holds nothing for ${origin}, and only loopback may reach the network`, {
    hint: 'record this origin into the cassette, or serve it on loopback',
  });
}

export function installInProcessReplay(replayer: Replayer, timing: ReplayTiming = {}): InProcessReplay {
  const origins = new Set<string>();
  for (const { request } of replayer.cassette.interactions) if (request !== null) origins.add(new URL(request.url).origin);

  const previous = getGlobalDispatcher();
  setGlobalDispatcher(new InProcessDispatcher(new CassetteDispatcher(replayer, timing), previous, origins));

  const server = http.createServer((request, response) => void answer(replayer, timing, request, response));
  const originals = { http: { request: http.request, get: http.get }, https: { request: https.request, get: https.get } };
  for (const [module, defaults] of [
    [http, { protocol: 'http:', port: 80 }],
    [https, { protocol: 'https:', port: 443 }],
  ] as const) {
    const { request } = module;
    const replaying = (...args: unknown[]): http.ClientRequest => {
      const [options, callback] = requestOptions(args);
      const hostname = options.hostname ?? options.host ?? 'localhost';
      if (options.socketPath !== undefined || isLoopback(hostname)) return (request as (...a: unknown[]) => http.ClientRequest)(...args);
      const port = Number(options.port ?? options.defaultPort ?? defaults.port);
      const origin = new URL(`${options.protocol ?? defaults.protocol}//${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`).origin;
      const createConnection = (_: unknown, done: (error: Error | null, socket?: Duplex) => void): Duplex | undefined => {
        if (!origins.has(origin)) return void done(refusal(`${origin}${options.path ?? '/'}`));
        const [client, far] = streamPair();
        ORIGIN_OF.set(far, origin);
        server.emit('connection', far);
        return client;
      };
      return request({ ...options, agent: undefined, defaultPort: defaults.port, port, createConnection } as http.RequestOptions, callback);
    };
    module.request = replaying as typeof module.request;
    module.get = ((...args: unknown[]) => replaying(...args).end()) as typeof module.get;
  }
  syncBuiltinESMExports();

  return {
    restore() {
      setGlobalDispatcher(previous);
      Object.assign(http, originals.http);
      Object.assign(https, originals.https);
      syncBuiltinESMExports();
      server.close();
    },
  };
}

/** Global fetch: cassette origins from the cassette, loopback to the previous dispatcher, the rest refused. */
class InProcessDispatcher extends Dispatcher {
  constructor(
    readonly cassette: CassetteDispatcher,
    readonly previous: Dispatcher,
    readonly origins: ReadonlySet<string>,
  ) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const url = new URL(options.path, options.origin ?? undefined);
    if (isLoopback(url.hostname)) return this.previous.dispatch(options, handler);
    if (this.origins.has(url.origin)) return this.cassette.dispatch(options, handler);
    refuseDispatch(handler, refusal(url.href));
    return true;
  }

  override close(): Promise<void> {
    return Promise.resolve();
  }

  override destroy(): Promise<void> {
    return Promise.resolve();
  }
}

/** The origin each in-memory connection was opened for (the server only sees a Host header). */
const ORIGIN_OF = new WeakMap<Duplex, string>();

async function answer(replayer: Replayer, timing: ReplayTiming, request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  try {
    const url = `${ORIGIN_OF.get(request.socket as Duplex)}${request.url ?? '/'}`;
    const interaction = replayer.take({ method: request.method ?? 'GET', url, body: await collectBody(request) });
    response.writeHead(interaction.response.status, interaction.response.headers);
    response.flushHeaders();
    for await (const chunk of timedChunks(interaction.response, timing)) {
      if (response.destroyed) return;
      response.write(chunk);
    }
    response.end();
  } catch (error) {
    // The client end of the pair fails with the error itself, so the ClientRequest emits it.
    // Every connection this server sees is the far end of a stream pair (see createConnection).
    const end = request.socket;
    (end instanceof SocketEnd ? end.peer : end).destroy(error as Error);
  }
}

/** `http.request(url?, options?, callback?)` as one options object, the way Node reads it. */
function requestOptions(args: unknown[]): [http.RequestOptions, ((response: http.IncomingMessage) => void) | undefined] {
  let options: http.RequestOptions = {};
  if (typeof args[0] === 'string' || args[0] instanceof URL) options = urlToHttpOptions(new URL(args[0])) as http.RequestOptions;
  else if (args[0] !== null && typeof args[0] === 'object') options = { ...(args[0] as http.RequestOptions) };
  const rest = typeof args[0] === 'function' ? args : args.slice(1);
  if (rest[0] !== null && typeof rest[0] === 'object') options = { ...options, ...(rest.shift() as http.RequestOptions) };
  return [options, typeof rest[0] === 'function' ? (rest[0] as (response: http.IncomingMessage) => void) : undefined];
}

/** Two connected in-memory stream ends, with the no-op socket methods the http client and server call. */
function streamPair(): [Duplex, Duplex] {
  const ends = [0, 1].map(() => new SocketEnd()) as [SocketEnd, SocketEnd];
  ends[0].peer = ends[1];
  ends[1].peer = ends[0];
  return ends;
}

class SocketEnd extends Duplex {
  peer!: SocketEnd;
  readonly connecting = false;
  #resume: (() => void) | undefined;

  override _read(): void {
    const resume = this.peer.#resume;
    this.peer.#resume = undefined;
    resume?.();
  }
  override _write(chunk: Buffer, _: BufferEncoding, done: (error?: Error | null) => void): void {
    if (this.peer.push(chunk)) done();
    else this.#resume = done;
  }
  override _final(done: (error?: Error | null) => void): void {
    this.peer.push(null);
    done();
  }
  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.peer.destroy();
    done(error);
  }
  destroySoon(): void {
    this.end(() => this.destroy());
  }
  setTimeout(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}
