/**
 * What any harness exposes to be checked (DESIGN §4). Every operation is a function of
 * its inputs (JSONL text, a request, a scenario), so the same interface works in
 * process and, as JSON-RPC over stdio, out of process. Optional operations belong to
 * levels; a harness declares the levels it has, and properties that need the others
 * report `n/a` instead of failing.
 */
import { ReconError } from "../errors.js";
export const PROTOCOL_VERSION = 1;
export const LEVELS = ['log', 'fold', 'request', 'wire', 'loop'];
export function supports(info, levels) {
    return levels.every((level) => info.levels.includes(level));
}
/** Whether a declared `levels` value (a handshake's, a module's) lists known levels only. */
export function isLevelList(value) {
    return Array.isArray(value) && value.every((level) => LEVELS.includes(level));
}
/** A coded ReconError as a refusal; anything else is not one. */
function reconRefusal(error) {
    return ReconError.is(error) ? { ok: false, code: error.code, message: error.message } : undefined;
}
/** `error` as a refusal when `refuse` recognises it; anything else is a crash and is thrown again. */
export function asRefusal(error, refuse = reconRefusal) {
    const refusal = refuse(error);
    if (refusal === undefined)
        throw error;
    return refusal;
}
/** Runs `body`, turning a refusal into an outcome (see `asRefusal`). */
export async function outcome(body, refuse) {
    try {
        return { ok: true, value: await body() };
    }
    catch (error) {
        return asRefusal(error, refuse);
    }
}
