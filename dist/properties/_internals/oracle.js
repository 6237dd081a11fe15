/**
 * Expected values, from the reference's pure functions (the executable form of the spec,
 * pinned to it by the unit tests) and, for wire bodies, from wire-spec.ts. Properties
 * compare an implementation's answers with these; never with the reference's live,
 * cached objects.
 */
import { deriveMessagesFresh, foldRequestHeader, reconstructRequest, requestBoundaries } from "../../src/fold/index.js";
import { loadJsonl } from "../../src/log/index.js";
import { specDeepSeekWire } from "./wire-spec.js";
export function parseLog(jsonl) {
    const { log } = loadJsonl(jsonl);
    return { id: log.header.id, events: log.events };
}
export const expectedMessages = (events, k) => deriveMessagesFresh(events.slice(0, k));
export const expectedHeader = (events, k) => foldRequestHeader(events.slice(0, k)) ?? null;
export const expectedRequest = (log, boundary) => reconstructRequest(log.events, boundary, log.id) ?? null;
export const expectedBoundaries = (events) => requestBoundaries(events);
/** The DeepSeek request for `request`, serialized from spec §8.1 independently of src/wire. */
export function expectedWire(request) {
    const spec = specDeepSeekWire(request);
    if (!spec.ok)
        throw new Error(`spec §8.1 refuses this request with ${spec.code}`);
    return spec.wire;
}
