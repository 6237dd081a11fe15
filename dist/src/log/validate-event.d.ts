import type { SessionEvent } from './types.ts';
type Rec = Record<string, unknown>;
export declare function isRecord(value: unknown): value is Rec;
/** ENVELOPE_INVALID unless `value` has the event envelope of spec §1.1. */
export declare function checkEnvelope(value: unknown, index: number): asserts value is SessionEvent;
/** Refuses the legacy vocabulary that older harnesses wrote (spec §5.1 items 2–3, §5.3). */
export declare function checkNotLegacy(event: SessionEvent): void;
/** UNKNOWN_EVENT_TYPE for a type outside the vocabulary that is not marked ignorable. */
export declare function checkKnownType(event: SessionEvent): void;
/** The checks of spec §5.2 items 3–4 for the event types they concern. */
export declare function checkEventPayload(event: SessionEvent): void;
export declare function isNonEmptyString(value: unknown): value is string;
export {};
