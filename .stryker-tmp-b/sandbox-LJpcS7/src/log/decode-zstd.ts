/**
 * A compressed session log, as DSH's JSONL backend writes it (`session.jsonl.zstd`,
 * `session.vN.jsonl.zstd`): Zstandard frames one after another, one per append batch,
 * each with its content checksum. The frames are read as the bytes arrive, one at a time:
 * a frame is decoded and checked once its last byte is in, and only then let go, so memory
 * holds one frame (DSH's are one append batch), not the file.
 *
 * Damage is DSH's (its `readZstdPrefix`): a complete frame that fails its checksum or does
 * not decode is corruption, wherever it lies (ZSTD_FRAME_CORRUPT, with the frame's index
 * and byte offset). A last frame the file cuts short is a torn write: what its bytes
 * decode to is kept, and of that only whole lines, as for a torn plain log; a torn frame
 * that fails to decode gives nothing. Complete frames are committed: their text must end
 * on a line break and hold no line the torn-tail rule would cut (ZSTD_TORN_COMMITTED).
 * Skippable frames (RFC 8878 §3.1.2) hold no log text and are passed over.
 */
// @ts-nocheck

import { ReconError } from '../errors.ts';
import { FrameFailure, type FrameFacts, type ZstdDecoder } from './_internals/zstd-decoders.ts';
import { refusal } from './rules.ts';

const ZSTD_MAGIC = 0xfd2fb528;
const isSkippable = (magic: number) => magic >>> 4 === 0x184d2a5;
/** Block_Maximum_Size: no block holds more (RFC 8878 §3.1.1.2.4). */
const BLOCK_MAX = 128 * 1024;

/** Whether bytes begin a Zstandard stream: a frame's magic number or a skippable frame's. */
export function isZstd(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const magic = (bytes[0]! | (bytes[1]! << 8) | (bytes[2]! << 16) | (bytes[3]! << 24)) >>> 0;
  return magic === ZSTD_MAGIC || isSkippable(magic);
}

/** The last frame, cut short by the end of the file. */
export interface TornFrame {
  /** 0-based, counting every frame before it. */
  readonly frame: number;
  /** Where it starts in the file. */
  readonly offset: number;
  /** Its bytes in the file. */
  readonly bytes: number;
  /** The text its bytes decode to (whole lines of it are kept). */
  readonly recoveredBytes: number;
}

export interface ZstdSummary {
  /** Complete frames, skippable ones included. */
  readonly frames: number;
  readonly skippableFrames: number;
  /** Complete frames written without a content checksum (DSH writes every frame with one). */
  readonly uncheckedFrames: number;
  readonly decoder: ZstdDecoder['name'];
  readonly tornFrame?: TornFrame;
}

type State = 'magic' | 'descriptor' | 'header' | 'block-header' | 'block' | 'checksum' | 'skippable-size' | 'skippable';

/**
 * Frames out of file bytes: `push` each block of the file as it is read, and take the
 * text of the frames it completed; `end` gives the text of a torn last frame.
 */
export class ZstdFrames {
  readonly #file: string;
  readonly #decoder: ZstdDecoder;
  /** The current frame's bytes (a skippable frame's body is never held). */
  #bytes = Buffer.allocUnsafe(1 << 16);
  #length = 0;
  #state: State = 'magic';
  /** Bytes the current state still waits for. */
  #need = 4;
  #facts: FrameFacts | undefined;
  #lastBlock = false;
  #rawBlockAt: number | undefined;
  /** The current frame's index and offset in the file. */
  #frame = 0;
  #offset = 0;
  #skippable = 0;
  #skipping = 0;
  #unchecked = 0;
  /** Text of the complete frames: its line breaks, whether it ends on one, and where each frame ends. */
  #lines = 0;
  #endsOnLine = true;
  #contentFrames = 0;
  readonly #frameEnds: Array<{ readonly frame: number; readonly offset: number; readonly lines: number }> = [];

  constructor(file: string, decoder: ZstdDecoder) {
    this.#file = file;
    this.#decoder = decoder;
  }

  /** The next bytes of the file; returns the text of every frame they complete, in order. */
  push(block: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let at = 0;
    while (at < block.length) {
      const take = Math.min(this.#need, block.length - at);
      if (this.#state !== 'skippable') this.#hold(block.subarray(at, at + take));
      at += take;
      this.#need -= take;
      if (this.#need === 0) this.#advance(out);
    }
    return out;
  }

  /** At the end of the file: the text a torn last frame gives up (DSH's rule), and what was read. */
  end(): { readonly text: Uint8Array | undefined; readonly summary: ZstdSummary } {
    let text: Uint8Array | undefined;
    let tornFrame: TornFrame | undefined;
    if (this.#state !== 'magic' || this.#length > 0) {
      const bytes = this.#bytes.subarray(0, this.#length);
      const inFrame = this.#state === 'descriptor' || this.#state === 'header' || this.#state === 'block-header' || this.#state === 'block' || this.#state === 'checksum';
      const rawTail = this.#state === 'block' && this.#rawBlockAt !== undefined ? bytes.subarray(this.#rawBlockAt) : undefined;
      // A cut magic number or skippable frame holds no text.
      text = inFrame ? this.#decoder.torn(bytes, this.#facts, rawTail) : new Uint8Array(0);
      const size = this.#length + (this.#state === 'skippable' ? this.#skipping - this.#need : 0);
      tornFrame = { frame: this.#frame, offset: this.#offset, bytes: size, recoveredBytes: text.length };
    }
    if (this.#contentFrames === 0) {
      const why = tornFrame === undefined ? 'holds no Zstandard frame' : `holds no complete Zstandard frame (frame ${tornFrame.frame} at byte ${tornFrame.offset} is cut short)`;
      throw refusal('session.present', `the compressed log ${why}, so no session header was written whole`).at({ file: this.#file, line: 1 });
    }
    return { text, summary: { frames: this.#frame, skippableFrames: this.#skippable, uncheckedFrames: this.#unchecked, decoder: this.#decoder.name, ...(tornFrame === undefined ? {} : { tornFrame }) } };
  }

  /**
   * DSH's rule for complete frames, applied once the lines are read: their text ends on a
   * line break, and a cut the loader made (a torn tail from `line`) starts after them.
   */
  checkCommitted(cutLine: number | undefined): void {
    const last = this.#frameEnds.at(-1);
    if (last === undefined) return;
    if (!this.#endsOnLine) {
      throw this.#tornCommitted(last.frame, last.offset, `the last complete frame (frame ${last.frame} at byte ${last.offset}) ends inside line ${last.lines + 1}`, last.lines + 1);
    }
    if (cutLine !== undefined && cutLine <= last.lines) {
      const holder = this.#frameEnds.find((f) => f.lines >= cutLine)!;
      throw this.#tornCommitted(holder.frame, holder.offset, `line ${cutLine} would be cut as a torn tail, but it lies in frame ${holder.frame} (at byte ${holder.offset}), which is complete and checksummed`, cutLine);
    }
  }

  #tornCommitted(frame: number, offset: number, detail: string, line: number): ReconError {
    return new ReconError('ZSTD_TORN_COMMITTED', `${detail}: DSH writes whole records into each frame and takes a complete frame as committed (frame ${frame}, byte ${offset})`, {
      location: { file: this.#file, line },
      hint: 'the log was changed after it was written, or its writer split a record across frames; restore it from a copy',
    });
  }

  #hold(bytes: Uint8Array): void {
    if (this.#length + bytes.length > this.#bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.#bytes.length * 2, this.#length + bytes.length));
      this.#bytes.copy(grown, 0, 0, this.#length);
      this.#bytes = grown;
    }
    this.#bytes.set(bytes, this.#length);
    this.#length += bytes.length;
  }

  #u32(at: number): number {
    const b = this.#bytes;
    return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
  }

  /** The current state has all its bytes: move on. */
  #advance(out: Uint8Array[]): void {
    switch (this.#state) {
      case 'magic': {
        const magic = this.#u32(0);
        if (magic === ZSTD_MAGIC) return this.#next('descriptor', 1);
        if (isSkippable(magic)) return this.#next('skippable-size', 4);
        const shown = [...this.#bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
        throw this.#corrupt(`the bytes there (${shown}) are not a Zstandard frame: a frame starts with 28 b5 2f fd, a skippable frame with 5? 2a 4d 18`);
      }
      case 'descriptor': {
        const d = this.#bytes[4]!;
        if ((d & 0x08) !== 0) throw this.#corrupt('its frame header sets the reserved bit');
        const single = (d & 0x20) !== 0;
        const fcsFlag = d >> 6;
        const dictFlag = d & 3;
        const rest = (single ? 0 : 1) + (dictFlag === 3 ? 4 : dictFlag) + (fcsFlag === 0 ? (single ? 1 : 0) : 1 << fcsFlag);
        return rest === 0 ? this.#headerDone() : this.#next('header', rest);
      }
      case 'header':
        return this.#headerDone();
      case 'block-header': {
        const at = this.#length - 3;
        const header = this.#bytes[at]! | (this.#bytes[at + 1]! << 8) | (this.#bytes[at + 2]! << 16);
        const type = (header >> 1) & 3;
        const size = header >>> 3;
        if (type === 3) throw this.#corrupt(`its block at byte ${this.#offset + at} has the reserved block type`);
        if (size > BLOCK_MAX) throw this.#corrupt(`its block at byte ${this.#offset + at} claims ${size} bytes, more than a block holds (${BLOCK_MAX})`);
        this.#lastBlock = (header & 1) !== 0;
        this.#rawBlockAt = type === 0 ? this.#length : undefined;
        const body = type === 1 ? 1 : size;
        return body === 0 ? this.#blockDone(out) : this.#next('block', body);
      }
      case 'block':
        return this.#blockDone(out);
      case 'checksum':
        return this.#frameDone(out);
      case 'skippable-size': {
        const size = this.#u32(4);
        if (size === 0) return this.#skippableDone();
        return this.#next('skippable', size);
      }
      case 'skippable':
        return this.#skippableDone();
    }
  }

  #next(state: State, need: number): void {
    this.#state = state;
    this.#need = need;
    // A skippable body is not held: its size is kept for the offsets.
    if (state === 'skippable') this.#skipping = need;
  }

  #headerDone(): void {
    const b = this.#bytes;
    const d = b[4]!;
    const single = (d & 0x20) !== 0;
    const fcsFlag = d >> 6;
    const dictFlag = d & 3;
    let at = 5;
    let window = 0;
    if (!single) {
      const w = b[at++]!;
      const base = 2 ** (10 + (w >> 3));
      window = base + (base / 8) * (w & 7);
    }
    const dictBytes = dictFlag === 3 ? 4 : dictFlag;
    let dictionary = 0;
    for (let i = 0; i < dictBytes; i++) dictionary += b[at + i]! * 2 ** (8 * i);
    at += dictBytes;
    const fcsBytes = fcsFlag === 0 ? (single ? 1 : 0) : 1 << fcsFlag;
    let contentSize: number | undefined;
    if (fcsBytes > 0) {
      contentSize = 0;
      for (let i = 0; i < fcsBytes; i++) contentSize += b[at + i]! * 2 ** (8 * i);
      if (fcsBytes === 2) contentSize += 256;
    }
    this.#facts = { checksum: (d & 0x04) !== 0, contentSize, window: single ? (contentSize ?? 0) : window, dictionary };
    this.#next('block-header', 3);
  }

  #blockDone(out: Uint8Array[]): void {
    this.#rawBlockAt = undefined;
    if (!this.#lastBlock) return this.#next('block-header', 3);
    if (this.#facts!.checksum) return this.#next('checksum', 4);
    this.#frameDone(out);
  }

  #frameDone(out: Uint8Array[]): void {
    const bytes = this.#bytes.subarray(0, this.#length);
    let text: Uint8Array;
    try {
      text = this.#decoder.frame(bytes, this.#facts!);
    } catch (error) {
      if (!(error instanceof FrameFailure)) throw error;
      if (error.kind === 'unsupported') {
        throw new ReconError('ZSTD_FRAME_UNSUPPORTED', `frame ${this.#frame} at byte ${this.#offset}: ${error.message}`, { location: { file: this.#file } });
      }
      throw this.#corrupt(error.message);
    }
    this.#count(text);
    this.#contentFrames++;
    if (!this.#facts!.checksum) this.#unchecked++;
    this.#frameEnds.push({ frame: this.#frame, offset: this.#offset, lines: this.#lines });
    out.push(text);
    this.#nextFrame(this.#length);
  }

  #skippableDone(): void {
    this.#skippable++;
    this.#nextFrame(8 + this.#skipping);
    this.#skipping = 0;
  }

  #nextFrame(size: number): void {
    this.#frame++;
    this.#offset += size;
    this.#length = 0;
    this.#facts = undefined;
    // A frame far above the usual batch is not kept around for the next one.
    if (this.#bytes.length > 1 << 24) this.#bytes = Buffer.allocUnsafe(1 << 16);
    this.#next('magic', 4);
  }

  #count(text: Uint8Array): void {
    if (text.length === 0) return;
    for (let i = text.indexOf(10); i >= 0; i = text.indexOf(10, i + 1)) this.#lines++;
    this.#endsOnLine = text[text.length - 1] === 10;
  }

  #corrupt(detail: string): ReconError {
    return new ReconError('ZSTD_FRAME_CORRUPT', `frame ${this.#frame} at byte ${this.#offset}: ${detail}`, {
      location: { file: this.#file },
      hint: 'a complete frame is checked whole, so this is damage, not a torn write; restore the log from a copy',
    });
  }
}
