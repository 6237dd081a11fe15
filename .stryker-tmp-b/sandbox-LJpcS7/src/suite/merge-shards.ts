/**
 * The parts of a sharded run merged into the run they came from. Case k of a property is
 * the same input in every part (run-suite.ts), so the merge gives what one unsharded run at
 * the same seed gives: a property fails if any part failed, with the failure that comes
 * first in the run's order (stored regressions, then generated cases by index); label counts
 * add up and generator floors are checked on the sum.
 */
// @ts-nocheck

import { floorFailure, shares, type Counterexample, type PropertyResult, type Shard, type SuiteResult } from './run-suite.ts';

/** What merging needs of one part's result for a property (a PropertyResult, or a run record's result line). */
export type PropertyPart = Pick<PropertyResult, 'id' | 'status' | 'runs' | 'regressions' | 'timeMs' | 'counterexample' | 'statistics' | 'labels' | 'floors'>;

/** The keys a merge computes from all parts; the others are the first part's. */
type MergedKey = 'status' | 'runs' | 'regressions' | 'timeMs' | 'counterexample' | 'statistics' | 'labels' | 'floors';

/** A part with the merged keys replaced. */
export type Merged<R extends PropertyPart> = Omit<R, MergedKey> & Pick<PropertyPart, MergedKey>;

/** One property's parts, in shard order, merged. Keys the merge does not own are taken from the first part. */
export function mergeProperty<R extends PropertyPart>(parts: readonly R[], seed: number): Merged<R> {
  const [first] = parts;
  if (first === undefined) throw new TypeError('nothing to merge');
  // The keys the merge computes are taken off; the rest are the first part's, in its order.
  const { status: _st, runs: _r, regressions: _g, timeMs: _t, counterexample: _c, statistics: _s, labels: _l, floors: _f, ...rest } = first;
  const timeMs = parts.reduce((sum, p) => sum + p.timeMs, 0);
  if (first.status === 'n/a') return { ...first, timeMs };
  const regressions = parts.reduce((sum, p) => sum + p.regressions, 0);
  const failures = parts.filter((p) => p.counterexample !== undefined && p.counterexample.kind !== 'generator-floor');
  const earliest = failures.reduce<R | undefined>((best, p) => (best === undefined || order(p.counterexample!) < order(best.counterexample!) ? p : best), undefined);
  if (earliest !== undefined) {
    const counterexample = earliest.counterexample!;
    // The whole run stops at its first failure: the regressions before it, or every regression and the cases up to it.
    const runs = counterexample.case === undefined ? earliest.runs : regressions + counterexample.case + 1;
    return { ...rest, status: 'fail', runs, regressions, timeMs, counterexample };
  }
  // Every part ran all its cases: the sums are the unsharded run's.
  const runs = parts.reduce((sum, p) => sum + p.runs, 0);
  const labels: Record<string, number> = {};
  for (const part of parts) for (const [label, n] of Object.entries(part.labels ?? {})) labels[label] = (labels[label] ?? 0) + n;
  const sorted = Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const statistics = shares(sorted, runs - regressions);
  const weak = floorFailure(statistics, first.floors, runs - regressions, seed);
  return {
    ...rest,
    status: weak === undefined ? 'pass' : 'fail',
    runs,
    regressions,
    timeMs,
    statistics,
    labels: sorted,
    ...(first.floors === undefined ? {} : { floors: first.floors }),
    ...(weak === undefined ? {} : { counterexample: weak }),
  };
}

/** A failure's place in the run: stored regressions (and failures before any case) first, then generated case k. */
function order(counterexample: Counterexample): number {
  return counterexample.case ?? -1;
}

/** Parts of one suite run (same implementation, seed, budget and properties), in shard order. `shard` is the part they make up together. */
export function mergeSuites(parts: readonly SuiteResult[], shard?: Shard): SuiteResult {
  const [first] = parts;
  if (first === undefined) throw new TypeError('nothing to merge');
  const properties = first.properties.map((_, i) => mergeProperty(parts.map((p) => p.properties[i]!), first.seed));
  const count = (status: PropertyResult['status']) => properties.filter((r) => r.status === status).length;
  return {
    implementation: first.implementation,
    seed: first.seed,
    budget: first.budget,
    ...(shard === undefined || shard.count === 1 ? {} : { shard }),
    properties,
    summary: { pass: count('pass'), fail: count('fail'), na: count('n/a') },
    // The parts ran side by side: the run took as long as the slowest.
    timeMs: Math.max(...parts.map((p) => p.timeMs)),
  };
}
