import { type RecordedResponse } from './cassette.ts';
export interface ReplayTiming {
    /** 2 replays twice as fast; Infinity sends every chunk at once. Default 1. */
    readonly speed?: number;
    /** Waits `ms` milliseconds. Default: a real timer. */
    readonly sleep?: (ms: number) => Promise<void>;
}
export declare function timedChunks(response: RecordedResponse, timing?: ReplayTiming): AsyncGenerator<Uint8Array>;
