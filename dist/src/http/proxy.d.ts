import { ReconError } from '../errors.ts';
import { type CacheAccount, type RequestAccount } from './cache-accounting.ts';
import { type Cassette, type Provider } from './cassette.ts';
import type { CassetteWriter } from './cassette-writer.ts';
import type { FetchLike } from './recording-fetch.ts';
export declare const PROVIDER_URLS: Readonly<Record<Provider, string>>;
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
    /** Called when a request cannot be forwarded (the client gets status 502). */
    readonly onError?: (error: ReconError) => void;
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
export declare function startProxy(options: ProxyOptions): Promise<Proxy>;
