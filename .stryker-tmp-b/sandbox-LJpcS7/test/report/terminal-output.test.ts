// @ts-nocheck
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../src/_internals/shell-quote.ts';
import { runCli } from '../helpers/run-cli.ts';

const ROOT = join(import.meta.dirname, '../..');
const FAKE = join(import.meta.dirname, '../conformance/fixtures/fake-adapter.mjs');

/** The words a POSIX shell makes of `command`. */
const shellWords = (command: string): string[] => execFileSync('sh', ['-c', `printf '%s\\n' ${command}`], { encoding: 'utf8' }).trimEnd().split('\n');

describe('the text output of a crash', () => {
  it("shows the end of the adapter's stderr, counts in the right number, and a replay line that pastes", async () => {
    const impl = `cmd:node ${FAKE} crash-load`;
    const { code, stdout } = await runCli(['check', '--impl', impl, '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--no-save'], {}, ROOT);
    expect(code).toBe(1);
    expect(stdout).toContain('  crashed: IMPL_CRASHED: the implementation exited (code 70) while answering log/load; its stderr ends with:\n    loading…\n    boom: the adapter could not parse the log\n');
    expect(stdout).toMatch(/^1 property: 0 pass, 1 fail, 0 n\/a/m);
    const replay = stdout.split('\n').find((line) => line.startsWith('  replay: '))!.slice('  replay: '.length);
    expect(shellWords(replay.replace(/^npx recon /, ''))).toEqual(['check', '--impl', impl, '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--seed', expect.stringMatching(/^\d+$/)]);
  }, 60_000);

  it('quotes only what a shell would split or expand', () => {
    expect(shellQuote('mutant:reads-any-version')).toBe('mutant:reads-any-version');
    for (const arg of ['cmd:python3 x.py', `cmd:python3 -c 'print("$HOME")'`, 'module:a b;c', 'cmd:a*b']) expect(shellWords(shellQuote(arg))).toEqual([arg]);
  });
});

describe('the text output of a run with a failure', () => {
  it('explains the failure and its replay before the table; generator statistics only with --stats', async () => {
    const args = ['check', '--impl', 'mutant:reads-any-version', '--property', 'LOG-FORMAT-VERSION', '--property', 'LOG-LOAD-VALID', '--runs', '20', '--seed', '3', '--no-save'];
    const plain = await runCli(args, {}, ROOT);
    expect(plain.code).toBe(1);
    const at = (text: string, what: string) => text.indexOf(what);
    expect(at(plain.stdout, '  replay: ')).toBeGreaterThan(0);
    expect(at(plain.stdout, '  replay: ')).toBeLessThan(at(plain.stdout, 'property  '));
    expect(plain.stdout).not.toContain('generator statistics');
    const stats = await runCli([...args, '--stats'], {}, ROOT);
    expect(stats.stdout).toMatch(/^generator statistics \(share of generated inputs\):\n  LOG-LOAD-VALID: .*\d+%/m);
  }, 60_000);
});
