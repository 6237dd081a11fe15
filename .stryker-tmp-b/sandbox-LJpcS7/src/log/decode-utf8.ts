/**
 * Bytes of a log file to text. A session log is UTF-8 (spec §5.3); a byte sequence that is
 * not is refused with LOG_NOT_UTF8 and its line, never replaced by U+FFFD: a replacement
 * would make the loaded log differ from the bytes on disk, so a request rebuilt from it
 * could not be byte for byte. A BOM is kept, so the loader can name it.
 */
// @ts-nocheck

import { ReconError } from '../errors.ts';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function decodeLogBytes(bytes: Uint8Array, file?: string): string {
  try {
    return strict.decode(bytes);
  } catch {
    const offset = firstInvalidByte(bytes);
    let line = 1;
    for (let i = bytes.indexOf(0x0a); i >= 0 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line++;
    const shown = [...bytes.subarray(offset, offset + 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new ReconError('LOG_NOT_UTF8', `the bytes at offset ${offset} (${shown}) are not valid UTF-8; a session log is UTF-8 and is read byte for byte, never repaired`, {
      location: { ...(file === undefined ? {} : { file }), line },
      hint: 'the file was written in another encoding or damaged; a writer must encode every string as UTF-8',
    });
  }
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629). */
function firstInvalidByte(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const [length, low, high] = b < 0x80 ? [1, 0, 0] : b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf] : b === 0xe0 ? [3, 0xa0, 0xbf] : b === 0xed ? [3, 0x80, 0x9f] : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf] : b === 0xf0 ? [4, 0x90, 0xbf] : b === 0xf4 ? [4, 0x80, 0x8f] : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf] : [0, 0, 0];
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return bytes.length;
}
