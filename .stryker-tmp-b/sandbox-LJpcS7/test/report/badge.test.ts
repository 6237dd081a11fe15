// @ts-nocheck
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

const ROOT = join(import.meta.dirname, '../..');
const PROPS = ['--property', 'LOG-FORMAT-VERSION', '--property', 'LOG-LOSSLESS-JSON', '--property', 'FOLD-FROZEN'];

/** Runs recon check with --report, and returns the badge it wrote and the exit code. */
async function badgeOf(dir: string, name: string, args: readonly string[]): Promise<{ code: number; badge: unknown }> {
  const { code } = await runCli(['check', ...args, '--runs', '5', '--seed', '3', '--no-save', '--report', name], {}, dir);
  const written = readFileSync(join(dir, name, 'badge.json'), 'utf8');
  // The same badge, rendered again from the stored run.
  expect((await runCli(['report', join(name, 'run.jsonl'), '--format', 'badge'], {}, dir)).stdout).toBe(written);
  return { code, badge: JSON.parse(written) as unknown };
}

describe('the shields.io endpoint badge', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recon-badge-'));

  it('is bright green when every property passes', async () => {
    expect(await badgeOf(dir, 'ref', PROPS)).toEqual({ code: 0, badge: { schemaVersion: 1, label: 'reconstructable', message: '3/3 conformant', color: 'brightgreen' } });
  });

  it('is red on an unexpected failure, green once it is expected, yellow when an expectation went stale', async () => {
    expect(await badgeOf(dir, 'mutant', ['--impl', 'mutant:reads-any-version', ...PROPS])).toEqual({
      code: 1,
      badge: { schemaVersion: 1, label: 'reconstructable', message: '2/3 conformant, 1 unexpected failure', color: 'red' },
    });
    writeFileSync(join(dir, 'known.json'), JSON.stringify({ implementation: 'mutant:reads-any-version', expected: [{ property: 'LOG-FORMAT-VERSION', status: 'fail', reason: 'on purpose' }] }));
    expect(await badgeOf(dir, 'known', ['--impl', 'mutant:reads-any-version', ...PROPS, '--expectations', 'known.json'])).toEqual({
      code: 0,
      badge: { schemaVersion: 1, label: 'reconstructable', message: '2/3 conformant, 1 known failure', color: 'green' },
    });
    writeFileSync(join(dir, 'stale.json'), JSON.stringify({ implementation: 'reconstructable-reference', expected: [{ property: 'FOLD-FROZEN', status: 'fail', reason: 'was broken once' }] }));
    expect(await badgeOf(dir, 'stale', [...PROPS, '--expectations', 'stale.json'])).toEqual({
      code: 1,
      badge: { schemaVersion: 1, label: 'reconstructable', message: '3/3 conformant, 1 stale expectation', color: 'yellow' },
    });
  });

  it('is light grey when no property applies to the implementation', async () => {
    const onlyLog = `module:${join(ROOT, 'test/conformance/fixtures/log-only-module.ts')}`;
    expect(await badgeOf(dir, 'na', ['--impl', onlyLog, '--property', 'FOLD-MATCHES-SPEC', '--property', 'FOLD-FROZEN'])).toEqual({
      code: 0,
      badge: { schemaVersion: 1, label: 'reconstructable', message: 'n/a (2 properties)', color: 'lightgrey' },
    });
  });
});
