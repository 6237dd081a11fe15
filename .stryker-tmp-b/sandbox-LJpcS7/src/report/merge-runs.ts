/**
 * `recon report merge`: the run records of the shards of one run (`recon check --shard i/n`)
 * joined into the record the unsharded run would have written. Records of different runs
 * are refused: their cases are not parts of one whole.
 */
// @ts-nocheck

import { isDeepStrictEqual } from 'node:util';
import { verdictOf } from '../suite/expectations.ts';
import { mergeProperty } from '../suite/merge-shards.ts';
import { ReconError } from '../errors.ts';
import { runResult, type RunHeader, type RunRecord } from '../suite/run-record.ts';

export interface NamedRun {
  readonly file: string;
  readonly run: RunRecord;
}

/** What every part must share, and how to say it differs. */
const SAME: ReadonlyArray<[string, (h: RunHeader) => unknown]> = [
  ['harness version', (h) => h.harness.version],
  ['seed', (h) => h.seed],
  ['budget (--runs)', (h) => h.budget],
  ['implementation (--impl)', (h) => h.impl],
  ['implementation', (h) => h.implementation],
  ['corpus', (h) => h.corpus],
  ['expectations', (h) => h.expectations],
];

export function mergeRuns(parts: readonly NamedRun[]): RunRecord {
  const sorted = [...parts].sort((a, b) => shardOf(a).index - shardOf(b).index);
  const [first] = sorted;
  if (first === undefined) throw new ReconError('USAGE', 'name the run.jsonl of every shard to merge');
  checkShards(sorted);
  for (const part of sorted.slice(1)) {
    for (const [what, read] of SAME) {
      if (!isDeepStrictEqual(read(part.run.header), read(first.run.header))) {
        throw new ReconError('RUN_MISMATCH', `${part.file} and ${first.file} are not parts of one run: their ${what} differ (${JSON.stringify(read(part.run.header))} vs ${JSON.stringify(read(first.run.header))})`);
      }
    }
    const ids = (run: RunRecord) => run.results.map((r) => r.id).join(',');
    if (ids(part.run) !== ids(first.run)) throw new ReconError('RUN_MISMATCH', `${part.file} and ${first.file} are not parts of one run: they checked different properties`);
  }
  const results = first.run.results.map((_, i) => {
    const merged = mergeProperty(sorted.map((p) => p.run.results[i]!), first.run.header.seed);
    const { statistics: _s, labels: _l, floors: _f, counterexample: _c, ...rest } = merged;
    return runResult({ ...rest, ...definedOnly({ counterexample: merged.counterexample, statistics: merged.statistics, labels: merged.labels, floors: merged.floors }), verdict: verdictOf(merged, merged.expected) });
  });
  const count = (status: string) => results.filter((r) => r.status === status).length;
  const { shard: _shard, ...header } = first.run.header;
  const startedAt = sorted.map((p) => p.run.header.startedAt).sort()[0]!;
  return {
    header: { ...header, startedAt },
    results,
    footer: {
      type: 'footer',
      summary: { pass: count('pass'), fail: count('fail'), na: count('n/a'), unexpected: results.filter((r) => r.verdict !== 'as-expected').length },
      // Shards run side by side: the run took as long as the slowest.
      timeMs: Math.max(...sorted.map((p) => p.run.footer.timeMs)),
    },
  };
}

function shardOf(part: NamedRun): { index: number; count: number } {
  return part.run.header.shard ?? { index: 1, count: 1 };
}

/** Exactly the shards 1/n … n/n, each once: a merge claims the whole run. */
function checkShards(parts: readonly NamedRun[]): void {
  const n = shardOf(parts[0]!).count;
  const other = parts.find((p) => shardOf(p).count !== n);
  if (other !== undefined) throw new ReconError('SHARDS_INCOMPLETE', `${other.file} is shard ${shardOf(other).index}/${shardOf(other).count}, ${parts[0]!.file} is a shard of ${n}`);
  for (const [i, part] of parts.entries()) {
    if (shardOf(part).index === i + 1) continue;
    const missing = shardOf(part).index > i + 1;
    throw new ReconError('SHARDS_INCOMPLETE', missing ? `shard ${i + 1}/${n} is missing` : `shard ${shardOf(part).index}/${n} is given twice (${parts[i - 1]!.file}, ${part.file})`, { hint: 'merge the run.jsonl of every shard of one run, each once' });
  }
  if (parts.length !== n) throw new ReconError('SHARDS_INCOMPLETE', `shard ${parts.length + 1}/${n} is missing`, { hint: 'merge the run.jsonl of every shard of one run, each once' });
}

function definedOnly<T extends Record<string, unknown>>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
