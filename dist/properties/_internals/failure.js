import { describeDifference, firstDifference } from "../../src/report/first-difference.js";
/** A property is false: what was expected, what came, and the event that should have explained it. */
export class PropertyFailure extends Error {
    difference;
    explanation;
    name = 'PropertyFailure';
    constructor(message, difference, 
    /** The logged event that would have explained the difference, or a note that none was logged. */
    explanation) {
        super(difference === undefined ? message : `${message}\n${describeDifference(difference)}`);
        this.difference = difference;
        this.explanation = explanation;
    }
}
export function fail(message, explanation) {
    throw new PropertyFailure(message, undefined, explanation);
}
/** The value of an outcome, or a failure saying the implementation refused. */
export function must(outcome, what) {
    if (!outcome.ok)
        fail(`${what} was refused with ${outcome.code}${outcome.message === undefined ? '' : `: ${outcome.message}`}`);
    return outcome.value;
}
/** Equal JSON text (key order included), else a failure with the first differing byte. */
export function sameJson(what, expected, actual, explanation) {
    const difference = firstDifference(JSON.stringify(expected) ?? 'undefined', JSON.stringify(actual) ?? 'undefined');
    if (difference !== undefined)
        throw new PropertyFailure(what, difference, explanation);
}
/** Equal text, else a failure with the first differing byte. */
export function sameText(what, expected, actual, explanation) {
    const difference = firstDifference(expected, actual);
    if (difference !== undefined)
        throw new PropertyFailure(what, difference, explanation);
}
export function refusedWith(outcome, code, what) {
    if (outcome.ok)
        fail(`${what} was accepted; it must be refused with ${code}`);
    if (outcome.code !== code)
        fail(`${what} was refused with ${outcome.code}; it must be refused with ${code}${outcome.message === undefined ? '' : ` (${outcome.message})`}`);
}
