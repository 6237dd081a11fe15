// @ts-nocheck
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { CALIBRATION, compareResults, machineFactor } from '../../benchmarks/compare.ts';
import { BENCH_FORMAT, runBench, type BenchRun } from '../../benchmarks/run.ts';
import { ReconError } from '../errors.ts';
import { benchmarkActionJson } from '../../benchmarks/report/bench-action.ts';
import { benchBmf } from '../../benchmarks/report/bench-bmf.ts';
import { renderBenchMarkdown, renderCompareMarkdown } from '../../benchmarks/report/bench-markdown.ts';
import { formatRatio, targetsOf } from '../../benchmarks/report/bench-targets.ts';
import { writeBenchReports } from '../../benchmarks/report/write-bench-reports.ts';
import { EXIT, parseCommandLine, parseCount, type Command, type Io } from './command.ts';

const help = `Usage: recon bench [--quick] [--format md|json|bmf|benchmark-action] [--out DIR] [--targets]
       recon bench compare <base.json> <head.json> [--threshold PCT] [--alpha A] [--raw] [--json]

Measures what the rule costs and what it saves, with tinybench (pinned):
  fold    per-step deriveMessages at 100, 1 000 and 10 000 events: the reference's
          cached fold, a naive full refold, and DSH's own Session on the same events
  load    validated events per second from JSONL, against bare JSON.parse and DSH's loader
  check   a loop run with the fresh-fold reconstruction check on and off
  suite   generated cases per second, in process and over the stdio protocol
  audit   recon audit's one pass over generated logs of 1, 10 and 100 MB (quick: 1
          and 10 MB), in events and megabytes per second; and a log of 200 MB of text
          (quick: 10 MB) compressed as DSH's store writes it (a checksummed Zstandard
          frame per turn), as a ratio of its audit time to its plaintext's
  cache   read rate and attainment of the cache bound on the recorded sessions
          (corpora/cassettes) and, with a simulator, for the reference and a naive loop
beside exact counters (nodes projected, events re-folded, request prefix bytes reused).
Timings are flagged untrusted when tinybench reports timer saturation, noisy above 5 % rme.

The run is written to DIR (default reports/bench): latest.json (with Node, CPU, commit
and dirty flag), history.jsonl (appended), summary.md, benchmark-action.json
(github-action-benchmark's customSmallerIsBetter), bmf.json (Bencher Metric Format:
latency in ns with the mean ± its margin of error, throughput in cases or events per
second) and index.html (SVG charts, no network needed).

compare runs Welch's t-test per benchmark on the round means and fails only on a
significant slowdown larger than the threshold (default 10 %), printing a Markdown table.
The head run is first corrected for machine drift by the calibration benchmark (bare
JSON.parse, which runs none of our code); --raw compares without that correction.

Options:
  --quick          the quick profile (well under two minutes here)
  --format <f>     what to print: md (default, the summary), json (the run as one JSON
                   object), bmf (Bencher Metric Format) or benchmark-action
  --json           the same as --format json
  --out <dir>      where the report files go (default reports/bench)
  --targets        exit 1 when a target of the benchmark issue is missed

Exit codes: 0 done (compare: no significant regression), 1 a regression (or a missed
target with --targets), 2 usage error (runs of different profiles, or with no benchmark in common, included),
3 a run to compare cannot be read or is not a bench run, or the reports cannot be written.
`;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** What `--format` prints on stdout; the report directory gets every one of them. */
const PRINT: Record<string, (run: BenchRun) => string> = {
  md: renderBenchMarkdown,
  json,
  bmf: (run) => json(benchBmf(run)),
  'benchmark-action': (run) => json(benchmarkActionJson(run)),
};

export const bench: Command = {
  name: 'bench',
  summary: 'measure fold, load, check overhead, suite throughput and cache reads; compare runs',
  help,
  async run(argv, io) {
    if (argv[0] === 'compare') return compare(argv.slice(1), io);
    const { values, positionals } = parseCommandLine('bench', argv, {
      quick: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      format: { type: 'string' },
      out: { type: 'string', default: 'reports/bench' },
      targets: { type: 'boolean', default: false },
    });
    if (positionals.length > 0) throw new ReconError('USAGE', `unexpected argument "${positionals[0]}" (see recon bench --help)`);
    const format = values.format ?? (values.json ? 'json' : 'md');
    const print = PRINT[format];
    if (print === undefined) throw new ReconError('USAGE', `--format takes ${Object.keys(PRINT).join(', ')}, not "${format}"`);
    if (values.json && format !== 'json') throw new ReconError('USAGE', `--json and --format ${format} ask for two outputs; give one`);
    const started = performance.now();
    const run = await runBench(values.quick ? 'quick' : 'full', (step) => io.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0).padStart(3)}s] ${step}\n`));
    const files = writeBenchReports(run, resolve(io.cwd, values.out!));
    io.stderr.write(`reports written: ${files.map((f) => relative(io.cwd, f)).join(', ')}\n`);
    io.stdout.write(print(run));
    const missed = targetsOf(run).filter((t) => t.met === false);
    if (format === 'md' && missed.length > 0) io.stderr.write(`targets missed: ${missed.map((t) => `${t.name} ${formatRatio(t.value)}`).join(', ')}\n`);
    return values.targets && missed.length > 0 ? EXIT.FAILED : EXIT.OK;
  },
};

async function compare(argv: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandLine('bench', argv, {
    threshold: { type: 'string', default: '10' },
    alpha: { type: 'string', default: '0.05' },
    json: { type: 'boolean', default: false },
    raw: { type: 'boolean', default: false },
  });
  if (positionals.length !== 2) throw new ReconError('USAGE', 'name a base and a head run: recon bench compare <base.json> <head.json>');
  const threshold = parseCount('threshold', values.threshold, 10, { min: 0, max: 1e6, decimal: true, why: 'a percentage' }) / 100;
  const alpha = parseCount('alpha', values.alpha, 0.05, { min: 0, max: 1, decimal: true, exclusive: true });
  const [base, head] = await Promise.all(positionals.map((file) => readRun(resolve(io.cwd, file), file)));
  if (base!.profile !== head!.profile) {
    throw new ReconError('USAGE', `the runs use different profiles (base ${base!.profile}, head ${head!.profile}): a quick run warms up less, so only runs of one profile compare`, {
      hint: 'reports/bench/baseline.json is a full run; compare a --quick run with an earlier --quick run (cp reports/bench/latest.json before.json), or run the full profile',
    });
  }
  const differs = (['cpu', 'cores', 'node'] as const).filter((key) => base!.environment[key] !== head!.environment[key]);
  if (differs.length > 0) io.stderr.write(`warning: the runs come from different environments (${differs.map((k) => `${k}: ${String(base!.environment[k])} → ${String(head!.environment[k])}`).join(', ')}); timings compare poorly across machines\n`);
  const factor = values.raw ? 1 : machineFactor(base!.results, head!.results);
  const rows = compareResults(base!.results, head!.results, { threshold, alpha, calibrate: !values.raw });
  // Only the calibration, or nothing, in common: no benchmark was compared, so no verdict can pass.
  if (rows.every((r) => r.id === CALIBRATION)) throw new ReconError('USAGE', `${positionals[0]} and ${positionals[1]} have no benchmark in common besides the calibration: nothing to compare`);
  const regressions = rows.filter((r) => r.verdict === 'regression');
  io.stdout.write(values.json ? `${JSON.stringify({ threshold, alpha, machineFactor: factor, comparisons: rows, regressions: regressions.length }, null, 2)}\n` : renderCompareMarkdown(rows, threshold, factor, alpha));
  return regressions.length > 0 ? EXIT.FAILED : EXIT.OK;
}

async function readRun(file: string, name: string): Promise<BenchRun> {
  let run: Partial<BenchRun>;
  try {
    run = JSON.parse(await readFile(file, 'utf8')) as Partial<BenchRun>;
  } catch (error) {
    throw new ReconError('FILE_UNREADABLE', `${name}: ${(error as Error).message}`);
  }
  if (typeof run !== 'object' || run === null || run.format !== BENCH_FORMAT || !Array.isArray(run.results) || typeof run.environment !== 'object' || run.environment === null) {
    throw new ReconError('FILE_UNREADABLE', `${name}: not a recon bench run (expected the latest.json of recon bench)`);
  }
  return run as BenchRun;
}

