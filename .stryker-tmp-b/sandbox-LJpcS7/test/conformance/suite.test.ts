// @ts-nocheck
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { LEVELS, referenceImplementation, type Implementation } from '../../src/conformance/index.ts';
import { RegressionStore, parseRegression } from '../../src/suite/regressions.ts';
import { runSuite } from '../../src/suite/run-suite.ts';
import { citedClauseIds } from '../../src/spec/index.ts';
import { runCli } from '../helpers/run-cli.ts';

const REGRESSIONS = join(import.meta.dirname, '../../corpora/regressions');

describe('the property suite on the reference', () => {
  it('passes every property at every level, stored regressions first', async () => {
    const store = new RegressionStore([REGRESSIONS], undefined);
    const result = await runSuite(referenceImplementation(), PROPERTIES, { runs: 40, seed: 42, regressions: store });
    const failed = result.properties.filter((p) => p.status !== 'pass').map((p) => `${p.id}: ${p.counterexample?.message ?? p.reason}`);
    expect(failed).toEqual([]);
    // Every stored regression was replayed, each by the property it names.
    const stored = readdirSync(REGRESSIONS).filter((name) => name.endsWith('.jsonl'));
    expect(stored.length).toBeGreaterThan(0);
    expect(result.properties.reduce((n, p) => n + p.regressions, 0)).toBe(stored.length);
    // A file is <property id>-<hash>.jsonl; ids may share a prefix (WIRE-MATCHES-SPEC, WIRE-MATCHES-SPEC-OPENAI).
    for (const name of stored) expect(result.properties.find((p) => name.replace(/-[0-9a-f]+\.jsonl$/, '') === p.id)?.regressions ?? 0, name).toBeGreaterThan(0);
    expect(result.properties.length).toBeGreaterThanOrEqual(18);
    for (const level of LEVELS) expect(result.properties.some((p) => p.levels.includes(level))).toBe(true);
  });

  it('has unique ids, a clause and a plain statement for every property', () => {
    const ids = PROPERTIES.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of PROPERTIES) {
      expect(p.id).toMatch(/^(LOG|FOLD|REQUEST|WIRE|LOOP)-[A-Z0-9-]+$/);
      // A citation of docs/spec/ clauses; test/spec-citations.test.ts checks that they exist.
      expect(citedClauseIds(p.clause).length, p.id).toBeGreaterThan(0);
      expect(p.title.length).toBeGreaterThan(20);
      expect(p.title).not.toMatch(/\bshould\b/);
    }
  });
});

/** The reference with a fold cache that is filled once and never updated: a fake that proves the harness can fail. */
function staleFold(): Implementation {
  const reference = referenceImplementation();
  return {
    ...reference,
    info: { ...reference.info, name: 'stale-fold' },
    deriveMessages: async (jsonl, prefixes) => {
      const answer = await reference.deriveMessages(jsonl, prefixes);
      return answer.ok ? { ok: true, value: answer.value.map(() => answer.value[0]!) } : answer;
    },
  };
}

describe('a failing implementation', () => {
  it('is reported with a shrunk counterexample that is stored and replayed first on the next run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-regressions-'));
    const store = new RegressionStore([dir], dir);
    const first = await runSuite(staleFold(), PROPERTIES, { runs: 60, seed: 7, only: ['FOLD-CACHED-EQUALS-FRESH'], regressions: store });
    const [result] = first.properties;
    expect(result!.status).toBe('fail');
    expect(result!.counterexample).toMatchObject({ kind: 'wrong-answer', seed: 7 });
    expect(result!.counterexample!.difference).toBeDefined();
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^FOLD-CACHED-EQUALS-FRESH-[0-9a-f]{12}\.jsonl$/);
    const stored = parseRegression(files[0]!, readFileSync(join(dir, files[0]!), 'utf8'));
    expect(stored).toMatchObject({ property: 'FOLD-CACHED-EQUALS-FRESH', seed: 7, payload: { kind: 'log' } });
    // The stored log is a readable, loadable session log.
    expect((await referenceImplementation().load((stored.payload as { jsonl: string }).jsonl)).ok).toBe(true);

    const second = await runSuite(staleFold(), PROPERTIES, { runs: 60, seed: 8, only: ['FOLD-CACHED-EQUALS-FRESH'], regressions: store });
    expect(second.properties[0]!.counterexample!.file).toBe(join(dir, files[0]!));
    expect(second.properties[0]!.runs).toBe(1);
    // The reference passes the stored case.
    const fixed = await runSuite(referenceImplementation(), PROPERTIES, { runs: 5, seed: 8, only: ['FOLD-CACHED-EQUALS-FRESH'], regressions: store });
    expect(fixed.properties[0]).toMatchObject({ status: 'pass', regressions: 1 });
  });

  it('reports a property whose level the implementation lacks as n/a, and a throwing one as a crash', async () => {
    const reference = referenceImplementation();
    const boom = async (): Promise<never> => {
      throw new TypeError('boom');
    };
    const logOnly: Implementation = { interfaceVersion: 'v1', info: { ...reference.info, levels: ['log'], inProcess: false }, load: boom, append: boom };
    const result = await runSuite(logOnly, PROPERTIES, { runs: 3, seed: 1, only: ['LOG-LOAD-VALID', 'FOLD-MATCHES-SPEC'] });
    expect(result.properties.map((p) => p.status)).toEqual(['fail', 'n/a']);
    expect(result.properties[0]!.counterexample).toMatchObject({ kind: 'crashed' });
    expect(result.summary).toEqual({ pass: 0, fail: 1, na: 1 });
  });
});

describe('recon check', () => {
  it('prints the JSON report of the issue and exits 0 on the reference', async () => {
    const { code, stdout } = await runCli(['check', '--json', '--runs', '3', '--seed', '1', '--no-save', '--property', 'LOG-LOAD-VALID', '--property', 'LOOP-RECONSTRUCT']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { implementation: { name: string }; properties: Array<{ id: string; level: string; status: string; runs: number }>; summary: unknown };
    expect(report.implementation.name).toBe('reconstructable-reference');
    expect(report.properties.map(({ id, level, status }) => ({ id, level, status }))).toEqual([
      { id: 'LOG-LOAD-VALID', level: 'log', status: 'pass' },
      { id: 'LOOP-RECONSTRUCT', level: 'loop', status: 'pass' },
    ]);
    expect(report.summary).toEqual({ pass: 2, fail: 0, na: 0, unexpected: 0 });
  });

  it('refuses unknown properties and bad budgets with a usage error', async () => {
    expect((await runCli(['check', '--property', 'NOPE'])).code).toBe(2);
    expect((await runCli(['check', '--runs', 'many'])).stderr).toContain('--runs takes a whole number');
    expect((await runCli(['check', '--impl', 'nothing'])).code).toBe(2);
  });
});
