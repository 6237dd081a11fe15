/**
 * Load: validated events per second from JSONL — the reference's `loadJsonl` against bare
 * `JSON.parse` of the same lines (the floor any loader pays) and against DSH's load path
 * (parse, expand chunk rows with its decoder, then its seed validation in `Session.create`).
 */
import { Session as DshSession, decodeStorageRecord } from '@deepseek-ai/dsh-session';
import { loadJsonl } from "../src/log/index.js";
import { measure } from "./_internals/measure.js";
import { syntheticLog } from "./_internals/synthetic-log.js";
export const LOAD_SIZE = 10000;
function lines(text) {
    const all = text.split('\n');
    all.pop();
    return all;
}
const loaders = (jsonl) => ({
    reference: () => loadJsonl(jsonl),
    jsonParse: () => lines(jsonl).map((line) => JSON.parse(line)),
    dsh: () => {
        const [head, ...rest] = lines(jsonl);
        const header = JSON.parse(head);
        const events = rest.flatMap((line) => decodeStorageRecord(JSON.parse(line)));
        return DshSession.create(header.id, events);
    },
});
export async function loadBenchmarks(profile) {
    const load = loaders(syntheticLog(LOAD_SIZE).jsonl);
    return measure(profile, [
        { id: `load/reference/${LOAD_SIZE}`, fn: load.reference },
        { id: `load/json-parse/${LOAD_SIZE}`, fn: load.jsonParse },
        { id: `load/dsh/${LOAD_SIZE}`, fn: load.dsh },
    ]);
}
/**
 * The load ratios from paired samples: each sample times the three loaders back to back,
 * so a machine that speeds up or slows down between tasks does not move the ratio.
 * Medians of the per-sample ratios.
 */
export function pairedLoadRatios(pairs) {
    const load = loaders(syntheticLog(LOAD_SIZE).jsonl);
    const time = (fn) => {
        const start = performance.now();
        fn();
        return performance.now() - start;
    };
    for (let i = 0; i < 3; i++)
        Object.values(load).forEach(time);
    const vsParse = [];
    const vsDsh = [];
    for (let i = 0; i < pairs; i++) {
        const [parse, reference, dsh] = [time(load.jsonParse), time(load.reference), time(load.dsh)];
        vsParse.push(parse / reference);
        vsDsh.push(dsh / reference);
    }
    const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
    return { vsJsonParse: median(vsParse), referenceVsDsh: median(vsDsh) };
}
