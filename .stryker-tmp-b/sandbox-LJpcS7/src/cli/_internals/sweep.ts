/**
 * `recon check --sweep N`: the whole suite at N seeds, one after the other, each printed as
 * it runs; the first seed with an unexpected result stops the sweep with its failures and a
 * line that replays that seed. The seeds come from one sweep seed, so a sweep replays too.
 */
// @ts-nocheck

import type { RunRecord } from '../../suite/run-record.ts';
import { shellQuote } from '../../_internals/shell-quote.ts';
import { formatDuration, renderRunText } from '../../report/suite-terminal.ts';
import { EXIT, type Io } from '../command.ts';

export interface SweepOptions {
  readonly count: number;
  /** Seeds the generator of the sweep's seeds. */
  readonly sweepSeed: number;
  /** The `recon check` arguments besides `--seed` that reproduce one run (impl, runs, properties). */
  readonly replayArgs: readonly string[];
  /** Runs the suite at one seed. */
  readonly runAt: (seed: number) => Promise<RunRecord>;
  readonly now?: () => number;
}

export async function sweep(options: SweepOptions, io: Io): Promise<number> {
  const now = options.now ?? performance.now.bind(performance);
  const next = seedSequence(options.sweepSeed);
  const width = String(options.count).length;
  const started = now();
  io.stdout.write(`sweep of ${options.count} seeds (sweep seed ${options.sweepSeed}; replay the sweep with --sweep ${options.count} --seed ${options.sweepSeed})\n`);
  for (let i = 1; i <= options.count; i++) {
    const seed = next();
    io.stdout.write(`[${String(i).padStart(width)}/${options.count}] seed ${seed} `);
    const run = await options.runAt(seed);
    const s = run.footer.summary;
    io.stdout.write(`${s.unexpected === 0 ? 'ok' : 'FAIL'}: ${s.pass} pass, ${s.fail} fail, ${s.na} n/a (${formatDuration(run.footer.timeMs)})\n`);
    if (s.unexpected > 0) {
      io.stdout.write(`\n${renderRunText(run)}\nthe sweep stopped at seed ${seed} (${i} of ${options.count}); replay it with:\n  ${replayLine(options.replayArgs, seed)}\n`);
      return EXIT.FAILED;
    }
  }
  io.stdout.write(`all ${options.count} seeds as expected (${formatDuration(now() - started)})\n`);
  return EXIT.OK;
}

export function replayLine(args: readonly string[], seed: number): string {
  return ['npx', 'recon', 'check', ...args, '--seed', String(seed)].map(shellQuote).join(' ');
}

/** Seeds in [0, 2^31) from a 32-bit mixing generator (mulberry32): reproducible from one number. */
function seedSequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % 2 ** 31;
  };
}
