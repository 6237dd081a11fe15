/**
 * A check run as JSON Lines (the report every rendering is made from): a header with the
 * harness, corpus and implementation, one line per property result, and a footer.
 */
// @ts-nocheck

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { judge, type ExpectationsFile, type Verdict } from './expectations.ts';
import type { ImplementationInfo } from '../contract/implementation.ts';
import type { Counterexample, PropertyResult, Shard, SuiteResult } from './run-suite.ts';
import { packagePath } from '../_internals/package-root.ts';
import { ReconError } from '../errors.ts';
import { HARNESS_VERSION } from '../version.ts';

export const RUN_FORMAT = 1;

export interface RunHeader {
  readonly type: 'header';
  readonly format: typeof RUN_FORMAT;
  readonly harness: { readonly name: 'reconstructable'; readonly version: string };
  /** A hash of the stored regressions and the property ids: two runs with the same corpus checked the same things. */
  readonly corpus: { readonly version: string; readonly regressions: number; readonly properties: number };
  readonly implementation: ImplementationInfo;
  /** The `--impl` the run was given, so a reader can replay it. */
  readonly impl: string;
  readonly seed: number;
  readonly budget: number;
  /** Set when the run is one part of a sharded run (`recon check --shard i/n`); `recon report merge` joins the parts. */
  readonly shard?: Shard;
  readonly startedAt: string;
  readonly node: string;
  readonly expectations?: string;
}

export interface RunResult {
  readonly type: 'result';
  readonly id: string;
  readonly level: string;
  readonly title: string;
  readonly clause: string;
  readonly status: 'pass' | 'fail' | 'n/a';
  readonly verdict: Verdict;
  readonly runs: number;
  readonly regressions: number;
  readonly timeMs: number;
  readonly reason?: string;
  readonly expected?: { readonly status: 'fail' | 'n/a'; readonly reason: string; readonly issue?: string };
  readonly counterexample?: Counterexample;
  readonly statistics?: Readonly<Record<string, number>>;
  /** Generated inputs per label, so the parts of a sharded run add up. */
  readonly labels?: Readonly<Record<string, number>>;
  readonly floors?: Readonly<Record<string, number>>;
}

export interface RunFooter {
  readonly type: 'footer';
  readonly summary: { readonly pass: number; readonly fail: number; readonly na: number; readonly unexpected: number };
  readonly timeMs: number;
}

export interface RunRecord {
  readonly header: RunHeader;
  readonly results: readonly RunResult[];
  readonly footer: RunFooter;
}


/** The corpus a run replays: the package's stored regressions, and the property ids. */
function corpusVersion(propertyIds: readonly string[]): RunHeader['corpus'] {
  const hash = createHash('sha256').update(propertyIds.join('\n'));
  let regressions = 0;
  const dir = packagePath('corpora/regressions/');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort();
  } catch {
    // No stored regressions yet.
  }
  for (const name of names) {
    hash.update(name).update(readFileSync(dir + name));
    regressions++;
  }
  return { version: hash.digest('hex').slice(0, 12), regressions, properties: propertyIds.length };
}

export function toRunRecord(suite: SuiteResult, impl: string, expectations: { readonly file?: string; readonly content: ExpectationsFile } | undefined, startedAt: Date): RunRecord {
  const judged = judge(suite, expectations?.content);
  const results = judged.map(({ result: r, verdict, expectation }) =>
    runResult({
      ...r,
      level: r.levels.join('+'),
      verdict,
      ...(expectation === undefined ? {} : { expected: { status: expectation.status, reason: expectation.reason, ...(expectation.issue === undefined ? {} : { issue: expectation.issue }) } }),
    }),
  );
  return {
    header: {
      type: 'header',
      format: RUN_FORMAT,
      harness: { name: 'reconstructable', version: HARNESS_VERSION },
      corpus: corpusVersion(suite.properties.map((p) => p.id)),
      implementation: suite.implementation,
      impl,
      seed: suite.seed,
      budget: suite.budget,
      ...(suite.shard === undefined ? {} : { shard: suite.shard }),
      startedAt: startedAt.toISOString(),
      node: process.version,
      ...(expectations?.file === undefined ? {} : { expectations: expectations.file }),
    },
    results,
    footer: { type: 'footer', summary: { ...suite.summary, unexpected: results.filter((r) => r.verdict !== 'as-expected').length }, timeMs: Math.round(suite.timeMs) },
  };
}

/** One result line, its keys always in the same order: a merged run reads like an unsharded one. */
export function runResult(r: Omit<RunResult, 'type'> & Partial<Pick<PropertyResult, 'levels'>>): RunResult {
  return {
    type: 'result',
    id: r.id,
    level: r.level,
    title: r.title,
    clause: r.clause,
    status: r.status,
    verdict: r.verdict,
    runs: r.runs,
    regressions: r.regressions,
    timeMs: Math.round(r.timeMs),
    ...(r.reason === undefined ? {} : { reason: r.reason }),
    ...(r.expected === undefined ? {} : { expected: r.expected }),
    ...(r.counterexample === undefined ? {} : { counterexample: r.counterexample }),
    ...(r.statistics === undefined ? {} : { statistics: r.statistics }),
    ...(r.labels === undefined ? {} : { labels: r.labels }),
    ...(r.floors === undefined ? {} : { floors: r.floors }),
  };
}

export function writeRunJsonl(record: RunRecord): string {
  return [record.header, ...record.results, record.footer].map((line) => JSON.stringify(line)).join('\n') + '\n';
}

export function readRunJsonl(text: string, file = 'run.jsonl'): RunRecord {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const parsed = lines.map((line, i) => {
    try {
      return JSON.parse(line) as { type?: string };
    } catch {
      throw new ReconError('FILE_UNREADABLE', `${file}:${i + 1}: not a JSON line`);
    }
  });
  const header = parsed[0] as RunHeader | undefined;
  const footer = parsed[parsed.length - 1] as RunFooter | undefined;
  if (header?.type !== 'header' || header.format !== RUN_FORMAT) throw new ReconError('FILE_UNREADABLE', `${file}:1: not a recon run (line 1 must be its header, format ${RUN_FORMAT})`);
  if (footer?.type !== 'footer') throw new ReconError('FILE_UNREADABLE', `${file}:${lines.length}: the run has no footer line (was it cut short?)`);
  return { header, results: parsed.slice(1, -1) as RunResult[], footer };
}
