/**
 * Replay for our own client: an undici Dispatcher that answers from a cassette. Pass it
 * explicitly (`fetch(url, { dispatcher })` or `request(url, { dispatcher })` from the
 * undici package); it is never installed as the global dispatcher, whose lookup key
 * changed between undici majors and silently stopped intercepting (anchors §4.2).
 * It opens no socket: every request is answered from the cassette or refused.
 */
import { STATUS_CODES } from 'node:http';
import { Dispatcher } from 'undici';
import { collectBody } from "./_internals/bytes.js";
import { timedChunks } from "./timing.js";
export class CassetteDispatcher extends Dispatcher {
    replayer;
    #timing;
    constructor(replayer, timing = {}) {
        super();
        this.replayer = replayer;
        this.#timing = timing;
    }
    dispatch(options, handler) {
        void this.#answer(options, handler);
        return true;
    }
    close() {
        return Promise.resolve();
    }
    destroy() {
        return Promise.resolve();
    }
    async #answer(options, handler) {
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
                if (flow.reason !== null)
                    throw flow.reason;
                sink.data(Buffer.from(chunk));
            }
            sink.end();
        }
        catch (error) {
            sink.error(error);
        }
    }
}
/** The controller handed to handlers: abort, pause and resume, as undici's own clients offer. */
class Flow {
    #paused = false;
    #reason = null;
    #wake;
    get aborted() {
        return this.#reason !== null;
    }
    get paused() {
        return this.#paused;
    }
    get reason() {
        return this.#reason;
    }
    abort(reason) {
        this.#reason ??= reason ?? new Error('the request was aborted');
        this.resume();
    }
    pause() {
        this.#paused = true;
    }
    resume() {
        this.#paused = false;
        this.#wake?.();
    }
    async ready() {
        while (this.#paused && this.#reason === null)
            await new Promise((wake) => (this.#wake = wake));
    }
}
function modernSink(handler, flow) {
    return {
        start: () => handler.onRequestStart?.(flow, {}),
        headers: (status, headers, statusText) => handler.onResponseStart?.(flow, status, { ...headers }, statusText),
        data: (chunk) => handler.onResponseData?.(flow, chunk),
        end: () => handler.onResponseEnd?.(flow, {}),
        error: (error) => handler.onResponseError?.(flow, error),
    };
}
// undici's fetch and request still speak the older callback protocol in 7.x.
function legacySink(handler, flow) {
    return {
        start: () => handler.onConnect?.((reason) => flow.abort(reason)),
        headers(status, headers, statusText) {
            const raw = Object.entries(headers).flatMap(([name, value]) => [Buffer.from(name), Buffer.from(value)]);
            if (handler.onHeaders?.(status, raw, () => flow.resume(), statusText) === false)
                flow.pause();
        },
        data: (chunk) => {
            if (handler.onData?.(chunk) === false)
                flow.pause();
        },
        end: () => handler.onComplete?.([]),
        error: (error) => handler.onError?.(error),
    };
}
