export { deriveEventMessage } from "./derive-event-message.js";
export { deriveMessagesFresh, foldSurface } from "./fold-surface.js";
export { buildRequest, reconstructRequest, requestOf } from "./request.js";
export { BoundaryTracker, requestBoundaries } from "./request-boundaries.js";
export { canonicalHeader, foldRequestHeader, headerEquals } from "./request-header.js";
export { Session } from "./session.js";
export { explainingEvent, prefixBreak } from "./prefix-break.js";
