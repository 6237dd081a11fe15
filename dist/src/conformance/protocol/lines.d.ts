import type { Readable } from 'node:stream';
/** A protocol line may hold a whole log; past this it is a protocol error, not a slow time-out. */
export declare const DEFAULT_MAX_LINE_BYTES: number;
export interface LineOptions {
    /** The longest line accepted, in bytes without its "\n". */
    readonly maxLineBytes?: number;
    /** Called once, as soon as the line being read passes the limit; no line is delivered after it. */
    readonly onTooLong?: (bytes: number) => void;
}
/**
 * Splits a byte stream into lines (UTF-8, split on "\n", a trailing "\r" dropped, blank
 * lines skipped): the framing of the stdio protocol. Every byte is looked at once, so a
 * line costs time linear in its length however it is chunked; `scannedBytes` counts them.
 */
export declare class LineSplitter {
    #private;
    readonly onLine: (line: string) => void;
    readonly options: LineOptions;
    /** Bytes searched for "\n" so far: equal to the bytes pushed, whatever the chunking. */
    scannedBytes: number;
    constructor(onLine: (line: string) => void, options?: LineOptions);
    get overflowed(): boolean;
    push(chunk: Buffer): void;
}
/** Calls `onLine` with every complete line of `input` (see `LineSplitter`). */
export declare function readLines(input: Readable, onLine: (line: string) => void, options?: LineOptions): LineSplitter;
