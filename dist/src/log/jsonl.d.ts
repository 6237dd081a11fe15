import { SessionLog, type SessionLogOptions } from './session-log.ts';
import type { SessionEvent } from './types.ts';
export interface TornTail {
    /** 1-based line where the cut starts. */
    readonly line: number;
    readonly reason: string;
    readonly droppedLines: number;
    readonly droppedBytes: number;
}
export interface LoadedLog {
    readonly log: SessionLog;
    /** Set when the load cut a torn tail. */
    readonly tornTail: TornTail | undefined;
    /** Seqs of events that were stored in an older shape and upgraded on load. */
    readonly upgradedSeqs: readonly number[];
}
export interface LoadOptions extends SessionLogOptions {
    /** Named in every error, so a user can open the file at the line. */
    readonly file?: string;
    /**
     * Sees each event that passed the storage checks, just before the log adopts it: the
     * log then holds exactly the events before it. Not called once a log rule failed.
     */
    readonly observe?: (event: SessionEvent, log: SessionLog) => void;
}
export declare function loadJsonl(text: string, options?: LoadOptions): LoadedLog;
/**
 * Loads a log from a file without holding its text: lines are read in blocks and fed to
 * the reader `loadJsonl` uses. `progress` hears the bytes read so far.
 */
export declare function loadJsonlFile(path: string, options?: LoadOptions & {
    readonly progress?: (bytes: number) => void;
}): Promise<LoadedLog>;
/** The JSONL text of a log; `saveJsonl(loadJsonl(text).log) === text` for any text this wrote. */
export declare function saveJsonl(log: SessionLog): string;
