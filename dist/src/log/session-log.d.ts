import type { SessionEvent, SessionHeader, SurfaceOp } from './types.ts';
export interface AppendOptions {
    readonly surfaceOp?: SurfaceOp;
    readonly sourceEventSeqs?: readonly number[];
    readonly ignorable?: true;
}
/**
 * The per-event rules that need nothing but the event itself; each throws a coded
 * ReconError. Replaceable for a deliberately weaker reader (the mutant catalog uses that
 * to prove the suite notices); every real use takes the defaults.
 */
export interface EventRules {
    readonly legacy: (event: SessionEvent) => void;
    readonly knownType: (event: SessionEvent) => void;
    readonly payload: (event: SessionEvent) => void;
}
export interface SessionLogOptions {
    /** Epoch milliseconds for appended events; injected so that runs replay byte for byte. */
    readonly clock?: () => number;
    readonly rules?: Partial<EventRules>;
    /**
     * What the log keeps of its events: `all` (the default), or only the current surface
     * nodes and the latest event, so that memory follows the surface, not the log. A fold
     * over a `surface` log must read each event as it arrives (the streaming audit does);
     * `events` is then unavailable.
     */
    readonly retain?: 'all' | 'surface';
}
/** What a fold may read of the surface. */
export interface SurfaceView {
    readonly size: number;
    readonly replaceGeneration: number;
    readonly nodes: readonly number[];
    nodeAt(index: number): number | undefined;
}
export declare class SessionLog {
    #private;
    readonly header: SessionHeader;
    private constructor();
    /** An empty log. */
    static create(header: SessionHeader, options?: SessionLogOptions): SessionLog;
    /**
     * A log seeded with events from memory. Each is copied, so the caller's objects stay
     * theirs; every rule of load applies, and the first failure throws with its seq.
     */
    static fromEvents(header: SessionHeader, events: readonly unknown[], options?: SessionLogOptions): SessionLog;
    /**
     * Takes an event that the caller owns and has already checked for envelope, lossless
     * JSON and legacy vocabulary (the loader does that for a whole file first), and runs
     * the log rules on it: how the loader, and whoever replays a loaded log's events, grows a log.
     */
    adopt(event: SessionEvent): void;
    get length(): number;
    /** The events, as a frozen array that does not grow when the log does. */
    get events(): readonly SessionEvent[];
    /** The event at `seq`; with `retain: 'surface'`, only a current surface node or the latest event. */
    eventAt(seq: number): SessionEvent | undefined;
    get surface(): SurfaceView;
    /**
     * Appends one event with `seq` = the current length and `time` from the clock. Throws
     * a ReconError (and leaves the log as it was) if the event would not load again.
     */
    append(type: string, data: unknown, options?: AppendOptions): SessionEvent;
}
