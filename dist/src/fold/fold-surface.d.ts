import type { Message, SessionEvent } from '../log/index.ts';
/**
 * The surface nodes of an already-validated event list, folded from scratch. This is
 * the offline fold: it shares no state with a live `Session`, which is what makes it
 * an independent check of the live cache.
 */
export declare function foldSurface(events: readonly SessionEvent[]): number[];
/** `deriveMessages()` of a fresh fold over `events` (spec §3.2, the THEOREM test's rebuild). */
export declare function deriveMessagesFresh(events: readonly SessionEvent[]): Message[];
