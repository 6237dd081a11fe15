// @ts-nocheck
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zstdFrames } from '../../benchmarks/_internals/zstd-store.ts';
import { ReconError } from '../../src/errors.ts';
import { loadJsonlFile, type LoadedLog, type LogSource } from '../../src/log/index.ts';
import { ZstdFrames } from '../../src/log/decode-zstd.ts';
import { zstdDecoders } from '../../src/log/_internals/zstd-decoders.ts';
import { framed, libzstdTorn, sessionBatches } from '../helpers/dsh-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-zstd-'));
let files = 0;

type Loaded = LoadedLog & { readonly source: LogSource };

async function load(content: string | Uint8Array, name = `log-${files++}.jsonl.zstd`): Promise<Loaded> {
  const path = join(dir, name);
  writeFileSync(path, content);
  return loadJsonlFile(path, { file: name });
}

async function refusal(content: string | Uint8Array, name?: string): Promise<ReconError> {
  try {
    await load(content, name);
  } catch (error) {
    if (ReconError.is(error)) return error;
    throw error;
  }
  throw new Error('the log loaded');
}

/** What a loaded log is, apart from where it was read from. */
function logical(loaded: Loaded) {
  return { events: loaded.log.events, nodes: loaded.log.surface.nodes, tornTail: loaded.tornTail, upgraded: loaded.upgradedSeqs };
}

const batches = sessionBatches();
const plain = batches.join('');
const store = framed(batches);
const last = store.starts.at(-1)!;

describe('a compressed log, frame by frame', () => {
  it('loads as its plaintext twin, one checksummed frame per append batch', async () => {
    const zstd = await load(store.bytes);
    expect(logical(zstd)).toEqual(logical(await load(plain, 'twin.jsonl')));
    expect(zstd.source).toMatchObject({ compression: 'zstd', frames: batches.length, skippableFrames: 0, uncheckedFrames: 0 });
    expect(zstd.source).not.toHaveProperty('tornFrame');
    expect(zstd.log.events.length).toBeGreaterThan(4000);
  });

  it('is known by its magic number, not by its name; a plain log named .zstd is read as plain', async () => {
    expect((await load(store.bytes, 'named-plain.jsonl')).source.compression).toBe('zstd');
    expect((await load(plain, 'named-compressed.jsonl.zstd')).source).toEqual({ compression: 'none' });
  });

  it('passes over skippable frames (a stream that starts with one is Zstandard too)', async () => {
    const skippable = (n: number) => Buffer.concat([Buffer.from([0x50 + n, 0x2a, 0x4d, 0x18]), Buffer.from(Uint32Array.of(5).buffer), Buffer.from('user!')]);
    const mixed = Buffer.concat([skippable(0), store.bytes.subarray(0, store.starts[3]), skippable(15), store.bytes.subarray(store.starts[3])]);
    const loaded = await load(mixed);
    expect(logical(loaded)).toEqual(logical(await load(store.bytes)));
    expect(loaded.source).toMatchObject({ frames: batches.length + 2, skippableFrames: 2 });
  });

  it('keeps the whole lines a torn last frame decodes to, as DSH does, and cuts the rest as a torn tail', async () => {
    // The last batch spans several blocks; the cut falls in its last one.
    const cut = store.bytes.length - 10;
    const recovered = libzstdTorn(store.bytes.subarray(last, cut));
    expect(recovered.length).toBeGreaterThan(0);
    expect(recovered.length).toBeLessThan(Buffer.byteLength(batches.at(-1)!));
    const twin = Buffer.concat([Buffer.from(batches.slice(0, -1).join('')), Buffer.from(batches.at(-1)!).subarray(0, recovered.length)]);
    const zstd = await load(store.bytes.subarray(0, cut));
    expect(logical(zstd)).toEqual(logical(await load(twin, 'torn-twin.jsonl')));
    expect(zstd.tornTail?.droppedLines).toBe(1);
    expect(zstd.source).toMatchObject({ frames: batches.length - 1, tornFrame: { frame: batches.length - 1, offset: last, bytes: cut - last, recoveredBytes: recovered.length } });
  });

  it.each([
    ['inside its magic number', 3],
    ['inside its first block', 40],
  ])('keeps nothing of a torn last frame cut %s', async (_, into) => {
    const zstd = await load(store.bytes.subarray(0, last + into));
    expect(logical(zstd)).toEqual(logical(await load(batches.slice(0, -1).join(''), 'short-twin.jsonl')));
    expect(zstd.source).toMatchObject({ tornFrame: { frame: batches.length - 1, offset: last, bytes: into, recoveredBytes: 0 } });
  });

  it('keeps nothing of a torn last frame that does not decode (DSH keeps no part of it)', async () => {
    const damaged = Buffer.from(store.bytes.subarray(0, store.bytes.length - 10));
    damaged[last + 20] = damaged[last + 20]! ^ 0xff;
    const zstd = await load(damaged);
    expect(logical(zstd)).toEqual(logical(await load(batches.slice(0, -1).join(''), 'undecodable-twin.jsonl')));
    expect(zstd.source).toMatchObject({ tornFrame: { recoveredBytes: 0 } });
  });

  it('refuses a damaged complete frame with its index, its byte offset and a code', async () => {
    const damaged = Buffer.from(store.bytes);
    damaged[store.starts[3]! + 30] = damaged[store.starts[3]! + 30]! ^ 0xff;
    const error = await refusal(damaged, 'damaged.jsonl.zstd');
    expect(error.code).toBe('ZSTD_FRAME_CORRUPT');
    expect(error.message).toMatch(new RegExp(`^damaged\\.jsonl\\.zstd: ZSTD_FRAME_CORRUPT: frame 3 at byte ${store.starts[3]}: `));
  });

  it('refuses bytes where a frame must start that are no frame, and a frame whose block claims more than a block holds', async () => {
    const garbage = await refusal(Buffer.concat([store.bytes.subarray(0, last), Buffer.from('{"type":"turn/start"}\n')]));
    expect([garbage.code, garbage.detail]).toEqual(['ZSTD_FRAME_CORRUPT', expect.stringMatching(new RegExp(`^frame ${batches.length - 1} at byte ${last}: the bytes there \\(7b 22 74 79\\) are not a Zstandard frame`)) as string]);
    const frame = zstdFrames(['{"type":"session"}\n']);
    // The first block header sits after the magic, the descriptor and the one-byte content size.
    const huge = Buffer.from(frame);
    huge.writeUIntLE((huge.readUIntLE(6, 3) & 7) | ((BLOCK_MAX + 1) << 3), 6, 3);
    expect((await refusal(huge)).detail).toMatch(/^frame 0 at byte 0: its block at byte 6 claims 131073 bytes/);
  });

  it('refuses a complete frame that ends inside a line, and a line a plain log would cut that lies in a complete frame', async () => {
    const split = [batches[0]!, batches[1]!.slice(0, 100), batches[1]!.slice(100), ...batches.slice(2)];
    // A record split across two complete frames is read whole; the last complete frame must end on a line break.
    expect(logical(await load(framed(split).bytes))).toEqual(logical(await load(store.bytes)));
    const open = await refusal(framed([...batches, '{"type":"turn/st']).bytes);
    expect([open.code, open.location.line]).toEqual(['ZSTD_TORN_COMMITTED', plain.split('\n').length]);
    // After the last turn/end a plain log cuts an unparsable line as a torn tail; a checksummed frame is committed.
    const tail = [...batches, 'not json\n'];
    expect((await load(tail.join(''), 'tail-twin.jsonl')).tornTail).toMatchObject({ line: plain.split('\n').length });
    const committed = await refusal(framed(tail).bytes);
    expect(committed.code).toBe('ZSTD_TORN_COMMITTED');
    expect(committed.detail).toContain(`line ${plain.split('\n').length} would be cut as a torn tail, but it lies in frame ${batches.length}`);
  });

  it('refuses a compressed log with no complete frame as headerless', async () => {
    const error = await refusal(store.bytes.subarray(0, 12));
    expect([error.code, error.location.line]).toEqual(['SESSION_HEADER_INVALID', 1]);
    expect(error.detail).toContain('holds no complete Zstandard frame (frame 0 at byte 0 is cut short)');
  });
});

const BLOCK_MAX = 128 * 1024;

describe.each(await zstdDecoders())('the $name decoder', (decoder) => {
  const read = (bytes: Uint8Array, chunk: number) => {
    const frames = new ZstdFrames('x.zst', decoder);
    const out: Uint8Array[] = [];
    for (let at = 0; at < bytes.length; at += chunk) out.push(...frames.push(bytes.subarray(at, at + chunk)));
    const end = frames.end();
    return { text: Buffer.concat([...out, ...(end.text === undefined ? [] : [end.text])]), summary: end.summary };
  };

  it('gives the same text whatever the blocks the file is read in', () => {
    for (const chunk of [1, 7, 4096, 1 << 20]) expect(read(store.bytes, chunk).text.toString()).toBe(plain);
  });

  it('checks every content checksum', () => {
    const damaged = Buffer.from(store.bytes);
    damaged[store.starts[2]! - 1] = damaged[store.starts[2]! - 1]! ^ 1;
    expect(() => read(damaged, 1 << 16)).toThrow(/ZSTD_FRAME_CORRUPT: frame 1 at byte \d+: (its content does not match its checksum|it does not decode)/);
    // fzstd checks nothing itself: this decoder does, on the content.
    if (decoder.name === 'fzstd') expect(() => read(damaged, 1 << 16)).toThrow(/its content does not match its checksum/);
  });

  it('recovers from a torn frame what libzstd recovers, a raw block cut short included', () => {
    const raw = zstdFrames([randomBytes(300_000)]);
    const header = zstdFrames(['{"type":"session"}\n']);
    for (const cut of [20, 100_000, 140_000, raw.length - 5]) {
      const torn = raw.subarray(0, cut);
      expect(read(Buffer.concat([header, torn]), 1 << 16).text.subarray(19)).toEqual(libzstdTorn(torn));
    }
  });
});
