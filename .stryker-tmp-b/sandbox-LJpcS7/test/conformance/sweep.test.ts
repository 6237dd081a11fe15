// @ts-nocheck
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

const seedLines = (stdout: string) => stdout.split('\n').filter((line) => /^\[\s*\d+\/\d+\] seed \d+ /.test(line));

describe('recon check --sweep', () => {
  // The small sweep of every `npm test`; the README documents the long one for a nightly job.
  it('passes the reference at several seeds, printing each, and draws the same seeds from the same sweep seed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-sweep-'));
    const first = await runCli(['check', '--sweep', '3', '--runs', '20', '--seed', '11', '--regressions', dir]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const lines = seedLines(first.stdout);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(/ ok: \d+ pass, 0 fail, 0 n\/a /);
    expect(first.stdout).toContain('all 3 seeds as expected');
    const seeds = lines.map((line) => line.split(' ')[2]);
    expect(new Set(seeds).size).toBe(3);
    const again = await runCli(['check', '--sweep', '1', '--runs', '2', '--seed', '11', '--property', 'LOG-LOAD-VALID', '--regressions', dir]);
    expect(seedLines(again.stdout)[0]!.split(' ')[2]).toBe(seeds[0]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stops at the first failing seed and prints a replay line that fails the same way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-sweep-'));
    const swept = await runCli(['check', '--impl', 'mutant:reads-any-version', '--property', 'LOG-FORMAT-VERSION', '--sweep', '5', '--runs', '20', '--seed', '3', '--regressions', dir, '--no-save']);
    expect(swept.code).toBe(1);
    expect(seedLines(swept.stdout)).toHaveLength(1);
    const replay = swept.stdout.trimEnd().split('\n').at(-1)!.trim();
    expect(replay).toMatch(new RegExp(`^npx recon check --impl mutant:reads-any-version --runs 20 --property LOG-FORMAT-VERSION --regressions ${dir} --seed \\d+$`));
    const replayed = await runCli([...replay.split(' ').slice(2), '--no-save']);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toContain(`seed ${replay.split(' ').at(-1)}`);
    expect(replayed.stdout).toContain('FAIL');
  });

  it('refuses a count that is not a whole number, and --json', async () => {
    expect((await runCli(['check', '--sweep', '0'])).code).toBe(2);
    expect((await runCli(['check', '--sweep', '2', '--json'])).code).toBe(2);
  });
});
