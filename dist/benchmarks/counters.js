/**
 * Exact counters beside the timings: deterministic, so tests assert them exactly and a
 * change in them is a change in the algorithm, never noise.
 */
import { runScenario } from "../src/conformance/index.js";
import { deriveMessagesFresh, foldSurface } from "../src/fold/index.js";
import { firstDifference } from "../src/report/first-difference.js";
import { CHECK_SCENARIO } from "./check-overhead.bench.js";
import { referenceState } from "./fold.bench.js";
import { syntheticLog } from "./_internals/synthetic-log.js";
export function foldCounters(size) {
    const { base, steps } = syntheticLog(size);
    const next = steps[0];
    const { log, session } = referenceState(size);
    const before = session.counters.nodesProjected;
    for (const event of next)
        log.adopt(event);
    const messages = session.deriveMessages().length;
    const all = [...base, ...next];
    if (deriveMessagesFresh(all).length !== messages)
        throw new Error('the cached and the fresh fold disagree');
    return {
        events: size,
        cachedNodesPerStep: session.counters.nodesProjected - before,
        naiveNodesPerStep: foldSurface(all).length,
        naiveEventsRefolded: all.length,
        messages,
    };
}
/** How much of each wire body the previous one already sent, byte for byte: what a prefix cache can read. */
export async function prefixCounters() {
    const run = await runScenario(CHECK_SCENARIO);
    let reused = 0;
    let total = 0;
    run.wire.forEach((wire, i) => {
        const bytes = Buffer.byteLength(wire.body);
        total += bytes;
        if (i > 0)
            reused += firstDifference(run.wire[i - 1].body, wire.body, 0)?.offset ?? bytes;
    });
    return { requests: run.wire.length, bodyBytes: total, prefixBytesReused: reused, reuse: reused / total };
}
