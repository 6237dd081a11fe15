/**
 * Packed chunk rows: the storage form of runs of `assistant/chunk` deltas. A row
 * `{type, seq0, time0, data}` with `type` one of `text-chunks`, `reasoning-chunks`,
 * `tool-call-chunks` stands for consecutive events with seqs `seq0, seq0+1, …` and times
 * `time0` plus the running sum of `data.dt`. Rows are storage, never events.
 */
import type { JsonValue } from './json.ts';
import type { SessionEvent } from './types.ts';
type Rec = Record<string, unknown>;
/** Expands a parsed row into its events, deep-frozen, or CHUNK_ROW_INVALID. The caller checked the tag. */
export declare function expandChunkRow(row: Rec): SessionEvent[];
/** The storage records for `events`: each run of at least three packable deltas of one block becomes a row. */
export declare function packChunkRuns(events: readonly SessionEvent[]): Array<SessionEvent | JsonValue>;
export {};
