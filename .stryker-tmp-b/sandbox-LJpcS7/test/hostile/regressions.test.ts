// @ts-nocheck
// Stored regressions trusted blindly (issue 20): every file of a store is checked against the
// suite before anything runs, so an edited, renamed or orphaned one is refused with its file
// and line (REGRESSION_INVALID, exit 3), never replayed as something else or skipped.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { packagePath } from '../../src/_internals/package-root.ts';
import { ReconError } from '../../src/errors.ts';
import { RegressionStore } from '../../src/suite/regressions.ts';
import { checkConformance, referenceImplementation } from '../../src/suite/index.ts';
import { describeConformance } from '../../src/vitest/index.ts';
import { runCli } from '../helpers/run-cli.ts';

const CORPUS = packagePath('corpora/regressions/');
const SAMPLE = 'LOG-TORN-TAIL-e8c43e3be900.jsonl';
const hashOf = (body: string) => createHash('sha256').update(body).digest('hex').slice(0, 12);

/** A store folder holding one file, written by `make` from the sample's line 1 and input. */
function storeWith(make: (head: Record<string, unknown>, body: string) => { name: string; text: string }): { cwd: string; dir: string; file: string } {
  const cwd = mkdtempSync(join(tmpdir(), 'recon-hostile-regr-'));
  const dir = join(cwd, 'store');
  mkdirSync(dir);
  const text = readFileSync(join(CORPUS, SAMPLE), 'utf8');
  const newline = text.indexOf('\n');
  const { name, text: written } = make(JSON.parse(text.slice(0, newline)) as Record<string, unknown>, text.slice(newline + 1));
  writeFileSync(join(dir, name), written);
  return { cwd, dir, file: join(dir, name) };
}

const line = (head: Record<string, unknown>, body: string) => `${JSON.stringify(head)}\n${body}`;

/** `recon check` over the store: the coded line, exit 3, no trace, nothing new in the folder. */
async function refused(store: { cwd: string; dir: string; file: string }, at: number, detail: RegExp): Promise<void> {
  const before = readdirSync(store.cwd, { recursive: true }).sort();
  const { code, stdout, stderr } = await runCli(['check', '--regressions', 'store', '--property', 'LOG-FORMAT-VERSION', '--runs', '1', '--seed', '1'], {}, store.cwd);
  expect(code, stderr).toBe(3);
  expect(stdout).toBe('');
  const [first] = stderr.split('\n');
  expect(first).toContain(`recon check: ${store.file}:${at}: REGRESSION_INVALID: `);
  expect(first).toMatch(detail);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(readdirSync(store.cwd, { recursive: true }).sort()).toEqual(before);
}

describe('stored regressions are checked against the suite before a run', () => {
  it('refuses an input edited after it was stored (the hash of line 1)', async () => {
    await refused(storeWith((head, body) => ({ name: SAMPLE, text: line(head, body.replace('1082513487', '1082513488')) })), 2, /does not match the hash of line 1/);
  });

  it('refuses an input edited and re-hashed in line 1 while the file name keeps the old hash', async () => {
    await refused(storeWith((head, body) => { const edited = `${body}\n`; return { name: SAMPLE, text: line({ ...head, hash: hashOf(edited) }, edited) }; }), 1, /line 1 carries the hash [0-9a-f]{12}, the file name e8c43e3be900/);
  });

  it('refuses a file whose line 1 names another property than its file name', async () => {
    await refused(storeWith((head, body) => ({ name: SAMPLE, text: line({ ...head, property: 'LOG-LOSSLESS-JSON' }, body) })), 1, /line 1 names the property LOG-LOSSLESS-JSON, the file name LOG-TORN-TAIL/);
  });

  it('refuses a regression of a property the suite does not have, whichever properties run', async () => {
    await refused(storeWith((head, body) => ({ name: `LOG-TORN-TAILS-${head.hash}.jsonl`, text: line({ ...head, property: 'LOG-TORN-TAILS' }, body) })), 1, /names the property LOG-TORN-TAILS, which this suite does not have/);
  });

  it('refuses a .jsonl file not named <PROPERTY>-<hash>.jsonl', async () => {
    await refused(storeWith((head, body) => ({ name: 'LOG-TORN-TAIL-copy.jsonl', text: line(head, body) })), 1, /named <PROPERTY>-<hash>\.jsonl/);
  });

  it('refuses a line 1 holding a field this reader does not know, or a seed that is not a number', async () => {
    await refused(storeWith((head, body) => ({ name: SAMPLE, text: line({ ...head, replayAs: 'LOG-LOSSLESS-JSON' }, body) })), 1, /line 1 holds "replayAs"/);
    await refused(storeWith((head, body) => ({ name: SAMPLE, text: line({ ...head, seed: 'seven' }, body) })), 1, /"seed" is "seven"/);
  });

  it('refuses an input the property cannot read, instead of blaming the implementation', async () => {
    const body = `${JSON.stringify({ pick: 1, jsonl: 'not a session log\n' }, null, 2)}\n`;
    await refused(storeWith((head) => ({ name: `LOG-TORN-TAIL-${hashOf(body)}.jsonl`, text: line({ ...head, hash: hashOf(body) }, body) })), 2, /the input is not one LOG-TORN-TAIL reads/);
  });

  it('is the same one line from the real bin/recon.js, which ends by itself within its deadline', () => {
    const store = storeWith((head, body) => ({ name: `LOG-GONE-${head.hash}.jsonl`, text: line({ ...head, property: 'LOG-GONE' }, body) }));
    const before = readdirSync(store.cwd, { recursive: true }).sort();
    const child = spawnSync(process.execPath, [packagePath('bin/recon.js'), 'check', '--regressions', 'store', '--runs', '1'], { cwd: store.cwd, encoding: 'utf8', timeout: 60_000 });
    expect(child.signal, 'killed at its deadline').toBeNull();
    expect(child.status).toBe(3);
    expect(child.stdout).toBe('');
    expect(child.stderr.split('\n')[0]).toBe(`recon check: ${store.file}:1: REGRESSION_INVALID: names the property LOG-GONE, which this suite does not have (see recon check --list)`);
    expect(child.stderr).not.toMatch(/^\s+at /m);
    expect(readdirSync(store.cwd, { recursive: true }).sort()).toEqual(before);
  });

  it('refuses a store that is a file, or a stored name that is a folder, instead of taking it for empty', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'recon-hostile-regr-'));
    writeFileSync(join(cwd, 'store'), '');
    const asFile = await runCli(['check', '--regressions', 'store', '--property', 'LOG-FORMAT-VERSION', '--runs', '1'], {}, cwd);
    expect([asFile.code, asFile.stdout, asFile.stderr]).toEqual([3, '', `recon check: ${join(cwd, 'store')}: FILE_UNREADABLE: the regressions folder cannot be listed (ENOTDIR)\n`]);
    const other = mkdtempSync(join(tmpdir(), 'recon-hostile-regr-'));
    mkdirSync(join(other, 'store', SAMPLE), { recursive: true });
    const asDir = await runCli(['check', '--regressions', 'store', '--property', 'LOG-FORMAT-VERSION', '--runs', '1'], {}, other);
    expect([asDir.code, asDir.stdout, asDir.stderr]).toEqual([3, '', `recon check: ${join(other, 'store', SAMPLE)}: FILE_UNREADABLE: a stored regression cannot be read (EISDIR)\n`]);
  });

  it('replays a stored regression that is intact (the correct result)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'recon-hostile-regr-'));
    mkdirSync(join(cwd, 'store'));
    copyFileSync(join(CORPUS, SAMPLE), join(cwd, 'store', SAMPLE));
    const { code, stdout, stderr } = await runCli(['check', '--regressions', 'store', '--no-save', '--property', 'LOG-TORN-TAIL', '--runs', '1', '--seed', '1', '--json'], {}, cwd);
    expect(code, stderr).toBe(0);
    expect((JSON.parse(stdout) as { properties: Array<{ id: string; regressions: number }> }).properties).toMatchObject([{ id: 'LOG-TORN-TAIL', regressions: 1 }]);
  });

  it('holds for checkConformance and describeConformance alike (one check, in the store)', async () => {
    const store = storeWith((head, body) => ({ name: `LOG-GONE-${head.hash}.jsonl`, text: line({ ...head, property: 'LOG-GONE' }, body) }));
    const regressions = new RegressionStore([store.dir], undefined);
    const error = await checkConformance(referenceImplementation(), { only: ['LOG-FORMAT-VERSION'], runs: 1, seed: 1, regressions }).catch((e: unknown) => e);
    expect(ReconError.is(error) && error.code).toBe('REGRESSION_INVALID');
    expect(() => describeConformance(referenceImplementation(), { only: ['LOG-FORMAT-VERSION'], regressions })).toThrow(/REGRESSION_INVALID: names the property LOG-GONE/);
  });

  it('accepts the package\'s own corpus', () => {
    expect(() => new RegressionStore([CORPUS], undefined).verify(PROPERTIES)).not.toThrow();
  });
});
