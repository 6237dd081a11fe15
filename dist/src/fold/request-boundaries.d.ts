import type { SessionEvent } from '../log/index.ts';
/** Where a dispatched request shows in the log: the first event its attempt produced. */
export interface RequestBoundary {
    /** Requests are rebuilt from the events before this seq. */
    readonly seq: number;
    readonly turn: number;
    readonly step: number;
    /** 0 for the first attempt of a step, then one more per retry. */
    readonly attempt: number;
}
/**
 * The request boundaries of a log, found event by event. An attempt opens at `step/start`
 * or `llm/retry-started`; its boundary is the first chunk, message or retry after that.
 * A step that ends before any of them sent nothing.
 */
export declare class BoundaryTracker {
    #private;
    /** The boundary `event` is, if it is one; call with every event, in order. */
    next(event: SessionEvent): RequestBoundary | undefined;
}
/** The request boundaries of a whole log. */
export declare function requestBoundaries(events: readonly SessionEvent[]): RequestBoundary[];
