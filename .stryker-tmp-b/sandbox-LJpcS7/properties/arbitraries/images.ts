/**
 * Image bytes whose headers declare a chosen format and size: what a store verifies
 * (header only, never a decode). Each is a valid file start, padded with `extra` bytes of
 * payload so that sizes can cross the offload bound.
 */
// @ts-nocheck

import type { ImageMediaType } from '../../src/attachments/index.ts';

const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const le24 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const text = (s: string) => [...s].map((c) => c.charCodeAt(0));

export type WebpKind = 'VP8 ' | 'VP8L' | 'VP8X';

/** The header bytes of an image of `mediaType` and size (WebP in the chunk form `webp`). */
export function imageHeader(mediaType: ImageMediaType, width: number, height: number, webp: WebpKind = 'VP8 '): number[] {
  switch (mediaType) {
    case 'image/png':
      return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...be32(13), ...text('IHDR'), ...be32(width), ...be32(height), 8, 6, 0, 0, 0, 0, 0, 0, 0];
    case 'image/gif':
      return [...text('GIF89a'), ...le16(width), ...le16(height), 0, 0, 0];
    case 'image/jpeg':
      // SOI, an APP0 segment to skip, then a baseline start-of-frame.
      return [0xff, 0xd8, 0xff, 0xe0, 0, 16, ...text('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0, 17, 8, (height >>> 8) & 0xff, height & 0xff, (width >>> 8) & 0xff, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    case 'image/webp': {
      const chunk =
        webp === 'VP8 '
          ? [...text('VP8 '), ...le32(10), 0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(width), ...le16(height)]
          : webp === 'VP8L'
            ? [...text('VP8L'), ...le32(5), 0x2f, ...le32(((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14))]
            : [...text('VP8X'), ...le32(10), 0, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
      return [...text('RIFF'), ...le32(4 + chunk.length), ...text('WEBP'), ...chunk];
    }
  }
}

/** An image file of `mediaType` and size, `extra` payload bytes long after its header (drawn from `seed`). */
export function imageBytes(mediaType: ImageMediaType, width: number, height: number, extra = 0, seed = 1, webp: WebpKind = 'VP8 '): Uint8Array {
  const header = imageHeader(mediaType, width, height, webp);
  const bytes = new Uint8Array(header.length + extra);
  bytes.set(header);
  let x = seed >>> 0 || 1;
  for (let i = header.length; i < bytes.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}
