/**
 * The records of a harness's file: JSON Lines read as a stream (one parsed value per line,
 * with its line number), or one JSON document read whole (an export, a pretty-printed part).
 * Text is UTF-8, read byte for byte as the session log is (LOG_NOT_UTF8 with its line).
 */
// @ts-nocheck

import { createReadStream, readFileSync } from 'node:fs';
import { ReconError } from '../../../errors.ts';
import { decodeLogBytes } from '../../../log/index.ts';

/** Where a record stands: its file, its line, and inside a document the JSON pointer to it. */
export interface Place {
  readonly file: string;
  readonly line?: number;
  readonly pointer?: string;
}

export interface LinesRead {
  readonly lines: number;
  /** A last line with no newline that does not parse: a write cut short, left out like DSH's torn tail. */
  readonly tornTail?: { readonly line: number; readonly bytes: number };
}

/** Calls `visit` with every non-blank line's value, in order, reading `path` in blocks. */
export async function forEachJsonLine(path: string, file: string, visit: (value: unknown, place: Place) => void): Promise<LinesRead> {
  let parts: Buffer[] = [];
  let line = 0;
  const take = (bytes: Buffer, terminated: boolean): LinesRead['tornTail'] => {
    line++;
    let text: string;
    try {
      text = decodeLogBytes(bytes);
    } catch (error) {
      throw ReconError.is(error) ? error.at({ file, line }) : error;
    }
    if (text.trim() === '') return undefined;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      if (!terminated) return { line, bytes: bytes.length };
      throw new ReconError('USAGE_RECORD_MALFORMED', `the line is not JSON (${(error as Error).message})`, { location: { file, line } });
    }
    visit(value, { file, line });
    return undefined;
  };
  for await (const block of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = block.indexOf(10); end >= 0; end = block.indexOf(10, start)) {
      const piece = block.subarray(start, end);
      take(parts.length === 0 ? piece : Buffer.concat([...parts, piece]), true);
      parts = [];
      start = end + 1;
    }
    if (start < block.length) parts.push(block.subarray(start));
  }
  const tornTail = parts.length > 0 ? take(Buffer.concat(parts), false) : undefined;
  return { lines: line, ...(tornTail === undefined ? {} : { tornTail }) };
}

/** The one JSON value a document file holds. */
export function readJsonDocument(path: string, file: string): unknown {
  const text = decodeLogBytes(readFileSync(path), file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ReconError('USAGE_RECORD_MALFORMED', `the file is not one JSON document (${(error as Error).message})`, { location: { file, line: 1 } });
  }
}

/** `/a/0/b`: a JSON pointer (RFC 6901) from its steps. */
export const pointerOf = (steps: ReadonlyArray<string | number>): string => steps.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
