/**
 * Comparing two bench runs: Welch's t-test per benchmark (unequal variances), and a
 * regression only when it is significant AND slower by more than a threshold, as Node's
 * own benchmark/compare does. A single-sample ratio is never a verdict.
 *
 * Two runs happen at different times on a machine whose speed drifts (a shared VM runs
 * everything 30–40 % slower for minutes at a time). Each run therefore carries a
 * calibration benchmark that runs none of our code — bare JSON.parse of a log — and the
 * head run is scaled by how much faster or slower the machine ran it.
 */
// @ts-nocheck

import type { BenchResult } from './_internals/measure.ts';

/** The benchmark that measures the machine, not the code: V8's own JSON.parse. */
export const CALIBRATION = 'load/json-parse/10000';

export interface Comparison {
  readonly id: string;
  readonly base: number;
  readonly head: number;
  /** (head − base) / base after calibration: positive is slower. */
  readonly change: number;
  /** The same, before calibration. */
  readonly rawChange: number;
  readonly p: number;
  readonly verdict: 'regression' | 'improvement' | 'no change' | 'untrusted' | 'calibration';
}

export interface CompareOptions {
  /** Slower by more than this share (0.1 = 10 %) counts, when significant. */
  readonly threshold?: number;
  readonly alpha?: number;
  /** Scale the head run by the calibration benchmark's speed ratio (default true when both runs have it). */
  readonly calibrate?: boolean;
}

/** How much slower the machine ran the head run than the base run (1 = the same). */
export function machineFactor(base: readonly BenchResult[], head: readonly BenchResult[]): number {
  const b = base.find((r) => r.id === CALIBRATION);
  const h = head.find((r) => r.id === CALIBRATION);
  return b === undefined || h === undefined ? 1 : roundStats(h).mean / roundStats(b).mean;
}

export function compareResults(base: readonly BenchResult[], head: readonly BenchResult[], options: CompareOptions = {}): Comparison[] {
  const threshold = options.threshold ?? 0.1;
  const alpha = options.alpha ?? 0.05;
  const factor = options.calibrate === false ? 1 : machineFactor(base, head);
  return head.flatMap((raw) => {
    const b = base.find((x) => x.id === raw.id);
    if (b === undefined) return [];
    const h = scaled(raw, 1 / factor);
    const p = welchP(roundStats(b), roundStats(h));
    const change = (h.mean - b.mean) / b.mean;
    const rawChange = (raw.mean - b.mean) / b.mean;
    let verdict: Comparison['verdict'] = 'no change';
    if (raw.id === CALIBRATION && factor !== 1) verdict = 'calibration';
    else if (b.untrusted || h.untrusted) verdict = 'untrusted';
    else if (p < alpha && change > threshold) verdict = 'regression';
    else if (p < alpha && change < -threshold) verdict = 'improvement';
    return [{ id: raw.id, base: b.mean, head: raw.mean, change, rawChange, p, verdict }];
  });
}

function scaled(r: BenchResult, by: number): BenchResult {
  return by === 1 ? r : { ...r, mean: r.mean * by, p50: r.p50 * by, p99: r.p99 * by, sd: r.sd * by, rounds: (r.rounds ?? []).map((x) => x * by) };
}

/**
 * The test runs on the round means when there are several: their spread carries the
 * drift within a run that per-sample spread hides. A run without rounds falls back to samples.
 */
function roundStats(r: BenchResult): Pick<BenchResult, 'mean' | 'sd' | 'samples'> {
  const rounds = r.rounds ?? [];
  if (rounds.length < 2) return r;
  const mean = rounds.reduce((a, b) => a + b, 0) / rounds.length;
  const sd = Math.sqrt(rounds.reduce((a, b) => a + (b - mean) ** 2, 0) / (rounds.length - 1));
  return { mean, sd, samples: rounds.length };
}

/** Two-sided p-value of Welch's t-test from means, standard deviations and sample counts. */
export function welchP(a: Pick<BenchResult, 'mean' | 'sd' | 'samples'>, b: Pick<BenchResult, 'mean' | 'sd' | 'samples'>): number {
  const va = (a.sd * a.sd) / a.samples;
  const vb = (b.sd * b.sd) / b.samples;
  if (va + vb === 0) return a.mean === b.mean ? 1 : 0;
  const t = (a.mean - b.mean) / Math.sqrt(va + vb);
  const df = (va + vb) ** 2 / (va ** 2 / (a.samples - 1) + vb ** 2 / (b.samples - 1));
  // P(|T| > t) for Student's t with df degrees of freedom = I_{df/(df+t²)}(df/2, 1/2).
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** The regularised incomplete beta function I_x(a, b), by its continued fraction (Lentz's method). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  // The fraction converges fast only below the mean; use the symmetry I_x(a,b) = 1 − I_{1−x}(b,a) above it.
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta(a, b)) / a;
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let f = d;
  for (let m = 1; m <= 300; m++) {
    for (const even of [true, false]) {
      const num = even ? (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m)) : -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
      d = 1 + num * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + num / c;
      if (Math.abs(c) < tiny) c = tiny;
      f *= c * d;
    }
    if (Math.abs(c * d - 1) < 1e-12) break;
  }
  return front * f;
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** ln Γ(z) for z > 0 (Lanczos approximation, g = 7). */
function logGamma(z: number): number {
  const g = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const x = z - 1;
  let sum = g[0]!;
  for (let i = 1; i < 9; i++) sum += g[i]! / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}
