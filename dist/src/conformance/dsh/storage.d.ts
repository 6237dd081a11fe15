/**
 * The JSONL storage form as DSH's JSONL backend reads and writes it. That backend
 * (`dsh-session-persistence-jsonl`) needs Node 22 (zstd in node:zlib), so its line rules
 * are restated here from its documented behaviour (spec §5.3 items 1–2); each stored
 * line is decoded by DSH's own `decodeStorageRecord`, and writing uses DSH's
 * `packChunkRuns`. Messages are DSH's, so one table maps them to codes.
 */
import type { SessionEvent as DshEvent, SessionHeader as DshHeader } from '@deepseek-ai/dsh-session';
import type { DshPackages } from './packages.ts';
export interface StoredLog {
    readonly meta: DshHeader;
    readonly events: DshEvent[];
}
/** Splits, version-checks and decodes a log; a torn last line is cut, damage before a later turn/end throws. */
export declare function readStoredLog(dsh: DshPackages, text: string): StoredLog;
/** The header line as DSH writes it: tagged, optional fields omitted, `delegationDepth` always present. */
export declare function headerLine(meta: DshHeader): Record<string, unknown>;
export declare function writeStoredLog(dsh: DshPackages, meta: DshHeader, events: readonly DshEvent[]): string;
