/** recon audit reads regular files only: a FIFO or a device is refused from its stat, never opened. */
// @ts-nocheck

import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

describe('audit on files that are not regular', () => {
  it('a FIFO and /dev/zero are FILE_UNREADABLE, one line each, and the audit ends (exit 1)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-hostile-audit-'));
    const fifo = join(dir, 'session.jsonl');
    execFileSync('mkfifo', [fifo]);
    const { code, stdout } = await runCli(['audit', fifo, '/dev/zero', '--json', '--workers', '1'], {}, dir);
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { logs: Array<{ file: string; ok: boolean; code?: string; detail?: string }> };
    expect(report.logs.map(({ ok, code: c, detail }) => [ok, c, detail])).toEqual([
      [false, 'FILE_UNREADABLE', expect.stringMatching(/is a FIFO, not a regular file: refused before reading$/)],
      [false, 'FILE_UNREADABLE', '/dev/zero is a character device, not a regular file: refused before reading'],
    ]);
  });
});
