// @ts-nocheck
import type { Outcome, Refusal } from '../../src/contract/index.ts';
import { describeDifference, firstDifference, type FirstDifference } from '../../src/first-difference.ts';

/** A property is false: what was expected, what came, and the event that should have explained it. */
export class PropertyFailure extends Error {
  override readonly name = 'PropertyFailure';
  constructor(
    message: string,
    readonly difference?: FirstDifference,
    /** The logged event that would have explained the difference, or a note that none was logged. */
    readonly explanation?: string,
  ) {
    super(difference === undefined ? message : `${message}\n${describeDifference(difference)}`);
  }
}

export function fail(message: string, explanation?: string): never {
  throw new PropertyFailure(message, undefined, explanation);
}

/** The value of an outcome, or a failure saying the implementation refused. */
export function must<T>(outcome: Outcome<T>, what: string): T {
  if (!outcome.ok) fail(`${what} was refused with ${outcome.code}${outcome.message === undefined ? '' : `: ${outcome.message}`}`);
  return outcome.value;
}

/** Equal JSON text (key order included), else a failure with the first differing byte. */
export function sameJson(what: string, expected: unknown, actual: unknown, explanation?: string): void {
  const difference = firstDifference(JSON.stringify(expected) ?? 'undefined', JSON.stringify(actual) ?? 'undefined');
  if (difference !== undefined) throw new PropertyFailure(what, difference, explanation);
}

/** Equal text, else a failure with the first differing byte. */
export function sameText(what: string, expected: string, actual: string, explanation?: string): void {
  const difference = firstDifference(expected, actual);
  if (difference !== undefined) throw new PropertyFailure(what, difference, explanation);
}

export function refusedWith(outcome: { readonly ok: true } | Refusal, code: string, what: string): void {
  if (outcome.ok) fail(`${what} was accepted; it must be refused with ${code}`);
  if (outcome.code !== code) fail(`${what} was refused with ${outcome.code}; it must be refused with ${code}${outcome.message === undefined ? '' : ` (${outcome.message})`}`);
}
