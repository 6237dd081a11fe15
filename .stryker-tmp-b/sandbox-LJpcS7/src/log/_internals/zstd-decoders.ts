/**
 * The two ways a Zstandard frame is decoded: Node's own zlib (libzstd, from Node 22.15 and
 * 23.8) where the running Node has it, else fzstd (pure JavaScript). libzstd checks a
 * frame's declared content size and content checksum itself; fzstd checks neither, so its
 * decoder does both here (the checksum is the low 32 bits of XXH64, seed 0, of the content).
 *
 * A torn frame (cut short by the end of the file) is decoded as DSH's JSONL backend decodes
 * one: libzstd streaming with `ZSTD_e_flush` over the bytes there are, which yields every
 * whole block and the bytes of a raw block cut short, and nothing at all if decoding fails.
 */
// @ts-nocheck

import * as zlib from 'node:zlib';
import { Decompress, decompress } from 'fzstd';
import xxhash from 'xxhash-wasm';

/** Why a complete frame does not decode: `checksum` when its content differs from its checksum. */
export class FrameFailure extends Error {
  constructor(
    readonly kind: 'checksum' | 'corrupt' | 'unsupported',
    detail: string,
  ) {
    super(detail);
  }
}

/** What the frame header says, parsed by the caller from the bytes before the blocks. */
export interface FrameFacts {
  readonly checksum: boolean;
  readonly contentSize: number | undefined;
  readonly window: number;
  readonly dictionary: number;
}

export interface ZstdDecoder {
  readonly name: 'node:zlib' | 'fzstd';
  /** One complete frame's content, its size and checksum checked; throws FrameFailure. */
  frame(bytes: Uint8Array, facts: FrameFacts): Uint8Array;
  /** What a torn frame's bytes give up; `rawTail` is the part of a raw block the file cuts short. */
  torn(bytes: Uint8Array, facts: FrameFacts | undefined, rawTail: Uint8Array | undefined): Uint8Array;
}

const EMPTY = new Uint8Array(0);

interface NodeZstd {
  zstdDecompressSync(buffer: Uint8Array, options?: { finishFlush?: number }): Buffer;
  constants: { ZSTD_e_flush: number };
}

const nodeZstd = (): NodeZstd | undefined => {
  const z = zlib as unknown as Partial<NodeZstd>;
  return typeof z.zstdDecompressSync === 'function' && typeof z.constants?.ZSTD_e_flush === 'number' ? (z as NodeZstd) : undefined;
};

/** The decoders this Node has, the preferred first: Node's own, then fzstd. */
export async function zstdDecoders(): Promise<ZstdDecoder[]> {
  const node = nodeZstd();
  return [...(node === undefined ? [] : [nodeDecoder(node)]), await fzstdDecoder()];
}

let preferred: Promise<ZstdDecoder> | undefined;

export function zstdDecoder(): Promise<ZstdDecoder> {
  return (preferred ??= zstdDecoders().then((all) => all[0]!));
}

function nodeDecoder(z: NodeZstd): ZstdDecoder {
  return {
    name: 'node:zlib',
    frame(bytes, facts) {
      if (facts.dictionary !== 0) throw new FrameFailure('unsupported', `the frame needs dictionary ${facts.dictionary}, which a session log never uses`);
      try {
        return z.zstdDecompressSync(bytes);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const detail = error instanceof Error ? error.message : String(error);
        if (code === 'ZSTD_error_checksum_wrong') throw new FrameFailure('checksum', 'its content does not match its checksum');
        if (code === 'ZSTD_error_frameParameter_windowTooLarge') throw new FrameFailure('unsupported', `its window of ${facts.window} bytes is larger than libzstd decodes by default`);
        throw new FrameFailure('corrupt', `it does not decode (${detail})`);
      }
    },
    torn(bytes) {
      try {
        return z.zstdDecompressSync(bytes, { finishFlush: z.constants.ZSTD_e_flush });
      } catch {
        // DSH keeps nothing of a torn frame that fails to decode.
        return EMPTY;
      }
    },
  };
}

/** fzstd's back-references reach 2^25 bytes: a frame with a larger window may need more. */
const FZSTD_WINDOW = 1 << 25;

async function fzstdDecoder(): Promise<ZstdDecoder> {
  const { h64Raw } = await xxhash();
  const checkFacts = (facts: FrameFacts) => {
    if (facts.dictionary !== 0) throw new FrameFailure('unsupported', `the frame needs dictionary ${facts.dictionary}, which a session log never uses`);
    if (facts.window > FZSTD_WINDOW) throw new FrameFailure('unsupported', `its window of ${facts.window} bytes is larger than fzstd decodes (2^25); Node 22.15 or newer reads it with its own zstd`);
  };
  return {
    name: 'fzstd',
    frame(bytes, facts) {
      checkFacts(facts);
      let content: Uint8Array;
      try {
        content = decompress(bytes);
      } catch (error) {
        throw new FrameFailure('corrupt', `it does not decode (${error instanceof Error ? error.message : String(error)})`);
      }
      if (facts.contentSize !== undefined && content.length !== facts.contentSize) {
        throw new FrameFailure('corrupt', `it declares ${facts.contentSize} content bytes and decodes to ${content.length}`);
      }
      if (facts.checksum) {
        const stored = (bytes[bytes.length - 4]! | (bytes[bytes.length - 3]! << 8) | (bytes[bytes.length - 2]! << 16) | (bytes[bytes.length - 1]! << 24)) >>> 0;
        const actual = Number(h64Raw(content, 0n) & 0xffffffffn);
        if (stored !== actual) throw new FrameFailure('checksum', 'its content does not match its checksum');
      }
      return content;
    },
    torn(bytes, facts, rawTail) {
      const parts: Uint8Array[] = [];
      try {
        if (facts !== undefined) checkFacts(facts);
        // Not final: fzstd hands out every whole block and keeps the rest waiting.
        new Decompress((block) => parts.push(block.slice())).push(bytes);
      } catch {
        return EMPTY;
      }
      // libzstd streams a raw block byte by byte; fzstd waits for all of it.
      if (rawTail !== undefined && rawTail.length > 0) parts.push(rawTail);
      return concat(parts);
    },
  };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  return Buffer.concat(parts);
}
