/** Token counts read out of another harness's records: a count is a whole number ≥ 0, absent is unknown. */
// @ts-nocheck

import { ReconError } from '../../../errors.ts';
import type { Place } from './records.ts';

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The count at `value`: undefined when absent or null (not reported), refused when anything else but a whole number ≥ 0. */
export function tokenCount(value: unknown, field: string, place: Place): number | undefined {
  if (value === undefined || value === null) return undefined;
  // OTLP/JSON writes 64-bit integers as decimal strings.
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n;
  throw refusal('USAGE_RECORD_MALFORMED', `${field} is ${JSON.stringify(value)}, not a whole number of tokens`, place);
}

export function refusal(code: 'USAGE_RECORD_MALFORMED' | 'USAGE_INCONSISTENT', detail: string, place: Place): ReconError {
  return new ReconError(code, `${detail}${place.pointer === undefined ? '' : ` (at ${place.pointer})`}`, { location: { file: place.file, ...(place.line === undefined ? {} : { line: place.line }) } });
}

/** Epoch milliseconds of an ISO 8601 time; undefined when it is absent or not a time. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** The object without its undefined members (so JSON and equality see only what was reported). */
export function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
