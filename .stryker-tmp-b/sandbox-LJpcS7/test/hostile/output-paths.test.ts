/**
 * One output guard: no command writes over one of its own inputs (by device and inode, so
 * a symlink counts), and a folder that cannot be made (procfs) is FILE_UNWRITABLE at once.
 */
// @ts-nocheck

import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-hostile-out-'));
let run = '';

beforeAll(async () => {
  expect((await runCli(['check', '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--seed', '1', '--no-save', '--report', 'run'], {}, dir)).code).toBe(0);
  run = readFileSync(join(dir, 'run/run.jsonl'), 'utf8');
}, 120_000);

describe('output paths', () => {
  it('recon report -o the run it renders is refused and the run is kept', async () => {
    const { code, stderr } = await runCli(['report', 'run/run.jsonl', '-o', 'run/run.jsonl'], {}, dir);
    expect([code, stderr]).toEqual([2, expect.stringMatching(/^recon report: USAGE: -o would write run\/run\.jsonl over the input run\/run\.jsonl/)]);
    expect(readFileSync(join(dir, 'run/run.jsonl'), 'utf8')).toBe(run);
  });

  it('a symlink to the input counts as the input', async () => {
    symlinkSync(join(dir, 'run/run.jsonl'), join(dir, 'alias.jsonl'));
    expect((await runCli(['report', 'run/run.jsonl', '--format', 'md', '-o', 'alias.jsonl'], {}, dir)).code).toBe(2);
    expect(readFileSync(join(dir, 'run/run.jsonl'), 'utf8')).toBe(run);
  });

  it('report merge -o into a shard\'s own folder is refused before anything is written', async () => {
    const { code, stderr } = await runCli(['report', 'merge', 'run/run.jsonl', '-o', 'run'], {}, dir);
    expect([code, stderr.trim().split('\n').length]).toEqual([2, 1]);
    expect(stderr).toMatch(/USAGE: -o would write/);
    expect(readFileSync(join(dir, 'run/run.jsonl'), 'utf8')).toBe(run);
  });

  it('a truncated shard is an unreadable run: FILE_UNREADABLE, exit 3', async () => {
    writeFileSync(join(dir, 'cut.jsonl'), run.slice(0, run.lastIndexOf('{"type":"footer"')));
    const { code, stderr } = await runCli(['report', 'merge', 'cut.jsonl', '-o', 'merged-cut'], {}, dir);
    expect([code, stderr]).toEqual([3, expect.stringMatching(/^recon report: FILE_UNREADABLE: cut\.jsonl:\d+: the run has no footer line/)]);
  });

  it('check --report into procfs is FILE_UNWRITABLE at once, not an endless mkdir', async () => {
    const { code, stdout, stderr } = await runCli(['check', '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--no-save', '--report', '/proc/self/recon-report'], {}, dir);
    expect([code, stdout]).toEqual([3, '']);
    expect(stderr).toMatch(/^recon check: FILE_UNWRITABLE: \/proc\/self\/recon-report: /);
  }, 60_000);

  it('import -o its own recording is refused', async () => {
    mkdirSync(join(dir, 'har'));
    writeFileSync(join(dir, 'har/x.har'), '{"log":{"entries":[]}}');
    const { code, stderr } = await runCli(['import', 'har/x.har', '-o', 'har/x.har', '--force'], {}, dir);
    expect([code, stderr]).toEqual([2, expect.stringMatching(/USAGE: -o would write/)]);
    expect(readFileSync(join(dir, 'har/x.har'), 'utf8')).toBe('{"log":{"entries":[]}}');
  });
});
