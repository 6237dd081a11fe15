/**
 * `recon audit --format sarif`: the audit's findings as one SARIF 2.1.0 run, so code
 * scanning shows each one as an annotation on the line of the log that holds it. A refused
 * log is an error at the line the loader stopped on; an unexplained prefix break, an
 * unexplained cache-read drop and a request with nothing to rebuild it from are warnings.
 * Explained breaks and drops are the log working as the rule says: they are no finding.
 */
// @ts-nocheck

import { relative, resolve, sep } from 'node:path';
import type { FileAudit, UsageSession } from '../audit/usage/index.ts';
import { ATTACHMENT_ERROR_CODES, HARNESS_ERROR_CODES, LOG_ERROR_CODES, WIRE_ERROR_CODES } from '../errors.ts';
import { HARNESS_VERSION } from '../version.ts';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

type Level = 'error' | 'warning';

/** What the audit finds besides a refusal, by rule id (named like the error codes). */
export const AUDIT_FINDINGS = {
  UNEXPLAINED_PREFIX_BREAK: {
    level: 'warning',
    text: 'a request differs from the previous one in its route, system prompt, tools or message prefix, and no logged event explains it',
    full: 'A request breaks the prefix of the one before it (another route, system prompt, tool list, or messages that do not extend the previous ones) with no request/header snapshot or surface replace logged between them: the provider cache cannot read what it read before, and the log does not say why.',
  },
  UNEXPLAINED_CACHE_READ_DROP: {
    level: 'warning',
    text: 'the cache reads of a step fall below the previous step\'s, and no logged event explains it',
    full: 'A step reports fewer cache-read tokens than the step before it, with no request/header snapshot (initial, resume, change) or surface replace logged since: the request most likely changed in a way the log does not record.',
  },
  USAGE_DROP_NEEDS_BYTES: {
    level: 'warning',
    text: 'the cache reads of a call another harness recorded fall below the previous call\'s prompt, and nothing in its transcript explains it',
    full: 'A Claude Code, Codex, opencode or OTel call reads less than the call before it sent, and its transcript shows no first call, model switch, compaction, resume, fork, idle gap past the cache lifetime or bound that explains it: a changed system prompt, tool list, cache marker or history, or the provider\'s own miss. Only the request bytes tell these apart (recon proxy records them).',
  },
  UNRECONSTRUCTABLE_REQUEST: {
    level: 'warning',
    text: 'a request has no request/header snapshot before it, so it cannot be rebuilt from the log',
    full: 'A request boundary comes before any request/header snapshot: the log does not hold the provider, model and settings the request was sent with, so the request cannot be rebuilt byte for byte from the log.',
  },
} as const satisfies Record<string, { level: Level; text: string; full: string }>;

type FindingId = keyof typeof AUDIT_FINDINGS;

/** Codes a refused log can carry: every log rule, and the ways a file itself fails (unreadable, not UTF-8, damaged frames, DSH's store). */
const REFUSAL_CODES: readonly string[] = [...Object.keys(LOG_ERROR_CODES), 'FILE_UNREADABLE', 'LOG_NOT_UTF8', 'ZSTD_FRAME_CORRUPT', 'ZSTD_FRAME_UNSUPPORTED', 'ZSTD_TORN_COMMITTED', 'SESSION_ENCODING_MIXED'];

const MEANINGS: Readonly<Record<string, string>> = { ...LOG_ERROR_CODES, ...WIRE_ERROR_CODES, ...ATTACHMENT_ERROR_CODES, ...HARNESS_ERROR_CODES };

export interface SarifRule {
  readonly id: string;
  readonly name: string;
  readonly shortDescription: { readonly text: string };
  readonly fullDescription?: { readonly text: string };
  readonly defaultConfiguration: { readonly level: Level };
}

export interface SarifResult {
  readonly ruleId: string;
  readonly ruleIndex: number;
  readonly level: Level;
  readonly message: { readonly text: string };
  readonly locations: ReadonlyArray<{
    readonly physicalLocation: { readonly artifactLocation: { readonly uri: string }; readonly region: { readonly startLine: number } };
  }>;
}

export interface SarifLog {
  readonly $schema: string;
  readonly version: '2.1.0';
  readonly runs: ReadonlyArray<{
    readonly tool: { readonly driver: { readonly name: 'reconstructable'; readonly version: string; readonly semanticVersion: string; readonly rules: readonly SarifRule[] } };
    readonly columnKind: 'unicodeCodePoints';
    readonly results: readonly SarifResult[];
  }>;
}

/** `TORN_COMMITTED` → `TornCommitted`: SARIF wants a rule name fit for an identifier. */
const ruleName = (id: string) => id.toLowerCase().replace(/(^|_)([a-z])/g, (_, __: string, c: string) => c.toUpperCase());

/**
 * The audit of `logs` as SARIF. Artifact URIs are relative to `cwd` (the repository root in
 * CI), so code scanning finds the files; a log's location is its line, not its seq.
 */
export function renderAuditSarif(logs: readonly FileAudit[], cwd: string, sessions: readonly UsageSession[] = []): SarifLog {
  const ids = [...REFUSAL_CODES];
  // A refusal with a code outside the list (a harness failure) still gets its rule.
  for (const log of logs) if (!log.ok && !ids.includes(log.code)) ids.push(log.code);
  const findings = Object.keys(AUDIT_FINDINGS) as FindingId[];
  const rules: SarifRule[] = [
    ...ids.map((id): SarifRule => ({ id, name: ruleName(id), shortDescription: { text: MEANINGS[id] ?? id }, defaultConfiguration: { level: 'error' } })),
    ...findings.map((id): SarifRule => ({ id, name: ruleName(id), shortDescription: { text: AUDIT_FINDINGS[id].text }, fullDescription: { text: AUDIT_FINDINGS[id].full }, defaultConfiguration: { level: AUDIT_FINDINGS[id].level } })),
  ];
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  const results: SarifResult[] = [];
  const result = (ruleId: string, level: Level, text: string, file: string, line: number | undefined): number =>
    results.push({
      ruleId,
      ruleIndex: index.get(ruleId)!,
      level,
      message: { text },
      // Code scanning wants a start line; a refusal with none (an unreadable file) is placed on line 1.
      locations: [{ physicalLocation: { artifactLocation: { uri: uriOf(file, cwd) }, region: { startLine: line ?? 1 } } }],
    });
  for (const log of logs) {
    if (!log.ok) {
      const detail = log.detail;
      result(log.code, 'error', `${detail}${log.seq === undefined ? '' : ` (seq ${log.seq})`}${log.hint === undefined ? '' : `\n${log.hint}`}`, log.file, log.line);
      continue;
    }
    if ('harness' in log) continue;
    for (const b of log.breaks) {
      if (b.cause !== 'unexplained') continue;
      result('UNEXPLAINED_PREFIX_BREAK', 'warning', `the request of step ${b.turn}.${b.step} breaks the prefix of the previous request in its ${b.part}, and no request/header or replace logged between them explains it`, log.file, b.line);
    }
    for (const d of log.drops) {
      if (d.cause !== 'unexplained') continue;
      result('UNEXPLAINED_CACHE_READ_DROP', 'warning', `cache reads drop at step ${d.turn}.${d.step} against the previous step, and no request/header or replace logged since explains it`, log.file, d.line);
    }
    for (const u of log.unreconstructable) {
      result('UNRECONSTRUCTABLE_REQUEST', 'warning', `the request of step ${u.turn}.${u.step} (seq ${u.seq}) has no request/header before it: it cannot be rebuilt from the log`, log.file, u.line);
    }
  }
  for (const session of sessions) {
    for (const call of session.calls) {
      if (call.drop?.code !== 'BYTES_NEEDED') continue;
      const place = call.lines[0]!;
      result('USAGE_DROP_NEEDS_BYTES', 'warning', `call ${call.index} of session ${session.id}: ${call.drop.summary}`, place.file, place.line);
    }
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'reconstructable', version: HARNESS_VERSION, semanticVersion: HARNESS_VERSION, rules } }, columnKind: 'unicodeCodePoints', results }],
  };
}

/** A relative URI reference with `/` separators, each segment percent-encoded (a space or `#` in a name stays a name). */
function uriOf(file: string, cwd: string): string {
  return relative(cwd, resolve(cwd, file)).split(sep).map(encodeURIComponent).join('/');
}
