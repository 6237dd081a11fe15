/**
 * The package's root folder, found from this file: the nearest folder above it that holds
 * a package.json. The same answer from the sources (src/_internals/) and from the build
 * (dist/src/_internals/), so data files (corpora/, schemas/, package.json) are found by
 * one path relative to the root whichever of the two runs.
 */
// @ts-nocheck

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

/** Absolute path of the package root, with a trailing separator. */
export const PACKAGE_ROOT = join(findRoot(dirname(fileURLToPath(import.meta.url))), '/');

/** Absolute path of `relative` (forward slashes) inside the package. */
export function packagePath(relative: string): string {
  return PACKAGE_ROOT + relative;
}
