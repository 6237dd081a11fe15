/** The session header: line 1 of a JSONL log, storage metadata kept outside the events (spec §1.5–1.6). */
import { isAbsolute } from 'node:path';
import { refuse } from "./rules.js";
import { isRecord } from "./validate-event.js";
/** The one log format version this reader and writer speak (DSH `SESSION_FORMAT_VERSION`). */
export const SESSION_FORMAT_VERSION = 0;
// Stored DSH fixtures replace volatile values with placeholders such as `{{cwd}}/workspace`.
const PLACEHOLDER = /^\{\{[A-Za-z][\w-]*\}\}/;
function bad(rule, detail) {
    return refuse(rule, `session header ${detail}`, { location: { line: 1 } });
}
/**
 * Checks the parsed header line. The version is checked before the shape, so a log from
 * a newer harness is refused as "upgrade the harness", never as "corrupt".
 */
export function checkSessionHeader(value) {
    if (!isRecord(value))
        bad('session.object', 'is not a JSON object');
    if (value['type'] !== 'session')
        bad('session.tag', `line must be tagged "type":"session", got ${JSON.stringify(value['type'])}`);
    checkVersion(value['version'], typeof value['id'] === 'string' ? value['id'] : '?');
    if (typeof value['id'] !== 'string' || value['id'] === '')
        bad('session.id', 'id must be a non-empty string');
    for (const key of ['createdAt', 'seedLength', 'delegationDepth']) {
        const field = value[key];
        if ((key === 'createdAt' || field !== undefined) && !(Number.isSafeInteger(field) && field >= 0)) {
            bad(`session.${key}`, `${key} must be a non-negative safe integer, got ${JSON.stringify(field)}`);
        }
    }
    const cwd = value['cwd'];
    if (cwd !== undefined && !(typeof cwd === 'string' && (isAbsolute(cwd) || PLACEHOLDER.test(cwd)))) {
        bad('session.cwd', `cwd must be an absolute path, got ${JSON.stringify(cwd)}`);
    }
    for (const key of ['parentSession', 'agentPreset']) {
        if (value[key] !== undefined && typeof value[key] !== 'string')
            bad(`session.${key}`, `${key} must be a string`);
    }
    if (value['origin'] !== undefined && value['origin'] !== 'subagent')
        bad('session.origin', `origin may only be "subagent", got ${JSON.stringify(value['origin'])}`);
}
function checkVersion(version, id) {
    if (version === SESSION_FORMAT_VERSION)
        return;
    if (!Number.isSafeInteger(version))
        bad('session.version-integer', `version must be an integer, got ${JSON.stringify(version)}`);
    const v = version;
    const detail = v > SESSION_FORMAT_VERSION
        ? `session "${id}" uses log format v${v}, but this reader reads only v${SESSION_FORMAT_VERSION}: the log was written by a newer harness`
        : `session "${id}" uses log format v${v}, older than the supported v${SESSION_FORMAT_VERSION}, and there is no upgrade path for it`;
    const hint = v > SESSION_FORMAT_VERSION ? 'upgrade the harness (or reconstructable) to open it' : 'convert the log with the harness that wrote it';
    refuse(v > SESSION_FORMAT_VERSION ? 'session.version-newer' : 'session.version-older', detail, { location: { line: 1 }, hint });
}
/** The header a new log starts with. */
export function newSessionHeader(id, createdAt) {
    return { type: 'session', version: SESSION_FORMAT_VERSION, id, createdAt, delegationDepth: 0 };
}
