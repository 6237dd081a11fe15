// @ts-nocheck
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { serveCommand } from '../../src/conformance/mutants/stdio-mutants.ts';
import { runCli } from '../helpers/run-cli.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'recon-workers-'));

/** The JSON of a run without the fields that measure time. */
function withoutTimes(stdout: string): unknown {
  return JSON.parse(stdout, (key, value: unknown) => (key === 'timeMs' || key === 'startedAt' ? undefined : value));
}

describe('recon check --workers N', () => {
  it('gives the output of one thread, but for timings', async () => {
    const args = ['check', '--json', '--seed', '9', '--runs', '10', '--no-save'];
    const one = await runCli([...args, '--workers', '1']);
    const two = await runCli([...args, '--workers', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(withoutTimes(two.stdout)).toEqual(withoutTimes(one.stdout));
    expect((withoutTimes(two.stdout) as { properties: unknown[] }).properties).toHaveLength(PROPERTIES.length);
  });

  it('stores the one counterexample one thread stores, and reports it the same way', async () => {
    const dirs = [temp(), temp()];
    const args = ['check', '--json', '--impl', 'mutant:stale-fold-after-replace', '--property', 'FOLD-CACHED-EQUALS-FRESH', '--property', 'WIRE-PURE', '--seed', '5', '--runs', '30'];
    const one = await runCli([...args, '--regressions', dirs[0]!, '--workers', '1']);
    const two = await runCli([...args, '--regressions', dirs[1]!, '--workers', '2']);
    expect(one.code).toBe(1);
    expect(two.code).toBe(1);
    // The stored file is printed relative to the working directory: its folder's own name is what differs.
    const normalise = (stdout: string, dir: string) => JSON.parse(JSON.stringify(withoutTimes(stdout)).replaceAll(dir, 'DIR').replaceAll(basename(dir), 'DIR')) as { properties: Array<{ status: string; counterexample?: { file?: string; case?: number } }> };
    const [a, b] = [normalise(one.stdout, dirs[0]!), normalise(two.stdout, dirs[1]!)];
    expect(b).toEqual(a);
    expect(a.properties.map((p) => p.status)).toEqual(['fail', 'pass']);
    // The same one file in both runs, none from the later failures the other thread found.
    const [filesA, filesB] = dirs.map((dir) => readdirSync(dir).sort());
    expect(filesA).toHaveLength(1);
    expect(filesB).toEqual(filesA);
    for (const name of filesA!) expect(readFileSync(join(dirs[1]!, name), 'utf8')).toBe(readFileSync(join(dirs[0]!, name), 'utf8'));
  });

  it('opens one adapter process per thread for cmd: implementations', async () => {
    const dir = temp();
    const pids = join(dir, 'pids');
    const command = `sh -c 'echo $$ >> ${pids}; exec ${serveCommand().replaceAll("'", '')}'`;
    const args = ['check', '--json', '--impl', `cmd:${command}`, '--property', 'LOG-LOAD-VALID', '--property', 'WIRE-MATCHES-SPEC', '--seed', '2', '--runs', '6', '--no-save'];
    const one = await runCli([...args, '--workers', '1']);
    const started = readFileSync(pids, 'utf8').trim().split('\n').length;
    const two = await runCli([...args, '--workers', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(withoutTimes(two.stdout)).toEqual(withoutTimes(one.stdout));
    expect(started).toBe(1);
    expect(readFileSync(pids, 'utf8').trim().split('\n').length - started).toBe(2);
  });

  it('splits a shard further and still writes that shard', async () => {
    const args = ['check', '--json', '--seed', '3', '--runs', '16', '--no-save', '--shard', '2/3', '--property', 'LOG-LOAD-VALID', '--property', 'LOOP-RECONSTRUCT'];
    const one = await runCli([...args, '--workers', '1']);
    const two = await runCli([...args, '--workers', '2']);
    expect(withoutTimes(two.stdout)).toEqual(withoutTimes(one.stdout));
    expect(withoutTimes(two.stdout)).toMatchObject({ shard: { index: 2, count: 3 }, properties: [{ runs: 5 }, { runs: 3 }] });
  });

  it('refuses a bad worker count', async () => {
    expect((await runCli(['check', '--workers', '0'])).stderr).toMatch(/--workers takes a whole number from 1 to \d+ /);
  });
});

describe('recon mutants --workers N', () => {
  it('prints the kill matrix of one thread, but for timings', async () => {
    const args = ['mutants', '--json', '--runs', '10', '--mutant', 'stale-fold-after-replace', '--mutant', 'wire-null-content', '--mutant', 'tools-resorted'];
    const one = await runCli([...args, '--workers', '1']);
    const two = await runCli([...args, '--workers', '2']);
    expect(two.code).toBe(one.code);
    expect(withoutTimes(two.stdout)).toEqual(withoutTimes(one.stdout));
    expect((withoutTimes(one.stdout) as { mutants: Array<{ killedBy: string[] }> }).mutants.map((m) => m.killedBy.length > 0)).toEqual([true, true, true]);
  });
});
