// @ts-nocheck
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/_internals/atomic-write.ts';
import { runCli } from '../helpers/run-cli.ts';

const REGRESSIONS = join(import.meta.dirname, '../../corpora/regressions');
const temp = () => mkdtempSync(join(tmpdir(), 'recon-damaged-'));

describe('a damaged stored regression', () => {
  const name = 'LOG-REFUSE-INVALID-7687ec85e190.jsonl';
  const original = readFileSync(join(REGRESSIONS, name), 'utf8');

  it.each([
    ['cut short in its input', original.slice(0, original.length - 20), `${name}:2: REGRESSION_INVALID: the input does not match the hash of line 1`],
    ['cut short in line 1', original.slice(0, 30), `${name}:1: REGRESSION_INVALID: a regression file starts with its {"regression":1,…} line, and this line is not JSON`],
    ['not a regression', '{"a":1}\n', `${name}:1: REGRESSION_INVALID: not a regression file`],
  ])('is reported with its file, line and code when %s, exit 3, no stack', async (_, text, says) => {
    const dir = temp();
    writeFileSync(join(dir, name), text);
    const { code, stdout, stderr } = await runCli(['check', '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--regressions', dir, '--no-save'], {}, dir);
    expect(code).toBe(3);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toContain(`recon check: ${join(dir, name)}:${says.slice(name.length + 1)}`);
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('replays when whole', async () => {
    const dir = temp();
    copyFileSync(join(REGRESSIONS, name), join(dir, name));
    const { code } = await runCli(['check', '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--regressions', dir, '--no-save', '--json'], {}, dir);
    expect(code).toBe(0);
  });
});

describe('writeFileAtomic', () => {
  it('replaces a file whole and leaves no temporary file behind', () => {
    const dir = temp();
    const file = join(dir, 'report.txt');
    writeFileSync(file, 'old');
    writeFileAtomic(file, 'new text');
    expect(readFileSync(file, 'utf8')).toBe('new text');
    expect(readdirSync(dir)).toEqual(['report.txt']);
  });

  it('exclusive: refuses an existing file with EEXIST and leaves it as it was', () => {
    const dir = temp();
    const file = join(dir, 'c.jsonl');
    writeFileSync(file, 'keep me');
    expect(() => writeFileAtomic(file, 'other', { exclusive: true })).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(file, 'utf8')).toBe('keep me');
    expect(readdirSync(dir)).toEqual(['c.jsonl']);
    writeFileAtomic(join(dir, 'fresh.jsonl'), 'x', { exclusive: true });
    expect(readFileSync(join(dir, 'fresh.jsonl'), 'utf8')).toBe('x');
  });

  it('leaves the old file in place when the new one cannot be written', () => {
    const dir = temp();
    mkdirSync(join(dir, 'sub'));
    // The target is a directory: the rename fails, the temporary file is removed.
    expect(() => writeFileAtomic(join(dir, 'sub'), 'x')).toThrow();
    expect(readdirSync(dir)).toEqual(['sub']);
  });
});
