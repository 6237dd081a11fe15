/** Types whose events carry a `surfaceOp` and become model-visible messages (spec §1.1). */
export declare function isSurfaceType(type: string): boolean;
/**
 * The vocabulary a DSH 0.1.0-rc.8 reader knows (its `KNOWN_SESSION_EVENT_TYPES`, 48 names).
 * A type outside it is refused unless the event is marked `ignorable: true` (spec §5.3).
 */
export declare const KNOWN_EVENT_TYPES: ReadonlySet<string>;
/** Event types of older logs that are refused, not upgraded (spec §5.3). */
export declare const LEGACY_HEADER_DELTA = "request/header-delta";
export declare const LEGACY_MODE_SET = "mode/set";
