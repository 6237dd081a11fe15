export { adoptParsedJson, deepFreeze, snapshotJson, type JsonObject, type JsonValue } from './json.ts';
export { checkEventPayload, checkNotLegacy } from './validate-event.ts';
export { decodeLogBytes } from './decode-utf8.ts';
export { loadJsonl, loadJsonlFile, saveJsonl, type LoadOptions, type LoadedLog, type TornTail } from './jsonl.ts';
export { LOG_RULES, type LogRuleId, type RuleReach } from './rules.ts';
export { SESSION_FORMAT_VERSION, newSessionHeader } from './session-header.ts';
export { SessionLog, type AppendOptions, type EventRules, type SessionLogOptions, type SurfaceView } from './session-log.ts';
export type * from './types.ts';
export { LegacyUpgrader } from './upgrade.ts';
