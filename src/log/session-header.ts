/** The session header: line 1 of a JSONL log, storage metadata kept outside the events (spec §1.5–1.6). */
import { isAbsolute } from 'node:path';
import { PROTOCOL_VERSIONS, type FormatVersion } from './format.ts';
import { refuse, refuseFormat, type LogRuleId } from './rules.ts';
import type { SessionHeader } from './types.ts';
import { isRecord } from './validate-event.ts';

/** The one log format version this reader and writer speak (DSH `SESSION_FORMAT_VERSION`). */
export const SESSION_FORMAT_VERSION = 0;

// Stored DSH fixtures replace volatile values with placeholders such as `{{cwd}}/workspace`.
const PLACEHOLDER = /^\{\{[A-Za-z][\w-]*\}\}/;

function refuseHeader(rule: LogRuleId, detail: string): never {
  // Stryker disable next-line ObjectLiteral: line 1 is named in the message only; the protocol compares refusals by code
  return refuse(rule, `session header ${detail}`, { location: { line: 1 } });
}

// The v2+ header's exact keys (dsh-eras §1.3): `isSeeded` took the place of `seedLength`.
const SEEDED_HEADER_KEYS: ReadonlySet<string> = new Set(['type', 'version', 'id', 'createdAt', 'isSeeded', 'delegationDepth', 'cwd', 'parentSession', 'origin', 'agentPreset']);

/**
 * Checks the parsed header line. The version is checked before the shape, so a log from
 * a newer harness is refused as "upgrade the harness", never as "corrupt". `versions` are
 * the format versions the reader reads: v0 alone unless it was opened for the released ones.
 */
export function checkSessionHeader(value: unknown, versions: readonly FormatVersion[] = PROTOCOL_VERSIONS): asserts value is SessionHeader {
  if (!isRecord(value)) refuseHeader('session.object', 'is not a JSON object');
  if (value['type'] !== 'session') refuseHeader('session.tag', `line must be tagged "type":"session", got ${JSON.stringify(value['type'])}`);
  // Stryker disable all: the id is named in a FORMAT_VERSION message only; and the protocol's reader is opened for v0 alone, where checkVersion refuses every other version as the branch for released formats would (FORMAT_VERSION, or SESSION_HEADER_INVALID for a non-integer); that branch serves the audit (test/log/formats.test.ts)
  const id = typeof value['id'] === 'string' ? value['id'] : '?';
  if (versions.length === 1 && versions[0] === 0) checkVersion(value['version'], id);
  else if (!versions.includes(value['version'] as FormatVersion)) {
    if (!Number.isSafeInteger(value['version'])) refuseHeader('session.version-integer', `version must be an integer, got ${JSON.stringify(value['version'])}`);
    refuseFormat('format.version-unread', `session "${id}" uses log format v${value['version'] as number}; this reader reads v${versions[0]} to v${versions.at(-1)}`, { location: { line: 1 } });
  }
  // Stryker restore all
  if (typeof value['id'] !== 'string' || value['id'] === '') refuseHeader('session.id', 'id must be a non-empty string');
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the protocol's reader gets here with version 0 only (v2+ headers are the audit's released formats)
  if ((value['version'] as number) >= 2) checkSeededHeader(value);
  for (const key of ['createdAt', 'seedLength', 'delegationDepth'] as const) {
    const field = value[key];
    if ((key === 'createdAt' || field !== undefined) && !(Number.isSafeInteger(field) && (field as number) >= 0)) {
      refuseHeader(`session.${key}`, `${key} must be a non-negative safe integer, got ${JSON.stringify(field)}`);
    }
  }
  const cwd = value['cwd'];
  if (cwd !== undefined && !(typeof cwd === 'string' && (isAbsolute(cwd) || PLACEHOLDER.test(cwd)))) {
    refuseHeader('session.cwd', `cwd must be an absolute path, got ${JSON.stringify(cwd)}`);
  }
  for (const key of ['parentSession', 'agentPreset'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string') refuseHeader(`session.${key}`, `${key} must be a string`);
  }
  if (value['origin'] !== undefined && value['origin'] !== 'subagent') refuseHeader('session.origin', `origin may only be "subagent", got ${JSON.stringify(value['origin'])}`);
}

// Stryker disable all: the v2+ header, read only with `versions` (the audit's released formats); the protocol's reader reads v0 alone (tested by test/log/formats.test.ts)
/** The v2+ layout: exact keys, `isSeeded` and `delegationDepth` required (the cut itself is an event). */
function checkSeededHeader(value: Record<string, unknown>): void {
  for (const key of ['isSeeded', 'delegationDepth']) {
    if (!Object.hasOwn(value, key)) refuseFormat('format.header-keys', `session header of format v${value['version'] as number} lacks ${key}`, { location: { line: 1 } });
  }
  for (const key in value) {
    if (!SEEDED_HEADER_KEYS.has(key)) refuseFormat('format.header-keys', `session header of format v${value['version'] as number} has the field "${key}"${key === 'seedLength' ? ' (from v2 the inherited cut is a session/end-seed {inherited: true})' : ''}`, { location: { line: 1 } });
  }
  if (typeof value['isSeeded'] !== 'boolean') refuseFormat('format.header-seeded', `session header isSeeded must be a boolean, got ${JSON.stringify(value['isSeeded'])}`, { location: { line: 1 } });
}
// Stryker restore all

function checkVersion(version: unknown, id: string): void {
  if (version === SESSION_FORMAT_VERSION) return;
  if (!Number.isSafeInteger(version)) refuseHeader('session.version-integer', `version must be an integer, got ${JSON.stringify(version)}`);
  const v = version as number;
  // Stryker disable ConditionalExpression,EqualityOperator,StringLiteral: newer and older are both FORMAT_VERSION, the code the protocol compares; the detail and the hint are prose
  const detail =
    v > SESSION_FORMAT_VERSION
      ? `session "${id}" uses log format v${v}, but this reader reads only v${SESSION_FORMAT_VERSION}: the log was written by a newer harness`
      : `session "${id}" uses log format v${v}, older than the supported v${SESSION_FORMAT_VERSION}, and there is no upgrade path for it`;
  const hint = v > SESSION_FORMAT_VERSION ? 'upgrade the harness (or reconstructable) to open it' : 'convert the log with the harness that wrote it';
  // Stryker restore ConditionalExpression,EqualityOperator,StringLiteral
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ObjectLiteral: both rules are FORMAT_VERSION; the options hold line 1 and the hint, in the message only
  refuse(v > SESSION_FORMAT_VERSION ? 'session.version-newer' : 'session.version-older', detail, { location: { line: 1 }, hint });
}

/** The header a new log starts with. */
export function newSessionHeader(id: string, createdAt: number): SessionHeader {
  return { type: 'session', version: SESSION_FORMAT_VERSION, id, createdAt, delegationDepth: 0 };
}
