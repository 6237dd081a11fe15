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
export declare function materialise(input: string | URL | Request, init?: RequestInit): Promise<MaterialisedRequest>;
export declare function recordingFetch(fetch: FetchLike, writer: CassetteWriter, options?: RecordingOptions): RecordingFetch;
