// @ts-nocheck
import type { Readable } from 'node:stream';

/** A protocol line may hold a whole log; past this it is a protocol error, not a slow time-out. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

const NEWLINE = 0x0a;

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
export class LineSplitter {
  /** Bytes searched for "\n" so far: equal to the bytes pushed, whatever the chunking. */
  scannedBytes = 0;
  readonly #pieces: Buffer[] = [];
  #pending = 0;
  #overflowed = false;
  readonly #max: number;

  constructor(
    readonly onLine: (line: string) => void,
    readonly options: LineOptions = {},
  ) {
    this.#max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  get overflowed(): boolean {
    return this.#overflowed;
  }

  push(chunk: Buffer): void {
    if (this.#overflowed) return;
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE, start); end >= 0; end = chunk.indexOf(NEWLINE, start)) {
      this.scannedBytes += end + 1 - start;
      const length = this.#pending + end - start;
      if (length > this.#max) return this.#overflow(length);
      const bytes = this.#pieces.length === 0 ? chunk.subarray(start, end) : Buffer.concat([...this.#pieces.splice(0), chunk.subarray(start, end)], length);
      this.#pending = 0;
      start = end + 1;
      const line = bytes.toString('utf8', 0, bytes[bytes.length - 1] === 0x0d ? bytes.length - 1 : bytes.length);
      if (line.trim() !== '') this.onLine(line);
      if (this.#overflowed) return;
    }
    this.scannedBytes += chunk.length - start;
    if (start === chunk.length) return;
    this.#pending += chunk.length - start;
    if (this.#pending > this.#max) return this.#overflow(this.#pending);
    this.#pieces.push(chunk.subarray(start));
  }

  #overflow(bytes: number): void {
    this.#overflowed = true;
    this.#pieces.length = 0;
    this.#pending = 0;
    this.options.onTooLong?.(bytes);
  }
}

/** Calls `onLine` with every complete line of `input` (see `LineSplitter`). */
export function readLines(input: Readable, onLine: (line: string) => void, options: LineOptions = {}): LineSplitter {
  const splitter = new LineSplitter(onLine, options);
  input.on('data', (chunk: Buffer) => splitter.push(chunk));
  return splitter;
}
