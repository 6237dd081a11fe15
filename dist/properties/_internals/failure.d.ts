import type { Outcome, Refusal } from '../../src/conformance/index.ts';
import { type FirstDifference } from '../../src/report/first-difference.ts';
/** A property is false: what was expected, what came, and the event that should have explained it. */
export declare class PropertyFailure extends Error {
    readonly difference?: FirstDifference | undefined;
    /** The logged event that would have explained the difference, or a note that none was logged. */
    readonly explanation?: string | undefined;
    readonly name = "PropertyFailure";
    constructor(message: string, difference?: FirstDifference | undefined, 
    /** The logged event that would have explained the difference, or a note that none was logged. */
    explanation?: string | undefined);
}
export declare function fail(message: string, explanation?: string): never;
/** The value of an outcome, or a failure saying the implementation refused. */
export declare function must<T>(outcome: Outcome<T>, what: string): T;
/** Equal JSON text (key order included), else a failure with the first differing byte. */
export declare function sameJson(what: string, expected: unknown, actual: unknown, explanation?: string): void;
/** Equal text, else a failure with the first differing byte. */
export declare function sameText(what: string, expected: string, actual: string, explanation?: string): void;
export declare function refusedWith(outcome: {
    readonly ok: true;
} | Refusal, code: string, what: string): void;
