/**
 * DSH session stores made in a test: a generated session cut into append batches, each
 * batch one checksummed Zstandard frame (the header line alone in the first), written
 * where DSH's JSONL backend writes a session: `<home>/sessions/<project>/<id>/<transcript>`.
 */
// @ts-nocheck

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as zlib from 'node:zlib';
import { largeLogBatches } from '../../benchmarks/_internals/large-log.ts';
import { zstdFrames } from '../../benchmarks/_internals/zstd-store.ts';

/**
 * A generated session of 100 turns as append batches: the header, six batches of ten turns
 * (one block each), and the last forty turns in one batch of several blocks.
 */
export function sessionBatches(): string[] {
  const [header, ...turns] = [...largeLogBatches(1000)].map((b) => b.text);
  const batches = [header!];
  for (let i = 0; i < 60; i += 10) batches.push(turns.slice(i, i + 10).join(''));
  batches.push(turns.slice(60).join(''));
  return batches;
}

/** Each batch as its own frame, and where each frame starts in the file. */
export function framed(batches: readonly (string | Uint8Array)[]): { readonly bytes: Buffer; readonly starts: readonly number[] } {
  const frames = batches.map((batch) => zstdFrames([batch]));
  const starts: number[] = [];
  let at = 0;
  for (const frame of frames) {
    starts.push(at);
    at += frame.length;
  }
  return { bytes: Buffer.concat(frames), starts };
}

/** Writes a transcript into a DSH home's store and returns its path. */
export function writeTranscript(home: string, id: string, name: string, content: string | Uint8Array, project = '--work-proj--'): string {
  const dir = join(home, 'sessions', project, id);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

/** What libzstd's streaming decoder gives up from a torn frame (DSH's `decompressZstdPrefix`): Node's own, else the zstd command. */
export function libzstdTorn(bytes: Uint8Array): Buffer {
  const z = zlib as unknown as { zstdDecompressSync?: (b: Uint8Array, o: object) => Buffer; constants: { ZSTD_e_flush?: number } };
  if (z.zstdDecompressSync !== undefined) return z.zstdDecompressSync(bytes, { finishFlush: z.constants.ZSTD_e_flush });
  // The command writes out what it decoded before it stops at the cut.
  return spawnSync('zstd', ['-q', '-d', '-c'], { input: bytes, maxBuffer: 1 << 30 }).stdout;
}
