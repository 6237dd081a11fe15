// @ts-nocheck
import fc from 'fast-check';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { defineProperty, jsonCodec } from '../../properties/_internals/property.ts';
import { referenceImplementation } from '../../src/conformance/index.ts';
import { mergeSuites } from '../../src/suite/merge-shards.ts';
import { generateCases, runSuite } from '../../src/suite/run-suite.ts';
import { readRunJsonl, type RunRecord } from '../../src/suite/run-record.ts';
import { runCli } from '../helpers/run-cli.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'recon-shards-'));

/** A run record with the fields that measure time, not verdicts, taken out. */
function verdicts(run: RunRecord) {
  const { startedAt: _s, ...header } = run.header;
  const { timeMs: _f, ...footer } = run.footer;
  return { header, results: run.results.map(({ timeMs: _t, ...r }) => r), footer };
}

const readRun = (dir: string) => readRunJsonl(readFileSync(join(dir, 'run.jsonl'), 'utf8'));

/** `recon check` whole and as shards 1/n … n/n, and `recon report merge` of the shards. */
async function wholeAndMerged(args: readonly string[], n = 3) {
  const dir = temp();
  const whole = await runCli(['check', ...args, '--report', join(dir, 'whole')]);
  const shards = [];
  for (let i = 1; i <= n; i++) shards.push(await runCli(['check', ...args, '--shard', `${i}/${n}`, '--report', join(dir, `shard-${i}`)]));
  const merge = await runCli(['report', 'merge', ...shards.map((_, i) => join(dir, `shard-${i + 1}`, 'run.jsonl')), '-o', join(dir, 'merged')]);
  return { dir, whole, shards, merge, wholeRun: readRun(join(dir, 'whole')), mergedRun: readRun(join(dir, 'merged')), shardRuns: shards.map((_, i) => readRun(join(dir, `shard-${i + 1}`))) };
}

describe('recon check --shard i/n merged with recon report merge', () => {
  it('gives the verdicts, runs, statistics and regressions of the unsharded run at the same seed', async () => {
    const { whole, shards, merge, wholeRun, mergedRun, shardRuns, dir } = await wholeAndMerged(['--seed', '11', '--runs', '12', '--no-save']);
    expect(whole.code).toBe(0);
    expect(shards.map((s) => s.code)).toEqual([0, 0, 0]);
    expect(merge.code).toBe(0);
    expect(verdicts(mergedRun)).toEqual(verdicts(wholeRun));
    expect(mergedRun.results.length).toBe(PROPERTIES.length);
    // Each shard ran a third of the cases; stored regressions were replayed by shard 1 only.
    const total = (run: RunRecord, key: 'runs' | 'regressions') => run.results.reduce((n, r) => n + r[key], 0);
    expect(shardRuns.map((r) => total(r, 'regressions'))).toEqual([total(wholeRun, 'regressions'), 0, 0]);
    expect(total(wholeRun, 'regressions')).toBeGreaterThan(0);
    // Case k went to shard k mod 3 + 1: the shards' case counts differ by at most one.
    for (const [j, result] of wholeRun.results.entries()) {
      const cases = shardRuns.map((r) => r.results[j]!.runs - r.results[j]!.regressions);
      expect(cases.reduce((a, b) => a + b, 0)).toBe(result.runs - result.regressions);
      expect(cases).toEqual([0, 1, 2].map((i) => Math.max(0, Math.ceil((result.runs - result.regressions - i) / 3))));
    }
    expect(shardRuns.reduce((n, r) => n + total(r, 'runs'), 0)).toBe(total(wholeRun, 'runs'));
    expect(shardRuns.map((r) => r.header.shard)).toEqual([1, 2, 3].map((index) => ({ index, count: 3 })));
    expect(mergedRun.header.shard).toBeUndefined();
    // Every rendering is written, and the summary names the whole run.
    expect(readdirSync(join(dir, 'merged')).sort()).toEqual(['badge.json', 'junit.xml', 'report.html', 'run.jsonl', 'summary.md', 'summary.txt']);
    expect(merge.stdout).toContain(`${PROPERTIES.length} properties: ${PROPERTIES.length} pass`);
  });

  it('checks generator floors on the merged statistics, as the unsharded run does', async () => {
    // 60 cases: the whole run checks floors, a shard of 20 cases alone does not.
    const { wholeRun, mergedRun, shardRuns } = await wholeAndMerged(['--seed', '3', '--runs', '60', '--no-save', '--property', 'LOG-LOAD-VALID', '--property', 'LOOP-RECONSTRUCT']);
    expect(verdicts(mergedRun)).toEqual(verdicts(wholeRun));
    const whole = wholeRun.results[0]!;
    expect(whole.labels).toBeDefined();
    expect(Object.values(whole.labels!).every((n) => Number.isInteger(n))).toBe(true);
    for (const [label, n] of Object.entries(whole.labels!)) expect(shardRuns.reduce((sum, r) => sum + (r.results[0]!.labels![label] ?? 0), 0)).toBe(n);
    expect(whole.floors).toBeDefined();
  });

  it('fails a property that fails in any shard, keeping the counterexample of the earliest case', async () => {
    const args = ['--impl', 'mutant:stale-fold-after-replace', '--property', 'FOLD-CACHED-EQUALS-FRESH', '--seed', '1', '--runs', '30', '--no-save'];
    const { whole, merge, wholeRun, mergedRun, shardRuns } = await wholeAndMerged(args);
    expect(whole.code).toBe(1);
    expect(merge.code).toBe(1);
    expect(verdicts(mergedRun)).toEqual(verdicts(wholeRun));
    const merged = mergedRun.results[0]!;
    expect(merged).toMatchObject({ status: 'fail', verdict: 'unexpected-fail', counterexample: { kind: 'wrong-answer', seed: 1 } });
    expect(merged.counterexample!.input).toBeDefined();
    expect(merged.counterexample!.path).toMatch(new RegExp(`^${merged.counterexample!.case}(:|$)`));
    expect(merged.statistics).toBeUndefined();
    const failedCases = shardRuns.map((r) => r.results[0]!.counterexample?.case).filter((k) => k !== undefined);
    expect(failedCases.length).toBeGreaterThan(1);
    expect(merged.counterexample!.case).toBe(Math.min(...failedCases));
    expect(merged.runs).toBe(merged.regressions + merged.counterexample!.case! + 1);
    expect(merge.stdout).toContain('FOLD-CACHED-EQUALS-FRESH');
  });

  it('puts a failing stored regression (replayed by shard 1) before every generated case', async () => {
    const regressions = temp();
    const base = ['--impl', 'mutant:stale-fold-after-replace', '--property', 'FOLD-CACHED-EQUALS-FRESH', '--runs', '30', '--regressions', regressions];
    expect((await runCli(['check', ...base, '--seed', '1'])).code).toBe(1);
    expect(readdirSync(regressions)).toHaveLength(1);
    const { wholeRun, mergedRun } = await wholeAndMerged([...base, '--seed', '2', '--no-save']);
    expect(verdicts(mergedRun)).toEqual(verdicts(wholeRun));
    expect(mergedRun.results[0]).toMatchObject({ status: 'fail', runs: 1, regressions: 1 });
    expect(mergedRun.results[0]!.counterexample!.file).toContain(readdirSync(regressions)[0]);
  });

  it('refuses shards of different runs, a missing or doubled shard, and --shard without --seed', async () => {
    const dir = temp();
    const args = ['--runs', '2', '--no-save', '--property', 'WIRE-PURE'];
    for (const [name, extra] of [['a1', ['--seed', '1', '--shard', '1/2']], ['a2', ['--seed', '1', '--shard', '2/2']], ['b2', ['--seed', '2', '--shard', '2/2']], ['c2', ['--seed', '1', '--shard', '2/3']]] as const) {
      expect((await runCli(['check', ...args, ...extra, '--report', join(dir, name)])).code).toBe(0);
    }
    const merge = (...names: string[]) => runCli(['report', 'merge', ...names.map((n) => join(dir, n, 'run.jsonl')), '-o', join(dir, 'out')]);
    const seeds = await merge('a1', 'b2');
    expect(seeds.code).toBe(3);
    expect(seeds.stderr).toContain('RUN_MISMATCH');
    expect(seeds.stderr).toContain('seed');
    expect((await merge('a1')).stderr).toContain('SHARDS_INCOMPLETE: shard 2/2 is missing');
    expect((await merge('a1', 'a2', 'a2')).stderr).toContain('shard 2/2 is given twice');
    expect((await merge('a1', 'c2')).stderr).toContain('SHARDS_INCOMPLETE');
    expect((await merge('a2', 'a1')).code).toBe(0);
    expect((await runCli(['check', ...args, '--shard', '1/2'])).stderr).toContain('--shard needs --seed');
    for (const bad of ['0/2', '3/2', '1/0', 'half']) expect((await runCli(['check', ...args, '--seed', '1', '--shard', bad])).code).toBe(2);
    expect((await runCli(['report', 'merge', join(dir, 'a1', 'run.jsonl')])).stderr).toContain('needs -o DIR');
  });
});

describe('generated cases', () => {
  it('are fast-check runs: case k at a seed is what fc.check generates as run k, whatever the shard', () => {
    for (const property of PROPERTIES.filter((_, i) => i % 6 === 0)) {
      for (const seed of [0, 42, 2 ** 31 + 5]) {
        const encode = (input: unknown) => JSON.stringify(property.codec.encode(input));
        const all = [...generateCases(property, seed, 9)].map((c) => encode(c.generate()));
        expect(all).toEqual(fc.sample(property.arbitrary, { seed, numRuns: 9 }).map(encode));
        for (const count of [2, 4]) {
          for (let index = 1; index <= count; index++) {
            const part = [...generateCases(property, seed, 9, { index, count })];
            expect(part.map((c) => c.k)).toEqual(all.map((_, k) => k).filter((k) => k % count === index - 1));
            expect(part.map((c) => encode(c.generate()))).toEqual(part.map((c) => all[c.k]));
          }
        }
      }
    }
  });

  it('skip a case whose precondition (fc.pre) does not hold, without renumbering the others', async () => {
    const seen: number[] = [];
    const evenOnly = defineProperty({
      id: 'TEST-EVEN-ONLY',
      title: 'a property that applies to even numbers only',
      clause: '§test',
      levels: ['log'],
      arbitrary: fc.integer(),
      check: async (_impl, n) => {
        fc.pre(n % 2 === 0);
        seen.push(n);
      },
      codec: jsonCodec<number>(),
    });
    const result = await runSuite(referenceImplementation(), [evenOnly], { runs: 40, seed: 6 });
    expect(result.properties[0]).toMatchObject({ status: 'pass', runs: 40 });
    expect(seen).toEqual(fc.sample(fc.integer(), { seed: 6, numRuns: 40 }).filter((n) => n % 2 === 0));
  });

  it('keep a generator floor on the sum: shards too small to check it alone merge into the failure of the whole run', async () => {
    // A deliberately weak generator: about half the inputs are even, the floor asks for 90%.
    const weak = defineProperty({
      id: 'TEST-WEAK-GENERATOR',
      title: 'a property whose generator cannot meet its floor',
      clause: '§test',
      levels: ['log'],
      arbitrary: fc.integer(),
      labels: (n) => ({ even: n % 2 === 0 }),
      floors: { even: 0.9 },
      check: async () => {},
      codec: jsonCodec<number>(),
    });
    const impl = referenceImplementation();
    const whole = await runSuite(impl, [weak], { runs: 60, seed: 4 });
    const parts = await Promise.all([1, 2].map((index) => runSuite(impl, [weak], { runs: 60, seed: 4, shard: { index, count: 2 } })));
    expect(whole.properties[0]).toMatchObject({ status: 'fail', counterexample: { kind: 'generator-floor' } });
    expect(parts.map((p) => p.properties[0]!.status)).toEqual(['pass', 'pass']);
    const merged = mergeSuites(parts);
    const strip = ({ timeMs: _t, ...r }: { timeMs: number }) => r;
    expect(strip(merged.properties[0]!)).toEqual(strip(whole.properties[0]!));
  });
});
