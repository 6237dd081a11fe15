// @ts-nocheck
// `npm run build` (and `prepare`, so `npm ci` in a clone builds too): the TypeScript of
// src/, properties/ and benchmarks/ compiled to JavaScript and .d.ts in dist/, the
// worker entry files (.mjs) copied beside them, and dist/BUILT written last. The build is
// made in a temporary folder and renamed into place, so dist/ is never half written;
// bin/recon.js runs dist/ only when no source is newer than dist/BUILT.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const temp = join(root, `dist.${process.pid}.tmp`);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

rmSync(temp, { recursive: true, force: true });
try {
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', temp], { stdio: 'inherit' });
} catch {
  rmSync(temp, { recursive: true, force: true });
  process.exit(1);
}
for (const file of readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mjs'))) {
  const to = join(temp, 'src', file);
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(join(root, 'src', file), to);
}
writeFileSync(join(temp, 'BUILT'), `${new Date().toISOString()}\n`);
rmSync(join(root, 'dist'), { recursive: true, force: true });
renameSync(temp, join(root, 'dist'));
process.stderr.write(`built ${relative(process.cwd(), join(root, 'dist')) || 'dist'}/\n`);
