export { adoptParsedJson, deepFreeze, snapshotJson } from "./json.js";
export { checkEventPayload, checkNotLegacy } from "./validate-event.js";
export { decodeLogBytes } from "./decode-utf8.js";
export { loadJsonl, loadJsonlFile, saveJsonl } from "./jsonl.js";
export { LOG_RULES } from "./rules.js";
export { SESSION_FORMAT_VERSION, newSessionHeader } from "./session-header.js";
export { SessionLog } from "./session-log.js";
