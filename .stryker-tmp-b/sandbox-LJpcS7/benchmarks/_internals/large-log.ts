/**
 * Valid synthetic logs of any size, written as they are made: one block of 100 synthetic
 * turns (a compaction and two resumes each) is built once and repeated with its seqs and
 * times shifted, so the surface stays bounded as a long session's does and writing a
 * 200 MB log needs no more memory than one block.
 */
// @ts-nocheck

import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { buildLog } from '../../properties/arbitraries/session-log.ts';
import { packChunkRuns } from '../../src/log/chunk-rows.ts';
import type { CompactionPruneData, JsonObject, JsonValue, SessionEvent } from '../../src/log/index.ts';
import { syntheticTurn } from './synthetic-log.ts';

const BLOCK_TURNS = 100;

export interface WrittenLog {
  readonly bytes: number;
  readonly events: number;
}

let block: { header: string; events: readonly SessionEvent[]; span: number } | undefined;

function theBlock() {
  if (block !== undefined) return block;
  const log = buildLog({ turns: Array.from({ length: BLOCK_TURNS }, (_, t) => syntheticTurn(t)) });
  const last = log.events[log.events.length - 1]!;
  block = { header: `${JSON.stringify(log.header)}\n`, events: log.events, span: last.time - log.events[0]!.time + 1 };
  return block;
}

/**
 * The text of a log of at least `minBytes` bytes, as it is made: the header line, then one
 * batch of lines per turn (the unit a writer appends; DSH's compressed store gives each
 * append batch its own frame).
 */
export function* largeLogBatches(minBytes: number): Generator<{ readonly text: string; readonly events: number }> {
  const { header, events, span } = theBlock();
  yield { text: header, events: 0 };
  let bytes = Buffer.byteLength(header);
  for (let k = 0; bytes < minBytes; k++) {
    const shifted = events.map((event) => shift(event, k * events.length, k * span));
    // A packed run never crosses a turn/start, so packing turn by turn packs as the whole would.
    for (let start = 0; start < shifted.length; ) {
      let end = start + 1;
      while (end < shifted.length && shifted[end]!.type !== 'turn/start') end++;
      let text = '';
      for (const record of packChunkRuns(shifted.slice(start, end))) text += `${JSON.stringify(record)}\n`;
      yield { text, events: end - start };
      bytes += Buffer.byteLength(text);
      start = end;
    }
  }
}

/** Writes (atomically: a temporary file, then a rename) a log of at least `minBytes` bytes to `path`. */
export function writeLargeLog(path: string, minBytes: number): WrittenLog {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  let bytes = 0;
  let count = 0;
  try {
    for (const batch of largeLogBatches(minBytes)) {
      bytes += writeSync(fd, batch.text);
      count += batch.events;
    }
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  return { bytes, events: count };
}

function shift(event: SessionEvent, by: number, later: number): SessionEvent {
  if (by === 0) return event;
  const { sourceEventSeqs, surfaceOp: op, data } = event;
  // Spread first, then the shifted fields: each keeps its place in the event's key order.
  return {
    ...event,
    seq: event.seq + by,
    time: event.time + later,
    ...(sourceEventSeqs === undefined ? {} : { sourceEventSeqs: sourceEventSeqs.map((seq) => seq + by) }),
    ...(typeof op === 'object' ? { surfaceOp: { op: 'replace', start: op.start + by, end: op.end + by } } : {}),
    // Compaction events name the seqs they shadow.
    ...(shadows(data) ? { data: { ...data, shadowedRange: { start: data.shadowedRange.start + by, end: data.shadowedRange.end + by }, shadowedSeqs: data.shadowedSeqs.map((seq) => seq + by) } } : {}),
  };
}

const isObject = (value: JsonValue | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Data that names shadowed seqs, as compaction summaries and prunes do. */
function shadows(data: JsonValue): data is JsonObject & Pick<CompactionPruneData, 'shadowedRange' | 'shadowedSeqs'> {
  if (!isObject(data) || !('shadowedSeqs' in data)) return false;
  const { shadowedRange: range, shadowedSeqs: seqs } = data;
  return isObject(range) && typeof range['start'] === 'number' && typeof range['end'] === 'number' && Array.isArray(seqs) && seqs.every((seq) => typeof seq === 'number');
}
