/** bench compare never passes on something that is not two comparable runs. */
// @ts-nocheck

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchRun } from '../../benchmarks/run.ts';
import { runCli } from '../helpers/run-cli.ts';

const BASE = JSON.parse(readFileSync(join(import.meta.dirname, '../../reports/bench/baseline.json'), 'utf8')) as BenchRun;

describe('bench compare on hostile input', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recon-hostile-bench-'));
  writeFileSync(join(dir, 'base.json'), JSON.stringify(BASE));

  it.each(['null', '[]', '"run"', '{"format":1}'])('%s is FILE_UNREADABLE, exit 3', async (text) => {
    writeFileSync(join(dir, 'bad.json'), text);
    const { code, stdout, stderr } = await runCli(['bench', 'compare', 'base.json', 'bad.json'], {}, dir);
    expect([code, stdout]).toEqual([3, '']);
    expect(stderr).toBe('recon bench: FILE_UNREADABLE: bad.json: not a recon bench run (expected the latest.json of recon bench)\n');
  });

  it('runs with no benchmark in common are a usage error, never a pass', async () => {
    const other = { ...BASE, results: BASE.results.map((r) => (r.id === 'load/json-parse/10000' ? r : { ...r, id: `renamed/${r.id}` })) };
    writeFileSync(join(dir, 'other.json'), JSON.stringify(other));
    const { code, stdout, stderr } = await runCli(['bench', 'compare', 'base.json', 'other.json'], {}, dir);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toMatch(/^recon bench: USAGE: base\.json and other\.json have no benchmark in common besides the calibration/);
  });
});
