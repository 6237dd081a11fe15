/**
 * Replay for our own client: an undici Dispatcher that answers from a cassette. Pass it
 * explicitly (`fetch(url, { dispatcher })` or `request(url, { dispatcher })` from the
 * undici package); it is never installed as the global dispatcher, whose lookup key
 * changed between undici majors and silently stopped intercepting (anchors §4.2).
 * It opens no socket: every request is answered from the cassette or refused.
 */
// @ts-nocheck

import { STATUS_CODES } from 'node:http';
import { Dispatcher } from 'undici';
import { breakOffError } from './_internals/break-off.ts';
import { collectBody } from './_internals/bytes.ts';
import type { Replayer } from './replayer.ts';
import { timedChunks, type ReplayTiming } from './timing.ts';

export class CassetteDispatcher extends Dispatcher {
  readonly replayer: Replayer;
  readonly #timing: ReplayTiming;

  constructor(replayer: Replayer, timing: ReplayTiming = {}) {
    super();
    this.replayer = replayer;
    this.#timing = timing;
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    void this.#answer(options, handler);
    return true;
  }

  override close(): Promise<void> {
    return Promise.resolve();
  }

  override destroy(): Promise<void> {
    return Promise.resolve();
  }

  async #answer(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): Promise<void> {
    const flow = new Flow();
    const sink = handler.onRequestStart ? modernSink(handler, flow) : legacySink(handler, flow);
    try {
      sink.start();
      const url = new URL(options.path, options.origin ?? undefined).href;
      const interaction = this.replayer.take({ method: options.method, url, body: await collectBody(options.body) });
      const { status, headers } = interaction.response;
      sink.headers(status, headers, STATUS_CODES[status] ?? '');
      for await (const chunk of timedChunks(interaction.response, this.#timing)) {
        await flow.ready();
        if (flow.reason !== null) throw flow.reason;
        sink.data(Buffer.from(chunk));
      }
      // A recorded break-off replays as one, never as a clean end.
      if (interaction.response.incomplete !== undefined) throw breakOffError(interaction.response.incomplete);
      sink.end();
    } catch (error) {
      sink.error(error as Error);
    }
  }
}

/** Fails a dispatch with `error` in whichever handler protocol the caller speaks. */
export function refuseDispatch(handler: Dispatcher.DispatchHandler, error: Error): void {
  const flow = new Flow();
  const sink = handler.onRequestStart ? modernSink(handler, flow) : legacySink(handler, flow);
  queueMicrotask(() => {
    sink.start();
    sink.error(error);
  });
}

/** The controller handed to handlers: abort, pause and resume, as undici's own clients offer. */
class Flow implements Dispatcher.DispatchController {
  #paused = false;
  #reason: Error | null = null;
  #wake: (() => void) | undefined;

  get aborted(): boolean {
    return this.#reason !== null;
  }
  get paused(): boolean {
    return this.#paused;
  }
  get reason(): Error | null {
    return this.#reason;
  }
  abort(reason?: Error): void {
    this.#reason ??= reason ?? new Error('the request was aborted');
    this.resume();
  }
  pause(): void {
    this.#paused = true;
  }
  resume(): void {
    this.#paused = false;
    this.#wake?.();
  }
  async ready(): Promise<void> {
    while (this.#paused && this.#reason === null) await new Promise<void>((wake) => (this.#wake = wake));
  }
}

interface Sink {
  start(): void;
  headers(status: number, headers: Readonly<Record<string, string>>, statusText: string): void;
  data(chunk: Buffer): void;
  end(): void;
  error(error: Error): void;
}

function modernSink(handler: Dispatcher.DispatchHandler, flow: Flow): Sink {
  return {
    start: () => handler.onRequestStart?.(flow, {}),
    headers: (status, headers, statusText) => handler.onResponseStart?.(flow, status, { ...headers }, statusText),
    data: (chunk) => handler.onResponseData?.(flow, chunk),
    end: () => handler.onResponseEnd?.(flow, {}),
    error: (error) => handler.onResponseError?.(flow, error),
  };
}

// undici's fetch and request still speak the older callback protocol in 7.x.
function legacySink(handler: Dispatcher.DispatchHandler, flow: Flow): Sink {
  return {
    start: () => handler.onConnect?.((reason) => flow.abort(reason)),
    headers(status, headers, statusText) {
      const raw = Object.entries(headers).flatMap(([name, value]) => [Buffer.from(name), Buffer.from(value)]);
      if (handler.onHeaders?.(status, raw, () => flow.resume(), statusText) === false) flow.pause();
    },
    data: (chunk) => {
      if (handler.onData?.(chunk) === false) flow.pause();
    },
    end: () => handler.onComplete?.([]),
    error: (error) => handler.onError?.(error),
  };
}
