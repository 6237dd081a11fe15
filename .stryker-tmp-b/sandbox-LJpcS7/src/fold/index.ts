// @ts-nocheck
export { deriveEventMessage } from './derive-event-message.ts';
export { deriveMessagesFresh, foldSurface } from './fold-surface.ts';
export { buildRequest, reconstructRequest, requestOf, type NeutralRequest } from './request.ts';
export { BoundaryTracker, requestBoundaries, type RequestBoundary } from './request-boundaries.ts';
export { canonicalHeader, foldRequestHeader, headerEquals } from './request-header.ts';
export { Session, type FoldCounters } from './session.ts';
export { explainingEvent, prefixBreak, type BrokenPart, type Explanation } from './prefix-break.ts';
export { ERAS, eraOf, isSessionPrefixEvidence, type Era } from './era.ts';
export { ToolHistoryFold, toolHistoryOf, type ToolHistory, type ToolUpdate } from './tool-history.ts';
