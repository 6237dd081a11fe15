/** What the importers share: turning a recorded body into cassette chunks. */
// @ts-nocheck

import { gunzipSync, brotliDecompressSync, inflateSync } from 'node:zlib';
import { recordChunk, type Chunk } from '../cassette.ts';
import { isEventStream } from '../usage.ts';

/**
 * The chunks of an imported response. A recording that kept no chunk boundaries gets one
 * chunk per server-sent event, so a stream still replays event by event; `t` is whatever
 * the source knew (0 when it kept no timing).
 */
export function importedChunks(bytes: Uint8Array, contentType: string | undefined, t: number): Chunk[] {
  if (bytes.byteLength === 0) return [];
  const text = Buffer.from(bytes).toString('utf8');
  if (!isEventStream(contentType, text) || !Buffer.from(text, 'utf8').equals(bytes)) return [recordChunk(t, bytes)];
  return text.split(/(?<=\r?\n\r?\n)/).map((event) => recordChunk(t, Buffer.from(event, 'utf8')));
}

/** A body stored as the compressed bytes on the wire (vcrpy's !!binary), decoded as a client sees it. */
export function decompressed(bytes: Uint8Array, contentEncoding: string | undefined): Uint8Array {
  switch (contentEncoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return new Uint8Array(gunzipSync(bytes));
    case 'br':
      return new Uint8Array(brotliDecompressSync(bytes));
    case 'deflate':
      return new Uint8Array(inflateSync(bytes));
    default:
      return bytes;
  }
}
