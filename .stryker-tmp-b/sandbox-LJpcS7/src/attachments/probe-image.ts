/**
 * The media type and pixel size an image's header declares, read from its first bytes
 * without decoding the raster (dsh-eras §5.2 item 4): PNG, JPEG, WebP and GIF.
 */
// @ts-nocheck

import type { ImageMediaType } from './image-ref.ts';

export interface ImageHeader {
  readonly mediaType: ImageMediaType;
  readonly width: number;
  readonly height: number;
}

/** The header of `bytes`, or undefined when they are none of the four formats or the header is cut. */
export function probeImage(bytes: Uint8Array): ImageHeader | undefined {
  if (startsWith(bytes, PNG)) return probePng(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return probeJpeg(bytes);
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return bytes.length < 10 ? undefined : sized('image/gif', u16le(bytes, 6), u16le(bytes, 8));
  if (startsWith(bytes, RIFF) && ascii(bytes, 8, 4) === 'WEBP') return probeWebp(bytes);
  return undefined;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = [...'GIF87a'].map((c) => c.charCodeAt(0));
const GIF89 = [...'GIF89a'].map((c) => c.charCodeAt(0));
const RIFF = [...'RIFF'].map((c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);

/** A header only when both sides are positive: a zero-sized image is no image a model takes. */
function sized(mediaType: ImageMediaType, width: number, height: number): ImageHeader | undefined {
  return width > 0 && height > 0 ? { mediaType, width, height } : undefined;
}

// The first chunk is IHDR: length, type, then width and height as big-endian 32-bit integers.
function probePng(b: Uint8Array): ImageHeader | undefined {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return undefined;
  return sized('image/png', u32be(b, 16), u32be(b, 20));
}

// Markers up to the first start-of-frame, whose segment holds precision, height and width.
function probeJpeg(b: Uint8Array): ImageHeader | undefined {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or start of scan before any frame
    const length = u16be(b, at + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) return at + 9 <= b.length ? sized('image/jpeg', u16be(b, at + 7), u16be(b, at + 5)) : undefined;
    at += 2 + length;
  }
  return undefined;
}

function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

// The first chunk after "WEBP": lossy VP8, lossless VP8L, or the extended VP8X with the canvas size.
function probeWebp(b: Uint8Array): ImageHeader | undefined {
  if (b.length < 25) return undefined;
  switch (ascii(b, 12, 4)) {
    case 'VP8 ':
      if (b.length < 30 || b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return undefined;
      return sized('image/webp', u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
    case 'VP8L': {
      if (b[20] !== 0x2f) return undefined;
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | ((b[24]! << 24) >>> 0);
      return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
    }
    case 'VP8X':
      if (b.length < 30) return undefined;
      return sized('image/webp', u24le(b, 24) + 1, u24le(b, 27) + 1);
    default:
      return undefined;
  }
}
