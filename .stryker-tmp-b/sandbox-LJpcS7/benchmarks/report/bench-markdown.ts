/** A bench run as Markdown: the targets first, then every timing. */
// @ts-nocheck

import type { BenchRun } from '../run.ts';
import type { Comparison } from '../compare.ts';
import type { BenchResult } from '../_internals/measure.ts';
import { formatRatio, targetsOf } from './bench-targets.ts';

export function formatMs(ms: number): string {
  return ms >= 1 ? `${ms.toFixed(2)} ms` : `${(ms * 1000).toFixed(2)} µs`;
}

/** Where and when the run happened, one line (Markdown and HTML alike). */
export function environmentLine(run: BenchRun): string {
  const env = run.environment;
  return `${env.cpu}, ${env.cores} cores · Node ${env.node} · commit ${env.commit?.slice(0, 10) ?? 'unknown'}${env.dirty ? ' (dirty)' : ''} · load ${env.load} · ${run.startedAt}`;
}

/** Why a timing should be read with care: tinybench's warnings, or a margin above 5 %. */
export function resultNote(r: BenchResult): string {
  return r.untrusted ? `untrusted: ${r.warnings.join(', ')}` : r.rme > 5 ? 'noisy' : '';
}

export function renderBenchMarkdown(run: BenchRun): string {
  const out = [
    `## recon bench (${run.profile})`,
    '',
    environmentLine(run),
    '',
    '| target | value | goal | met |',
    '|---|---:|---|:---:|',
    ...targetsOf(run).map((t) => `| \`${t.name}\` | ${formatRatio(t.value)} | ${t.goal} | ${t.met === null ? 'n/a' : t.met ? '✓' : '✗'} |`),
    '',
    `Loading: ${Math.round(run.load.eventsPerSecond.reference).toLocaleString('en')} events/s (bare JSON.parse ${Math.round(run.load.eventsPerSecond.jsonParse).toLocaleString('en')}, DSH ${Math.round(run.load.eventsPerSecond.dsh).toLocaleString('en')}). ` +
      `Check overhead: ${formatRatio(run.check.overhead)}×.` +
      (run.check.defaultRunSeconds === undefined ? '' : ` The default \`recon check\` of the reference: ${run.check.defaultRunSeconds.toFixed(1)} s.`) +
      ` Suite: ${run.suite.inProcess.casesPerSecond.toFixed(0)} cases/s in process, ${run.suite.stdio.casesPerSecond.toFixed(0)} over stdio.` +
      // Runs stored before the proxy existed have no proxy figures.
      (run.proxy === undefined ? '' : ` recon proxy adds ${formatMs(run.proxy.addedFirstByteMs)} to the first byte of a streamed reply (${formatMs(run.proxy.firstByteDirectMs)} direct, ${formatMs(run.proxy.firstByteProxiedMs)} proxied).`),
    '',
    ...auditLines(run),
    '| benchmark | mean | p50 | p99 | ±rme | samples | |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...run.results.map((r) => `| \`${r.id}\` | ${formatMs(r.mean)} | ${formatMs(r.p50)} | ${formatMs(r.p99)} | ${r.rme.toFixed(1)}% | ${r.samples} | ${resultNote(r)} |`),
    '',
    `Counters (exact): at 10 000 events one step projects ${run.counters.fold.at(-1)?.cachedNodesPerStep} surface nodes in the cached fold and ${run.counters.fold.at(-1)?.naiveNodesPerStep} in a naive refold; ` +
      `consecutive request bodies reuse ${(run.counters.prefix.reuse * 100).toFixed(1)}% of their bytes as a prefix (${run.counters.prefix.prefixBytesReused.toLocaleString('en')} of ${run.counters.prefix.bodyBytes.toLocaleString('en')}).`,
    '',
  ];
  return out.join('\n');
}

/** Audit throughput per generated log size, and the compressed log against its plaintext. */
function auditLines(run: BenchRun): string[] {
  const z = run.compressedAudit;
  const compressed =
    z === undefined
      ? []
      : [
          `Compressed as DSH's store writes it (${(z.bytes / 1e6).toFixed(1)} MB of text in ${z.frames.toLocaleString('en')} checksummed frames, ${(z.compressedBytes / 1e6).toFixed(1)} MB; written by ${z.encoder}, decoded by ${z.decoder}): ` +
            `the audit takes ${formatRatio(z.ratio)}× the plaintext's CPU time (wall clock ${formatMs(z.zstdMs)} against ${formatMs(z.plainMs)}), ${z.megabytesPerSecond.toFixed(1)} MB of text per second.`,
          '',
        ];
  if (run.audit.length === 0) return compressed;
  return [
    '| audit (one pass) | events | time | events/s | MB/s |',
    '|---|---:|---:|---:|---:|',
    ...run.audit.map((a) => `| ${(a.bytes / 1e6).toFixed(1)} MB | ${a.events.toLocaleString('en')} | ${formatMs(a.ms)} | ${Math.round(a.eventsPerSecond).toLocaleString('en')} | ${a.megabytesPerSecond.toFixed(1)} |`),
    '',
    ...compressed,
  ];
}

export function renderCompareMarkdown(rows: readonly Comparison[], threshold: number, factor: number, alpha: number): string {
  const mark = { regression: '**regression**', improvement: 'improvement', 'no change': '', untrusted: 'untrusted', calibration: 'calibration' } as const;
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
  return [
    `| benchmark | base | head | raw change | change | p | verdict |`,
    `|---|---:|---:|---:|---:|---:|---|`,
    ...rows.map((r) => `| \`${r.id}\` | ${formatMs(r.base)} | ${formatMs(r.head)} | ${pct(r.rawChange)} | ${pct(r.change)} | ${r.p < 0.001 ? '<0.001' : r.p.toFixed(3)} | ${mark[r.verdict]} |`),
    '',
    `The machine ran the head run ${factor >= 1 ? `${((factor - 1) * 100).toFixed(1)}% slower` : `${((1 - factor) * 100).toFixed(1)}% faster`} (calibration: bare JSON.parse); "change" is corrected for that. ` +
      `A regression is a slowdown of more than ${(threshold * 100).toFixed(0)}% that Welch's t-test on the round means finds significant (p < ${alpha}). ` +
      `With ${rows.length} benchmarks, about ${(rows.length * alpha).toFixed(1)} would be flagged significant by chance alone at that level.`,
    '',
  ].join('\n');
}
