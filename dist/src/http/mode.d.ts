/**
 * The four cassette modes behind one fetch:
 *  - `replay` (default, lockdown): answers from the cassette; a request it does not hold fails;
 *  - `record`: sends every request to the network and records it;
 *  - `update`: answers what the cassette holds and records only what is missing;
 *  - `passthrough`: the network, nothing recorded.
 * Replay goes through undici's own fetch with the cassette dispatcher passed explicitly.
 */
import { type Dispatcher } from 'undici';
import type { CassetteWriter } from './cassette-writer.ts';
import { type FetchLike, type RecordingFetch, type RecordingOptions } from './recording-fetch.ts';
import type { Replayer } from './replayer.ts';
import type { ReplayTiming } from './timing.ts';
export declare const HTTP_MODES: readonly ["replay", "record", "update", "passthrough"];
export type HttpMode = (typeof HTTP_MODES)[number];
/** The environment variable that picks the mode. */
export declare const HTTP_MODE_VARIABLE = "RECON_HTTP_MODE";
export declare function parseHttpMode(value: string | undefined): HttpMode;
export interface CassetteFetchOptions extends RecordingOptions {
    readonly mode: HttpMode;
    /** The cassette to answer from: replay and update. */
    readonly replayer?: Replayer;
    /** Where new exchanges go: record and update. */
    readonly writer?: CassetteWriter;
    /** The network: record, update and passthrough. Default: the global fetch. */
    readonly fetch?: FetchLike;
    readonly timing?: ReplayTiming;
}
/** undici's own fetch with `dispatcher` passed explicitly, as a FetchLike; the global dispatcher is never touched. */
export declare function dispatcherFetch(dispatcher: Dispatcher): FetchLike;
export declare function cassetteFetch(options: CassetteFetchOptions): RecordingFetch;
