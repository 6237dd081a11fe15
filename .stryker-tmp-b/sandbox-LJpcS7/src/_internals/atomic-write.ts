/**
 * Every file recon writes (reports, regressions, cassettes, bench runs) is written whole
 * to a temporary file beside it, flushed, then renamed over the target: a reader, or a
 * run killed half-way, sees the old file or the new one, never a half-written one.
 */
// @ts-nocheck

import { closeSync, fsyncSync, linkSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

let serial = 0;

export interface AtomicWriteOptions {
  /** Refuse to replace an existing file (EEXIST), as `flag: 'wx'` does. */
  readonly exclusive?: boolean;
}

export function writeFileAtomic(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): void {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${serial++}.tmp`);
  const fd = openSync(temp, 'wx');
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let offset = 0; offset < bytes.byteLength; ) offset += writeSync(fd, bytes, offset, bytes.byteLength - offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    // A hard link is the no-clobber rename: it fails with EEXIST when the target exists.
    if (options.exclusive === true) linkSync(temp, file);
    else renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}
