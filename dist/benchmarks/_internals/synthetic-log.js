/**
 * Deterministic logs of a given length, shaped like real agent sessions: two-step turns
 * with reasoning, text and a tool call streamed as delta runs, usage on every step, a
 * compaction every 100 turns (never in the steps after a benchmark size) and a resume every 40. Built by the property generators'
 * builder, so benchmarks and properties exercise the same shapes.
 */
import { buildLog, writeJsonl } from "../../properties/arbitraries/session-log.js";
/** The plan of synthetic turn `t` (0-based). */
export function syntheticTurn(t) {
    const step = (calls) => ({
        injects: [],
        header: 'keep',
        reply: { reasoning: `Thinking about step ${t}.`, text: calls > 0 ? `Let me read file ${t}.` : `File ${t} is fine.`, calls, deltas: 5 },
        usage: { input: 120 + t, read: 64 * t },
        noise: t % 3 === 0 ? ['context'] : [],
    });
    return { prompt: `Task ${t}: check file ${t} and report.`, steps: [step(1), step(0)], compactKeep: t % 100 === 90 ? 4 : null, trimPick: null, resume: t % 40 === 39, end: 'completed' };
}
/** How many steps past the base a synthetic log carries. */
const NEXT_STEPS = 10;
const cache = new Map();
export function syntheticLog(events) {
    const hit = cache.get(events);
    if (hit !== undefined)
        return hit;
    // About fifty events a turn; build enough for the base and the steps after it.
    const full = buildLog({ turns: Array.from({ length: Math.ceil(events / 40) + NEXT_STEPS }, (_, t) => syntheticTurn(t)) });
    const base = full.events.slice(0, events);
    const steps = [];
    for (let from = events; steps.length < NEXT_STEPS;) {
        const end = full.events.findIndex((e, i) => i >= from && e.type === 'step/end');
        steps.push(full.events.slice(from, end + 1));
        from = end + 1;
    }
    const log = { jsonl: writeJsonl(full.header, base), header: full.header, base, steps };
    cache.set(events, log);
    return log;
}
