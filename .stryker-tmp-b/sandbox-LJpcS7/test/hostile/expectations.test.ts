// @ts-nocheck
// Expectations trusted blindly (issue 20): a typo in a property id, a property listed twice,
// a field the reader does not know, or a file written for another implementation than the
// one whose handshake answers, is refused (USAGE, exit 2, with the file and the entry) before
// anything runs or is written — never accepted and then never reported stale.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { packagePath } from '../../src/_internals/package-root.ts';
import { ReconError } from '../../src/errors.ts';
import { assertExpectationsFor, readExpectations, validateExpectations } from '../../src/suite/expectations.ts';
import { checkConformance, referenceImplementation } from '../../src/suite/index.ts';
import { HARNESS_VERSION } from '../../src/version.ts';
import { describeConformance } from '../../src/vitest/index.ts';
import { runCli } from '../helpers/run-cli.ts';

const ARGS = ['--property', 'LOG-FORMAT-VERSION', '--runs', '1', '--seed', '1', '--no-save', '--report', 'out'];
const entry = (property: string) => ({ property, status: 'fail', reason: 'on purpose' });

/** `recon check` with `file` holding `content`: the coded line, exit 2, no trace, no report and no store written. */
async function refused(content: unknown, detail: RegExp, args: readonly string[] = ['--expectations', 'given.json'], file = 'given.json'): Promise<void> {
  const cwd = mkdtempSync(join(tmpdir(), 'recon-hostile-exp-'));
  mkdirSync(join(cwd, 'expectations'));
  writeFileSync(join(cwd, file), JSON.stringify(content));
  const before = readdirSync(cwd, { recursive: true }).sort();
  const { code, stdout, stderr } = await runCli(['check', ...args, ...ARGS], {}, cwd);
  expect(code, stderr).toBe(2);
  expect(stdout).toBe('');
  const [first] = stderr.split('\n');
  expect(first).toMatch(new RegExp(`^recon check: USAGE: ${file.replace('.', '\\.')}: `));
  expect(first).toMatch(detail);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(readdirSync(cwd, { recursive: true }).sort()).toEqual(before);
}

describe('expectations are checked against the suite and the implementation before a run', () => {
  it('refuses an entry naming a property the suite does not have (a typo)', async () => {
    await refused({ implementation: 'reconstructable-reference', expected: [entry('LOG-FORMAT-VERSION'), entry('FOLD-FROZN')] }, /entry 1 names the property "FOLD-FROZN", which this suite does not have/);
  });

  it('refuses a property listed twice, and fields the reader does not know', async () => {
    await refused({ implementation: 'reconstructable-reference', expected: [entry('FOLD-FROZEN'), { ...entry('FOLD-FROZEN'), status: 'n/a' }] }, /entry 1 names FOLD-FROZEN a second time/);
    await refused({ implementation: 'reconstructable-reference', expected: [{ ...entry('FOLD-FROZEN'), until: '2027' }] }, /entry 0 \(FOLD-FROZEN\) holds "until"/);
    await refused({ implementation: 'reconstructable-reference', version: '1', expected: [] }, /holds "version", which this reader does not know/);
  });

  it('refuses a file written for another implementation than the handshake names, or another version', async () => {
    await refused({ implementation: 'deepseek-harness', expected: [] }, /written for the implementation "deepseek-harness", and the implementation checked says it is reconstructable-reference \S+ in its handshake/);
    await refused({ implementation: 'reconstructable-reference@0.0.0-elsewhere', expected: [] }, /written for the implementation "reconstructable-reference@0\.0\.0-elsewhere"/);
  });

  it('refuses a file found by the --impl name that was written for another implementation', async () => {
    // Every mutant:<name> finds expectations/mutant.json: one written for another mutant is not used.
    await refused({ implementation: 'mutant:reads-any-version', expected: [] }, /says it is mutant:accepts-header-delta/, ['--impl', 'mutant:accepts-header-delta'], 'expectations/mutant.json');
  });

  it('is the same one line from the real bin/recon.js, which ends by itself within its deadline', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'recon-hostile-exp-'));
    writeFileSync(join(cwd, 'typo.json'), JSON.stringify({ implementation: 'reconstructable-reference', expected: [entry('FOLD-FROZN')] }));
    const child = spawnSync(process.execPath, [packagePath('bin/recon.js'), 'check', '--expectations', 'typo.json', ...ARGS], { cwd, encoding: 'utf8', timeout: 60_000 });
    expect(child.signal, 'killed at its deadline').toBeNull();
    expect(child.status).toBe(2);
    expect(child.stdout).toBe('');
    expect(child.stderr).toBe('recon check: USAGE: typo.json: entry 0 names the property "FOLD-FROZN", which this suite does not have (see recon check --list)\n');
    expect(readdirSync(cwd)).toEqual(['typo.json']);
  });

  it('uses a file for this implementation, by name or by name@version (the correct result)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'recon-hostile-exp-'));
    writeFileSync(join(cwd, 'own.json'), JSON.stringify({ implementation: `reconstructable-reference@${HARNESS_VERSION}`, expected: [] }));
    const { code, stderr } = await runCli(['check', '--expectations', 'own.json', ...ARGS.slice(0, -2)], {}, cwd);
    expect(code, stderr).toBe(0);
  });

  it('holds for checkConformance and describeConformance alike', async () => {
    const typo = { implementation: 'reconstructable-reference', expected: [{ property: 'LOG-FORMAT-VERISON', status: 'fail' as const, reason: 'x' }] };
    const error = await checkConformance(referenceImplementation(), { only: ['LOG-FORMAT-VERSION'], runs: 1, seed: 1, regressions: false, expectations: typo }).catch((e: unknown) => e);
    expect(ReconError.is(error) && [error.code, error.detail]).toEqual(['USAGE', 'expectations: entry 0 names the property "LOG-FORMAT-VERISON", which this suite does not have (see recon check --list)']);
    expect(() => describeConformance(referenceImplementation(), { regressions: false, expectations: typo.expected })).toThrow(/USAGE: expectations: entry 0 names the property "LOG-FORMAT-VERISON"/);
    expect(() => describeConformance(referenceImplementation(), { regressions: false, expectations: { implementation: 'deepseek-harness', expected: [] } })).toThrow(/written for the implementation "deepseek-harness"/);
    expect(() => describeConformance(referenceImplementation(), { regressions: false, expectations: [{ property: 'FOLD-FROZEN', status: 'broken' as 'fail', reason: '' }] })).toThrow(/USAGE: expectations: entry 0 needs a property, a status/);
    // The same for the properties to run: a typo runs nothing rather than a suite that passes.
    await expect(checkConformance(referenceImplementation(), { only: ['LOG-FORMAT-VERISON'], regressions: false })).rejects.toThrow(/USAGE: only: unknown property LOG-FORMAT-VERISON/);
    expect(() => describeConformance(referenceImplementation(), { regressions: false, only: ['LOG-FORMAT-VERISON'] })).toThrow(/USAGE: only: unknown property LOG-FORMAT-VERISON/);
  });

  it('keeps the shipped expectations valid: known properties, and the handshake name (with the version of the file name)', () => {
    const dir = packagePath('expectations');
    const ids = PROPERTIES.map((p) => p.id);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) {
      const content = readExpectations(join(dir, name));
      expect(() => validateExpectations(content, ids, name)).not.toThrow();
      const version = /^dsh@(.+)\.json$/.exec(name)?.[1];
      const handshake = name.startsWith('dsh') ? 'deepseek-harness' : name.replace(/\.json$/, '');
      expect(() => assertExpectationsFor(content, { name: handshake, version: version ?? 'any' }, name), name).not.toThrow();
      if (version !== undefined) expect(() => assertExpectationsFor(content, { name: handshake, version: `${version}.other` }, name)).toThrow(/USAGE/);
    }
    expect(JSON.parse(readFileSync(join(dir, 'dsh.json'), 'utf8'))).toMatchObject({ implementation: 'deepseek-harness' });
  });
});
