import type { EpochHeader, Message, SessionLog } from '../log/index.ts';
/** Exact work counters: deterministic, so tests and benchmarks may assert them. */
export interface FoldCounters {
    /** Surface nodes passed through `deriveEventMessage`. */
    nodesProjected: number;
    /** Times the derived cache was thrown away because a replace changed the generation. */
    rebuilds: number;
    /** Events the header fold has looked at. */
    headerEventsScanned: number;
}
/**
 * The live fold over a log. `deriveMessages()` projects each surface node once and
 * rebuilds from scratch only when a replace changed the surface generation; every call
 * returns a fresh array over shared, deep-frozen messages.
 */
export declare class Session {
    #private;
    readonly log: SessionLog;
    readonly counters: FoldCounters;
    constructor(log: SessionLog);
    get id(): string;
    deriveMessages(): Message[];
    /**
     * The cached messages themselves, without the copy: read them, never change them. The
     * array grows as the log does and is dropped, not changed, when a replace forces a
     * rebuild, so an array taken earlier still holds the messages of its time as a prefix.
     */
    derivedMessages(): readonly Message[];
    /** The folded request header (latest canonical snapshot), deep-frozen; undefined before the first. */
    requestHeader(): EpochHeader | undefined;
}
