/**
 * The neutral request a loop sends (spec §4.4 item 7) and its reconstruction from a
 * log prefix: `{...header.config, messages, system?, tools?, sessionId}`.
 */
import { deepFreeze } from "../log/index.js";
import { deriveMessagesFresh } from "./fold-surface.js";
import { foldRequestHeader } from "./request-header.js";
/** The request for a header and messages, deep-frozen. Key order: config keys, messages, system, tools, sessionId. */
export function buildRequest(header, messages, sessionId) {
    return deepFreeze(requestOf(header, messages, sessionId));
}
/** `buildRequest` without the freeze, which walks every message: for a comparison that keeps nothing. */
export function requestOf(header, messages, sessionId) {
    const request = { ...header.config, messages };
    if (header.system !== undefined)
        request['system'] = header.system;
    if (header.tools !== undefined)
        request['tools'] = header.tools;
    request['sessionId'] = sessionId;
    return request;
}
/**
 * Rebuilds the request dispatched at `boundarySeq` from the events before it, with a
 * fresh fold; undefined when no request/header precedes it (the request cannot be
 * reconstructed).
 */
export function reconstructRequest(events, boundarySeq, sessionId) {
    // The dispatch-time check passes the whole log: no second copy of it.
    const prefix = boundarySeq === events.length ? events : events.slice(0, boundarySeq);
    const header = foldRequestHeader(prefix);
    return header === undefined ? undefined : buildRequest(header, deriveMessagesFresh(prefix), sessionId);
}
