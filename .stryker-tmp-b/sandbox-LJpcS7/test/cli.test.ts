// @ts-nocheck
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.ts';

const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('recon', () => {
  it('prints the package version for --version', async () => {
    expect(await runCli(['--version'])).toEqual({ code: 0, stdout: `${PACKAGE.version}\n`, stderr: '' });
  });

  it('lists every command in its help, and refuses an unknown one with exit 2', async () => {
    const help = await runCli(['--help']);
    for (const name of ['audit', 'bench', 'check', 'mutants', 'report', 'import', 'replay', 'serve', 'simulate', 'e2e']) expect(help.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    const unknown = await runCli(['nope']);
    expect([unknown.code, unknown.stderr.split('\n')[0]]).toEqual([2, 'recon: USAGE: unknown command "nope"']);
  });
});
