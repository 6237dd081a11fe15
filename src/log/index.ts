export { KNOWN_EVENT_TYPES, SURFACE_TYPES, isSurfaceType } from './event-types.ts';
export { adoptParsedJson, deepFreeze, isLosslessJson, snapshotJson, type JsonObject, type JsonValue } from './json.ts';
export { checkEnvelope, checkEventPayload, checkKnownType, checkNotLegacy } from './validate-event.ts';
export { loadJsonl, saveJsonl, type LoadOptions, type LoadedLog, type TornTail } from './jsonl.ts';
export { SESSION_FORMAT_VERSION, checkSessionHeader, newSessionHeader } from './session-header.ts';
export { DEFAULT_EVENT_RULES, SessionLog, type AppendOptions, type EventRules, type SessionLogOptions, type SurfaceView } from './session-log.ts';
export type { Replacement } from './surface.ts';
export { legacyMessageId } from './upgrade.ts';
export type * from './types.ts';
