/**
 * Valid synthetic logs of any size, written as they are made: one block of 100 synthetic
 * turns (a compaction and two resumes each) is built once and repeated with its seqs and
 * times shifted, so the surface stays bounded as a long session's does and writing a
 * 200 MB log needs no more memory than one block.
 */
import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { buildLog } from "../../properties/arbitraries/session-log.js";
import { packChunkRuns } from "../../src/log/chunk-rows.js";
import { syntheticTurn } from "./synthetic-log.js";
const BLOCK_TURNS = 100;
let block;
function theBlock() {
    if (block !== undefined)
        return block;
    const log = buildLog({ turns: Array.from({ length: BLOCK_TURNS }, (_, t) => syntheticTurn(t)) });
    const last = log.events[log.events.length - 1];
    block = { header: `${JSON.stringify(log.header)}\n`, events: log.events, span: last.time - log.events[0].time + 1 };
    return block;
}
/** Writes (atomically: a temporary file, then a rename) a log of at least `minBytes` bytes to `path`. */
export function writeLargeLog(path, minBytes) {
    const { header, events, span } = theBlock();
    const temp = `${path}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w');
    let bytes = 0;
    let count = 0;
    try {
        bytes += writeSync(fd, header);
        for (let k = 0; bytes < minBytes; k++) {
            const shifted = events.map((event) => shift(event, k * events.length, k * span));
            let text = '';
            for (const record of packChunkRuns(shifted))
                text += `${JSON.stringify(record)}\n`;
            bytes += writeSync(fd, text);
            count += events.length;
        }
    }
    finally {
        closeSync(fd);
    }
    renameSync(temp, path);
    return { bytes, events: count };
}
function shift(event, by, later) {
    if (by === 0)
        return event;
    const out = { ...event, seq: event.seq + by, time: event.time + later };
    if (event.sourceEventSeqs !== undefined)
        out['sourceEventSeqs'] = event.sourceEventSeqs.map((seq) => seq + by);
    const op = event.surfaceOp;
    if (typeof op === 'object')
        out['surfaceOp'] = { op: 'replace', start: op.start + by, end: op.end + by };
    const data = event.data;
    // Compaction events name the seqs they shadow.
    if (data !== null && typeof data === 'object' && 'shadowedSeqs' in data) {
        const range = data['shadowedRange'];
        out['data'] = { ...data, shadowedRange: { start: range.start + by, end: range.end + by }, shadowedSeqs: data['shadowedSeqs'].map((seq) => seq + by) };
    }
    return out;
}
