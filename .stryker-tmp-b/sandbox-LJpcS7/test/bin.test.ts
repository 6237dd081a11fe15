// @ts-nocheck
// bin/recon.js runs the build only when it is up to date, and the sources otherwise: tried
// on a miniature package whose two entry points say which of them ran.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT } from '../src/_internals/package-root.ts';

let root: string;

const at = (path: string, seconds: number) => utimesSync(join(root, path), seconds, seconds);
const which = () => spawnSync(process.execPath, [join(root, 'bin/recon.js')], { encoding: 'utf8' }).stdout.trim();

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'recon-bin-'));
  for (const dir of ['bin', 'dist/src', 'src/log', 'properties']) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{"type":"module"}\n');
  copyFileSync(join(PACKAGE_ROOT, 'bin/recon.js'), join(root, 'bin/recon.js'));
  symlinkSync(join(PACKAGE_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(join(root, 'dist/src/cli.js'), "export async function main() { process.stdout.write('dist\\n'); return 0; }\n");
  writeFileSync(join(root, 'src/cli.ts'), "export async function main(): Promise<number> { process.stdout.write('sources\\n'); return 0; }\n");
  writeFileSync(join(root, 'src/log/old.ts'), 'export {};\n');
  writeFileSync(join(root, 'dist/BUILT'), '');
  for (const path of ['src/cli.ts', 'src/log/old.ts', 'src/log', 'src', 'properties']) at(path, 1_000_000);
  at('dist/BUILT', 2_000_000);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('bin/recon.js', () => {
  it('runs the build when no source is newer than it', () => {
    expect(which()).toBe('dist');
  });

  it('runs the sources when one was edited after the build', () => {
    at('src/log/old.ts', 3_000_000);
    expect(which()).toBe('sources');
  });

  it('runs the sources when one was deleted after the build (its folder changed)', () => {
    unlinkSync(join(root, 'src/log/old.ts'));
    at('src/log', 3_000_000);
    expect(which()).toBe('sources');
  });

  it('runs the sources when there is no build', () => {
    unlinkSync(join(root, 'dist/BUILT'));
    expect(which()).toBe('sources');
  });

  it('runs the build of an installed package, which has no sources', () => {
    rmSync(join(root, 'src'), { recursive: true });
    rmSync(join(root, 'properties'), { recursive: true });
    expect(which()).toBe('dist');
  });
});
