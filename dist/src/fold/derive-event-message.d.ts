import type { Message, SessionEvent } from '../log/index.ts';
/**
 * The message one surface event projects to, or null (spec §3.1). Projection adds
 * nothing and copies nothing: it returns the event's own frozen message object.
 */
export declare function deriveEventMessage(event: SessionEvent): Message | null;
