import { type Cassette, type Interaction } from './cassette.ts';
export interface ReplayOptions {
    /**
     * `exact` (default): identical body bytes. `json`: equal once parsed as JSON (key order
     * and spacing ignored), for imported cassettes whose bodies were re-serialised.
     */
    readonly body?: 'exact' | 'json';
    /** Let an interaction answer more than once. */
    readonly repeat?: boolean;
    /** Compare path and query only: clients of the loopback server send to 127.0.0.1. */
    readonly ignoreOrigin?: boolean;
    /** Named in errors. */
    readonly file?: string;
}
export interface SentRequest {
    readonly method: string;
    readonly url: string;
    readonly body: Uint8Array;
}
export interface UnusedInteraction {
    readonly index: number;
    readonly line: number;
    readonly method: string;
    readonly url: string;
}
export declare class Replayer {
    #private;
    readonly cassette: Cassette;
    constructor(cassette: Cassette, options?: ReplayOptions);
    /** The index of the first interaction that matches `sent` and may still answer. */
    find(sent: SentRequest): number | undefined;
    /** The interaction answering `sent`, marked used; a CASSETTE_MISS error when there is none. */
    take(sent: SentRequest): Interaction;
    unused(): UnusedInteraction[];
    /** Throws CASSETTE_UNUSED naming every recorded request that was never sent. */
    assertAllUsed(): void;
}
