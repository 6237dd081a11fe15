// @ts-nocheck
export { adoptParsedJson, deepFreeze, snapshotJson, type JsonObject, type JsonValue } from './json.ts';
export { checkEventPayload, checkKnownType, checkNotLegacy, isPlaceholder, isRecord } from './validate-event.ts';
export { eventsOf, isEvent, isTyped } from './event-types.ts';
export { decodeLogBytes } from './decode-utf8.ts';
export { loadJsonl, loadJsonlFile, saveJsonl, type LoadOptions, type LoadedLog, type LogSource, type TornTail } from './jsonl.ts';
export type { TornFrame, ZstdSummary } from './decode-zstd.ts';
export { LOG_RULES, type LogRuleId, type RuleReach } from './rules.ts';
export { SESSION_FORMAT_VERSION, newSessionHeader } from './session-header.ts';
export { SessionLog, type AppendOptions, type EventRules, type SessionLogOptions, type SurfaceView } from './session-log.ts';
export type * from './types.ts';
export { LegacyUpgrader } from './upgrade.ts';
export { fork, type ForkOptions } from './fork.ts';
export { FORMAT_VERSIONS, PROTOCOL_VERSIONS, RELEASED_VERSIONS, V0, formatOf, generationOf, type FormatVersion, type LogFormat } from './format.ts';
export { FORMAT_RULES, type FormatRuleId } from './rules.ts';
export { offloadImages } from './image-offload.ts';
