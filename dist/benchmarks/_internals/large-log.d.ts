export interface WrittenLog {
    readonly bytes: number;
    readonly events: number;
}
/** Writes (atomically: a temporary file, then a rename) a log of at least `minBytes` bytes to `path`. */
export declare function writeLargeLog(path: string, minBytes: number): WrittenLog;
