import { prepareWithDefaults } from "../loop/index.js";
import { SseDecoder, WIRE_FORMATS, translateSse } from "../wire/index.js";
export class HttpModel {
    provider;
    #options;
    constructor(options) {
        this.provider = options.provider;
        this.#options = options;
    }
    prepare(proposal) {
        return prepareWithDefaults(proposal, this.#options.defaults ?? {});
    }
    serialize(request) {
        const format = WIRE_FORMATS[this.#options.provider];
        return format.serialize(request, this.#options.baseUrl === undefined ? {} : { baseUrl: this.#options.baseUrl });
    }
    async *stream(_request, wire) {
        const format = WIRE_FORMATS[this.#options.provider];
        const auth = this.#options.apiKey === undefined ? {} : format.auth(this.#options.apiKey);
        const response = await this.#options.fetch(wire.url, { method: wire.method, headers: { ...wire.headers, ...auth }, body: wire.body });
        if (response.status !== 200 || response.body === null) {
            const text = (await response.text()).slice(0, 300);
            const status = response.status;
            yield { type: 'finish', reason: { kind: 'error', failure: { message: `HTTP ${status}: ${text}`, code: status === 429 ? 'RATE_LIMITED' : status >= 500 ? 'SERVER_ERROR' : 'HTTP_ERROR', status } } };
            return;
        }
        const decoder = new SseDecoder();
        const translator = format.translator();
        for await (const piece of response.body)
            yield* translateSse(translator, decoder.push(piece));
        yield* translateSse(translator, decoder.end());
        yield* translator.finish();
    }
}
