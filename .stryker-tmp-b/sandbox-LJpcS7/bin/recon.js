#!/usr/bin/env node
// @ts-nocheck
// Runs the build (dist/, made by `npm run build`) when it is up to date: an installed
// package ships only the build, so it always is. In a checkout, a source edited after the
// last build (or a missing build) makes this run the TypeScript sources through tsx
// instead, so a stale build never runs.
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const built = new URL('dist/BUILT', root);
const SOURCES = ['src', 'properties', 'benchmarks'];

/** The newest modification time under the source folders (folders too: a deleted file changes its folder). */
function newestSource() {
  let newest = 0;
  for (const top of SOURCES) {
    const dir = new URL(`${top}/`, root);
    if (!existsSync(dir)) continue;
    newest = Math.max(newest, statSync(dir).mtimeMs);
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      newest = Math.max(newest, statSync(`${entry.parentPath ?? entry.path}/${entry.name}`).mtimeMs);
    }
  }
  return newest;
}

const fresh = existsSync(built) && newestSource() <= statSync(built).mtimeMs;
let main;
if (fresh) ({ main } = await import('../dist/src/cli.js'));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli.ts'));
}
process.exitCode = await main(process.argv.slice(2));
