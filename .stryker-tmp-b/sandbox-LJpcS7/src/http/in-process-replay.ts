/**
 * Replay for third-party code in this process that calls global `fetch` or `node:http` /
 * `node:https` itself. Every origin in the cassette is answered from it; any other origin
 * except loopback is refused with NET_CONNECT_REFUSED before a socket is opened, so a
 * request nobody thought to intercept fails at once instead of quietly reaching a live API.
 *
 * nock intercepts global `fetch` and `node:http` / `node:https`. nock 14 does not see two
 * kinds of request, so undici's global dispatcher answers them the same way:
 * - the `undici` package's own `request` and `fetch` (nock#2183, undici support);
 * - a `fetch` captured before install (an SDK client built earlier keeps the function it
 *   found; nock only swaps `globalThis.fetch`). Node's built-in fetch reads the global
 *   dispatcher on every call, from the slot the undici package writes.
 *
 * nock patches the globals as soon as it is loaded, so it is loaded here, on first install,
 * and unpatched by `restore()`.
 */
// @ts-nocheck

import { METHODS } from 'node:http';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { Readable } from 'node:stream';
import type nockModule from 'nock';
import { Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { ReconError } from '../errors.ts';
import { redactUrl } from './_internals/redact-url.ts';
import { CassetteDispatcher, refuseDispatch } from './dispatcher.ts';
import type { Interaction, RecordedResponse } from './cassette.ts';
import type { Replayer } from './replayer.ts';
import { timedChunks, type ReplayTiming } from './timing.ts';
import { breakOffError } from './_internals/break-off.ts';

export interface InProcessReplay {
  /** Gives the process its previous global dispatcher and its own `fetch`, `node:http` and `node:https` back. */
  restore(): void;
}

type Nock = typeof nockModule;
/** What nock binds `this` to in a reply function: the interceptor, with the request it is answering. */
type ReplyContext = nockModule.ReplyFnContext;

const LOOPBACK = '(?:localhost|127\\.\\d+\\.\\d+\\.\\d+|\\[::1\\]|::1)';
const isLoopback = (hostname: string): boolean => new RegExp(`^${LOOPBACK}$`).test(hostname);

function refusal(url: string): ReconError {
  const origin = new URL(url).origin;
  return new ReconError('NET_CONNECT_REFUSED', `in-process replay refused ${redactUrl(url)}: the cassette holds nothing for ${origin}, and only loopback may reach the network`, {
    hint: 'record this origin into the cassette, or serve it on loopback',
  });
}

/** The installed replays, innermost last: nock answers from the innermost, as each install replaces the one before it. */
const installed: Array<{ replayer: Replayer; timing: ReplayTiming; origins: ReadonlySet<string> }> = [];

export function installInProcessReplay(replayer: Replayer, timing: ReplayTiming = {}): InProcessReplay {
  const origins = new Set<string>();
  for (const { request } of replayer.cassette.interactions) if (request !== null) origins.add(new URL(request.url).origin);

  const previous = getGlobalDispatcher();
  setGlobalDispatcher(new InProcessDispatcher(new CassetteDispatcher(replayer, timing), previous, origins));

  const nock = createRequire(import.meta.url)('nock') as Nock;
  const replay = { replayer, timing, origins };
  installed.push(replay);
  answerFrom(nock, replay);

  return {
    restore() {
      const index = installed.indexOf(replay);
      if (index < 0) return;
      installed.splice(index, 1);
      const outer = installed.at(-1);
      if (outer !== undefined) answerFrom(nock, outer);
      else {
        nock.cleanAll();
        nock.enableNetConnect();
        nock.restore();
        syncBuiltinESMExports();
      }
      setGlobalDispatcher(previous);
    },
  };
}

/** Makes nock answer the cassette's origins from `replayer`, refuse every other origin but loopback, and let loopback through. */
function answerFrom(nock: Nock, { replayer, timing, origins }: (typeof installed)[number]): void {
  nock.cleanAll();
  if (!nock.isActive()) nock.activate();
  nock.disableNetConnect();
  nock.enableNetConnect((host: string) => new RegExp(`^${LOOPBACK}:\\d+$`).test(host));

  // The body bytes as sent: nock hands a reply function the body parsed as JSON, so it is
  // taken from the scope's `request` event, which carries it unparsed.
  const sent = new WeakMap<object, string>();
  for (const origin of origins) {
    const scope = nock(origin).persist();
    scope.on('request', (request: object, _: unknown, body: string) => sent.set(request, body));
    for (const method of METHODS)
      // Async, so that a miss rejects and nock fails the request with it (a throw would escape nock).
      scope.intercept(() => true, method).reply(async function (this: ReplyContext, path: string) {
        const interaction = takeAnswer(replayer, method, `${origin}${path}`, sent.get(this.req) ?? '');
        const { status, headers } = interaction.response;
        return [status, Readable.from(replayedBody(interaction.response, timing)) as never, { ...headers }] as const;
      });
  }
  // Registered after the cassette's origins, so they only see the rest; loopback matches neither.
  for (const protocol of ['http', 'https']) {
    const scope = nock(new RegExp(`^${protocol}://(?!${LOOPBACK}:\\d+$)`)).persist();
    for (const method of METHODS)
      scope.intercept(() => true, method).reply(async function (this: ReplyContext, path: string): Promise<never> {
        throw refusal(`${protocol}://${this.req.headers.host}${path}`);
      });
  }
  // ES modules that import `request` or `get` by name see nock's functions too.
  syncBuiltinESMExports();
}

/**
 * nock 14 gives the body as text when its bytes are UTF-8, else as hex (nock#2825), so a
 * string of hex digits can be either: the cassette decides between the two readings, and a
 * refusal says when it cannot.
 */
function takeAnswer(replayer: Replayer, method: string, url: string, body: string): Interaction {
  const readings = [Buffer.from(body, 'utf8')];
  if (/^(?:[0-9a-f]{2})+$/.test(body)) {
    const bytes = Buffer.from(body, 'hex');
    if (!Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes)) readings.unshift(bytes);
  }
  const found = readings.flatMap((reading) => {
    const index = replayer.find({ method, url, body: reading });
    return index === undefined ? [] : [{ reading, index }];
  });
  const why = `nock 14 hands this body over as ${body.length} hex digits (nock#2825)`;
  if (found.length === 2)
    throw new ReconError('CASSETTE_MISS', `${method} ${redactUrl(url)}: ${why}, and the cassette holds both readings, interaction #${found[0]!.index} as ${body.length / 2} bytes and #${found[1]!.index} as ${body.length} bytes of text: replay cannot tell which was sent`, {
      hint: 'replay this client through serveCassette (recon replay --serve), which sees the bytes',
    });
  try {
    return replayer.take({ method, url, body: found[0]?.reading ?? readings[0]! });
  } catch (error) {
    if (readings.length === 1 || !(error instanceof ReconError)) throw error;
    throw new ReconError(error.code, `${error.detail}\n  ${why}: read as those ${body.length} bytes of text, it matches no recording either`, {
      location: error.location,
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    });
  }
}

/** fetch nock does not see: cassette origins from the cassette, loopback to the previous dispatcher, the rest refused. */
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

// A recorded break-off ends the stream with the error a socket would give, never a clean end.
async function* replayedBody(response: RecordedResponse, timing: ReplayTiming): AsyncGenerator<Uint8Array> {
  yield* timedChunks(response, timing);
  if (response.incomplete !== undefined) throw breakOffError(response.incomplete);
}
