/**
 * Fold: the per-step cost of `deriveMessages` on sessions of 100, 1 000 and 10 000
 * events — the reference's cached fold, a naive full refold, and DSH's own Session on the
 * same events. A sample grows a session to N events, then takes ten more steps the way a
 * loop does (append the step's events, derive) and reports the mean derivation time of
 * those steps: the session is as hot in the CPU caches as a live loop's, and ten steps
 * give the timer something to measure.
 */
import { Session as DshSession } from '@deepseek-ai/dsh-session';
import { Session, deriveMessagesFresh } from "../src/fold/index.js";
import { SessionLog } from "../src/log/index.js";
import { measure } from "./_internals/measure.js";
import { syntheticLog } from "./_internals/synthetic-log.js";
export const FOLD_SIZES = [100, 1000, 10000];
/** One sample: grow a state to N events, then time `derive` after each of the next steps. */
function stepwise(size, start, append, derive) {
    const { steps } = syntheticLog(size);
    return () => {
        const state = start();
        let total = 0;
        let upTo = size;
        for (const step of steps) {
            append(state, step);
            upTo += step.length;
            const began = performance.now();
            derive(state, upTo);
            total += performance.now() - began;
        }
        return { overriddenDuration: total / steps.length };
    };
}
export function referenceState(size) {
    const { header, base } = syntheticLog(size);
    const log = SessionLog.create(header);
    for (const event of base)
        log.adopt(event);
    const session = new Session(log);
    session.deriveMessages();
    return { log, session };
}
function dshState(size) {
    const { header, base } = syntheticLog(size);
    const session = DshSession.create(header.id, base);
    session.deriveMessages();
    return session;
}
/** Appends a step's events to a DSH session the way its loop would. */
function dshAppend(session, events) {
    const append = session.append;
    for (const e of events) {
        if (e.surfaceOp === undefined)
            append.call(session, e.type, e.data);
        else
            append.call(session, e.type, e.data, { surfaceOp: e.surfaceOp, ...(e.sourceEventSeqs === undefined ? {} : { sourceEventSeqs: e.sourceEventSeqs }) });
    }
}
function prefixEnds(size) {
    let end = size;
    return syntheticLog(size).steps.map((step) => (end += step.length));
}
export async function foldBenchmarks(profile) {
    const tasks = FOLD_SIZES.flatMap((size) => {
        const { base, steps } = syntheticLog(size);
        const all = [...base, ...steps.flat()];
        // The prefixes are cut once, before any clock starts: a refold reads the events, it does not copy them.
        const prefixes = new Map(prefixEnds(size).map((end) => [end, all.slice(0, end)]));
        return [
            {
                id: `fold/cached/${size}`,
                fn: stepwise(size, () => referenceState(size), (s, events) => events.forEach((e) => s.log.adopt(e)), (s) => s.session.deriveMessages()),
            },
            { id: `fold/naive/${size}`, fn: stepwise(size, () => prefixes, () => undefined, (p, upTo) => deriveMessagesFresh(p.get(upTo))) },
            { id: `fold/dsh/${size}`, fn: stepwise(size, () => dshState(size), dshAppend, (s) => s.deriveMessages()) },
        ];
    });
    return measure({ ...profile, iterations: profile.foldSamples, time: 0 }, tasks);
}
