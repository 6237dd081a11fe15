import { ReconError } from '../errors.ts';
import type { Cassette } from './cassette.ts';
import { Replayer, type ReplayOptions } from './replayer.ts';
import { type ReplayTiming } from './timing.ts';
export interface ServeOptions {
    /** How requests are matched; origins are always ignored. */
    readonly replay?: ReplayOptions;
    /** 0 (default) lets the system pick a free port. */
    readonly port?: number;
    readonly timing?: ReplayTiming;
    /** Told about every request that matched nothing, e.g. to print it. */
    readonly onMiss?: (error: ReconError) => void;
}
export interface CassetteServer {
    /** `http://127.0.0.1:<port>`, to use as the client's base URL. */
    readonly url: string;
    /** Which interactions have answered, for an unused-interaction report. */
    readonly replayer: Replayer;
    close(): Promise<void>;
}
export declare function serveCassette(cassette: Cassette, options?: ServeOptions): Promise<CassetteServer>;
