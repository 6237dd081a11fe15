// @ts-nocheck
// Counterexamples found in someone else's run are theirs: they land in .recon/regressions of
// the directory recon runs in, and the package's own corpus (which ships, and whose hash
// names a run's corpus) stays as it was.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

const CORPUS = join(import.meta.dirname, '../../corpora/regressions');

describe('where a new counterexample is stored', () => {
  it('is .recon/regressions of the working directory, never the package corpus', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'recon-user-'));
    const before = readdirSync(CORPUS).sort();
    const { code, stdout } = await runCli(['check', '--impl', 'mutant:reads-any-version', '--property', 'LOG-FORMAT-VERSION', '--runs', '20', '--seed', '3'], {}, cwd);
    expect(code).toBe(1);
    const stored = readdirSync(join(cwd, '.recon/regressions'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^LOG-FORMAT-VERSION-[0-9a-f]{12}\.jsonl$/);
    expect(stdout).toContain(join('.recon/regressions', stored[0]!));
    expect(readdirSync(CORPUS).sort()).toEqual(before);
  });
});
