/** Byte helpers shared by the cassette, the replayers and the recorder. */
// @ts-nocheck

import { createHash } from 'node:crypto';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

export const utf8 = (text: string): Uint8Array => encoder.encode(text);

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The text of `bytes` when they are well-formed UTF-8 that encodes back to the same bytes, else undefined. */
export function exactText(bytes: Uint8Array): string | undefined {
  try {
    const text = strictUtf8.decode(bytes);
    return Buffer.from(text, 'utf8').equals(bytes) ? text : undefined;
  } catch {
    return undefined;
  }
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0]! : new Uint8Array(Buffer.concat(parts));
}

/** Every byte of a request body in any form undici or node:http hands over. */
export async function collectBody(body: unknown): Promise<Uint8Array> {
  if (body === null || body === undefined) return new Uint8Array(0);
  if (typeof body === 'string') return utf8(body);
  if (body instanceof Uint8Array) return new Uint8Array(body);
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function' || typeof (body as Iterable<unknown>)[Symbol.iterator] === 'function') {
    const parts: Uint8Array[] = [];
    for await (const part of body as AsyncIterable<unknown>) parts.push(typeof part === 'string' ? utf8(part) : new Uint8Array(part as Uint8Array));
    return concatBytes(parts);
  }
  throw new TypeError(`cannot read a request body of type ${Object.prototype.toString.call(body)}`);
}
