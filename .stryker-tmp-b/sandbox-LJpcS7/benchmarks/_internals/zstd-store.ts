/**
 * Compressed logs as DSH's JSONL backend writes them: one Zstandard frame per append
 * batch, each with its content checksum, the header line alone in the first. DSH encodes
 * with Node's own zstd (its default level), which Node has from 22.15; on an older Node
 * the `zstd` command (the same libzstd; level 3, the default of both) writes the frames.
 * For the benchmark and the tests that build stores: recon itself only reads them.
 */
// @ts-nocheck

import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zlib from 'node:zlib';

interface NodeZstdEncoder {
  zstdCompressSync(input: Uint8Array | string, options: { params: Record<number, number> }): Buffer;
  constants: { ZSTD_c_checksumFlag: number };
}

const nodeEncoder = (): NodeZstdEncoder | undefined => {
  const z = zlib as unknown as Partial<NodeZstdEncoder>;
  return typeof z.zstdCompressSync === 'function' ? (z as NodeZstdEncoder) : undefined;
};

/** Which encoder writes the frames here. */
export const zstdEncoder = (): 'node:zlib' | 'zstd command' => (nodeEncoder() === undefined ? 'zstd command' : 'node:zlib');

/** One checksummed frame per batch, in order, as one buffer. */
export function zstdFrames(batches: Iterable<string | Uint8Array>): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'recon-zstd-'));
  try {
    const path = join(dir, 'out.zst');
    writeZstdFrames(path, batches);
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Writes one checksummed frame per batch to `path` (atomically: a temporary file, then a
 * rename), without holding more than one batch; returns the file's size and its frames.
 */
export function writeZstdFrames(path: string, batches: Iterable<string | Uint8Array>): { readonly bytes: number; readonly frames: number } {
  const node = nodeEncoder();
  const temp = `${path}.${process.pid}.tmp`;
  let frames = 0;
  if (node !== undefined) {
    const fd = openSync(temp, 'w');
    try {
      for (const batch of batches) {
        writeSync(fd, node.zstdCompressSync(batch, { params: { [node.constants.ZSTD_c_checksumFlag]: 1 } }));
        frames++;
      }
    } finally {
      closeSync(fd);
    }
  } else {
    // Each file named in a list becomes one frame of the output, in the list's order.
    const dir = mkdtempSync(join(tmpdir(), 'recon-zstd-batches-'));
    try {
      const names: string[] = [];
      for (const batch of batches) {
        const name = join(dir, String(frames++).padStart(8, '0'));
        writeFileSync(name, batch);
        names.push(name);
      }
      writeFileSync(join(dir, 'list'), `${names.join('\n')}\n`);
      const fd = openSync(temp, 'w');
      try {
        const run = spawnSync('zstd', ['-q', '-3', '--check', '-c', '--filelist', join(dir, 'list')], { stdio: ['ignore', fd, 'pipe'] });
        if (run.error !== undefined || run.status !== 0) throw new Error(`zstd could not write the frames (Node ${process.version} has no zstd of its own, and the zstd command ${run.error === undefined ? `said: ${run.stderr.toString().trim()}` : 'is missing'})`);
      } finally {
        closeSync(fd);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  renameSync(temp, path);
  return { bytes: statSync(path).size, frames };
}
