/**
 * DSH refuses with plain `Error`s; the stable part is the wording (spec §5). Each rule
 * maps one documented message pattern to our code. Order matters: the specific legacy
 * and format refusals come before the broad surface words they may contain.
 */
// @ts-nocheck

import type { Refusal } from '../../contract/implementation.ts';
import type { LogErrorCode } from '../../errors.ts';

const RULES: ReadonlyArray<readonly [RegExp, LogErrorCode]> = [
  [/ uses log format v-?\d+/, 'FORMAT_VERSION'],
  [/unknown to this harness and not marked ignorable/, 'UNKNOWN_EVENT_TYPE'],
  [/unparsable committed event|seq gap in committed region/, 'TORN_COMMITTED'],
  [/empty or header-less session log|corrupt session log: (header line|first line)|^session header |retired policy baseline fields/, 'SESSION_HEADER_INVALID'],
  [/malformed [a-z-]+ storage row/, 'CHUNK_ROW_INVALID'],
  [/request\/header-delta/, 'LEGACY_HEADER_DELTA'],
  [/legacy mode\/set/, 'LEGACY_MODE_SET'],
  [/legacy request\/header reason "fallback"/, 'LEGACY_HEADER_REASON'],
  [/malformed pre-react-loop/, 'LEGACY_SHAPE_INVALID'],
  [/not losslessly JSON-serializable|non-JSON-serializable (data|surface metadata)/, 'NOT_LOSSLESS_JSON'],
  [/has an invalid event envelope/, 'ENVELOPE_INVALID'],
  [/seed must be contiguous|is not contiguous; expected/, 'SEQ_NOT_CONTIGUOUS'],
  [/request\/header at index \d+ (lacks provider\/model|has an invalid reasoningEffort|has invalid adapterDefaults)/, 'REQUEST_HEADER_INVALID'],
  [/lacks an identified message|message must have|message has (invalid|mismatched)|message must contain one tool-result block/, 'MESSAGE_SHAPE'],
  [/surface|sourceEventSeqs|surfaceOp/, 'SURFACE_INVALID'],
];

/** The message without the persistence wrapper (`stored session "x" failed validation: Error: …`). */
function innerMessage(message: string): string {
  return message.replace(/^stored session ".*?" failed validation: (?:[A-Za-z]*Error: )?/s, '');
}

export function codeOfDshMessage(message: string): LogErrorCode | undefined {
  const inner = innerMessage(message);
  return RULES.find(([pattern]) => pattern.test(inner))?.[1];
}

/**
 * A DSH error as a refusal, or `undefined` when it is none of the documented refusals: then it
 * propagates and the suite reports a crash, so an unknown message (or an adapter bug) is never
 * passed off as a verdict.
 */
export function refusalOf(error: unknown): Refusal | undefined {
  if (!(error instanceof Error)) return undefined;
  // LlmError carries its own stable code (UNSUPPORTED_REASONING_EFFORT, …); session errors only words.
  const own = (error as { code?: unknown }).code;
  const code = typeof own === 'string' ? own : codeOfDshMessage(error.message);
  return code === undefined ? undefined : { ok: false, code, message: `DSH: ${error.message}` };
}
