/**
 * Where a command writes: never over one of its own inputs, and into folders made one
 * level at a time. Node's recursive mkdir retries forever where a parent exists but a
 * child cannot be made (procfs: /proc/self/x answers ENOENT), so it is not used.
 */
// @ts-nocheck

import { mkdirSync, rmdirSync, statSync, type Stats } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { ReconError } from '../errors.ts';

const statOf = (file: string): Stats | undefined => {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
};

/**
 * A USAGE error when an output is an input of the same command: the same file by device and
 * inode, so a symlink, a hard link or another spelling of the path counts as the same.
 */
export function refuseInputAsOutput(outputs: readonly string[], inputs: readonly string[], flag: string, cwd: string): void {
  const read = inputs.map((file) => ({ file, stat: statOf(file) }));
  for (const output of outputs) {
    const target = statOf(output);
    if (target === undefined) continue;
    const input = read.find(({ stat }) => stat !== undefined && stat.dev === target.dev && stat.ino === target.ino);
    if (input !== undefined) throw new ReconError('USAGE', `${flag} would write ${relative(cwd, output)} over the input ${relative(cwd, input.file)}; choose another ${flag}`);
  }
}

/** mkdir -p that ends: each missing folder made in turn; an error (ENOENT under procfs, EACCES) is FILE_UNWRITABLE. */
export function makeDirectory(dir: string): string[] {
  const missing: string[] = [];
  for (let at = resolve(dir); statOf(at) === undefined; at = dirname(at)) {
    missing.unshift(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new ReconError('FILE_UNWRITABLE', `${dir}: ${(error as Error).message}`);
    }
  }
  if (statOf(dir)?.isDirectory() !== true) throw new ReconError('FILE_UNWRITABLE', `${dir} is not a folder`);
  return missing;
}

/** Removes the folders `makeDirectory` created, deepest first, as long as they are still empty: a run refused before it wrote leaves nothing. */
export function unmakeDirectory(created: readonly string[]): void {
  for (const folder of [...created].reverse()) {
    try {
      rmdirSync(folder);
    } catch {
      return; // not empty, or gone: leave it
    }
  }
}
