// @ts-nocheck
import type { BenchRun } from '../run.ts';

/** The targets of the benchmark issue, each with the number a run reports for it. */
export interface Target {
  readonly name: string;
  readonly value: number | null;
  readonly goal: string;
  readonly met: boolean | null;
}

export function targetsOf(run: BenchRun): Target[] {
  const t = (name: string, value: number | null, goal: string, ok: (v: number) => boolean): Target => ({ name, value, goal, met: value === null ? null : ok(value) });
  return [
    t('fold.cachedVsNaive10k', run.fold.cachedVsNaive10k, '≥ 50× cheaper than a naive refold at 10 000 events', (v) => v >= 50),
    t('fold.perStep10kOver1k', run.fold.perStep10kOver1k, '≤ 2: per-step cost nearly flat from 1 000 to 10 000 events', (v) => v <= 2),
    t('fold.referenceVsDsh', run.fold.referenceVsDsh, '> 1 (aim 2): faster than DSH’s Session', (v) => v > 1),
    t('load.vsJsonParse', run.load.vsJsonParse, '≥ 0.6 of the speed of bare JSON.parse', (v) => v >= 0.6),
    t('load.referenceVsDsh', run.load.referenceVsDsh, '> 1 (aim 2): faster than DSH’s loader', (v) => v > 1),
    t('check.defaultRunSeconds', run.check.defaultRunSeconds ?? null, '< 15 s: the default recon check of the reference on 2 cores', (v) => v < 15),
    t('cache.referenceAttainment', run.cache.referenceAttainment, '≥ 0.99 of the cache bound', (v) => v >= 0.99),
    t('cache.naiveAttainment', run.cache.naiveAttainment, 'far below the reference (≤ 0.05)', (v) => v <= 0.05),
  ];
}

export function formatRatio(value: number | null): string {
  if (value === null) return 'n/a';
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}
