/**
 * DSH refuses with plain `Error`s; the stable part is the wording (spec §5). Each rule
 * maps one documented message pattern to our code. Order matters: the specific legacy
 * and format refusals come before the broad surface words they may contain.
 */
import type { Refusal } from '../implementation.ts';
import type { LogErrorCode } from '../../errors.ts';
export declare function codeOfDshMessage(message: string): LogErrorCode | undefined;
/**
 * A DSH error as a refusal, or `undefined` when it is none of the documented refusals: then it
 * propagates and the suite reports a crash, so an unknown message (or an adapter bug) is never
 * passed off as a verdict.
 */
export declare function refusalOf(error: unknown): Refusal | undefined;
