/**
 * The four cassette modes behind one fetch:
 *  - `replay` (default, lockdown): answers from the cassette; a request it does not hold fails;
 *  - `record`: sends every request to the network and records it;
 *  - `update`: answers what the cassette holds and records only what is missing;
 *  - `passthrough`: the network, nothing recorded.
 * Replay goes through undici's own fetch with the cassette dispatcher passed explicitly.
 */
import { fetch as undiciFetch } from 'undici';
import { ReconError } from "../errors.js";
import { CassetteDispatcher } from "./dispatcher.js";
import { materialise, recordingFetch } from "./recording-fetch.js";
export const HTTP_MODES = ['replay', 'record', 'update', 'passthrough'];
/** The environment variable that picks the mode. */
export const HTTP_MODE_VARIABLE = 'RECON_HTTP_MODE';
export function parseHttpMode(value) {
    if (value === undefined || value === '')
        return 'replay';
    if (HTTP_MODES.includes(value))
        return value;
    throw new ReconError('USAGE', `${HTTP_MODE_VARIABLE} is "${value}"; it must be one of ${HTTP_MODES.join(', ')}`);
}
/** undici's own fetch with `dispatcher` passed explicitly, as a FetchLike; the global dispatcher is never touched. */
export function dispatcherFetch(dispatcher) {
    return async (input, init) => {
        const sent = await materialise(input, init);
        return undiciFetch(sent.url, { ...sent.init, dispatcher });
    };
}
export function cassetteFetch(options) {
    const network = options.fetch ?? globalThis.fetch;
    const need = (value, what) => {
        if (value === undefined)
            throw new ReconError('USAGE', `mode "${options.mode}" needs ${what}`);
        return value;
    };
    if (options.mode === 'passthrough')
        return Object.assign((input, init) => network(input, init), { settled: async () => { } });
    if (options.mode === 'record')
        return recordingFetch(network, need(options.writer, 'a cassette writer'), options);
    const replayer = need(options.replayer, 'a cassette to replay');
    const replay = dispatcherFetch(new CassetteDispatcher(replayer, options.timing));
    if (options.mode === 'replay')
        return Object.assign(replay, { settled: async () => { } });
    const record = recordingFetch(network, need(options.writer, 'a cassette writer'), options);
    return Object.assign(async (input, init) => {
        const sent = await materialise(input, init);
        return replayer.find(sent) === undefined ? record(sent.url, sent.init) : replay(sent.url, sent.init);
    }, { settled: () => record.settled() });
}
