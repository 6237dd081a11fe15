/**
 * The bench report as one HTML page with inline SVG charts — the fold's scaling curves,
 * the targets, and the history of the key ratios — readable with no network.
 */
// @ts-nocheck

import { esc } from '../../src/report/html.ts';
import type { BenchRun } from '../run.ts';
import { environmentLine, formatMs, resultNote } from './bench-markdown.ts';
import { formatRatio, targetsOf } from './bench-targets.ts';

/** One line of reports/bench/history.jsonl. */
export interface HistoryEntry {
  readonly startedAt: string;
  readonly commit: string | null;
  readonly dirty: boolean | null;
  readonly profile: string;
  readonly ratios: Readonly<Record<string, number | null>>;
  readonly means: Readonly<Record<string, number>>;
}

const COLORS = ['#1f6feb', '#d1242f', '#8250df', '#1a7f37', '#bc4c00'];
const W = 520;
const H = 260;
// Room for the axis title above the plot, and for the last x label's half past the plot's right edge.
const PAD = { left: 64, right: 40, top: 30, bottom: 44 };

interface Series {
  readonly name: string;
  readonly points: ReadonlyArray<readonly [number, number]>;
}

/** A line chart; `logX`/`logY` put that axis on a log10 scale. */
function lineChart(title: string, series: readonly Series[], axis: { x: string; y: string; logX?: boolean; logY?: boolean; xLabels?: (x: number) => string }): string {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return '';
  const fx = (v: number) => (axis.logX ? Math.log10(v) : v);
  const fy = (v: number) => (axis.logY ? Math.log10(Math.max(v, 1e-9)) : v);
  const [x0, x1] = [Math.min(...all.map(([x]) => fx(x))), Math.max(...all.map(([x]) => fx(x)))];
  const [y0, y1] = [Math.min(...all.map(([, y]) => fy(y))), Math.max(...all.map(([, y]) => fy(y)))];
  const sx = (v: number) => PAD.left + ((fx(v) - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const sy = (v: number) => H - PAD.bottom - ((fy(v) - y0) / (y1 - y0 || 1)) * (H - PAD.top - PAD.bottom);
  const xs = [...new Set(all.map(([x]) => x))].sort((a, b) => a - b);
  const yTicks = Array.from({ length: 5 }, (_, i) => y0 + ((y1 - y0) * i) / 4);
  const yValue = (t: number) => (axis.logY ? 10 ** t : t);
  const lines = series.map((s, i) => {
    const path = s.points.map(([x, y], j) => `${j === 0 ? 'M' : 'L'}${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
    const dots = s.points.map(([x, y]) => `<circle cx="${sx(x).toFixed(1)}" cy="${sy(y).toFixed(1)}" r="3" fill="${COLORS[i % COLORS.length]}"><title>${esc(s.name)}: ${esc(String(y))}</title></circle>`).join('');
    return `<path d="${path}" fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="2"/>${dots}`;
  });
  const legend = series.map((s, i) => `<tspan fill="${COLORS[i % COLORS.length]}">■ ${esc(s.name)}</tspan>`).join('  ');
  return `<figure><figcaption>${esc(title)}</figcaption><svg viewBox="0 0 ${W} ${H + 20}" width="${W}" role="img" aria-label="${esc(title)}">
<g font-size="11" fill="#555">${yTicks.map((t) => `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${sy(yValue(t))}" y2="${sy(yValue(t))}" stroke="#eee"/><text x="${PAD.left - 6}" y="${sy(yValue(t)) + 4}" text-anchor="end">${esc(short(yValue(t)))}</text>`).join('')}
${xs.map((x) => `<text x="${sx(x)}" y="${H - PAD.bottom + 18}" text-anchor="middle">${esc(axis.xLabels ? axis.xLabels(x) : String(x))}</text>`).join('')}
<text x="${(W + PAD.left) / 2}" y="${H - 6}" text-anchor="middle">${esc(axis.x)}</text><text x="4" y="12">${esc(axis.y)}</text></g>
${lines.join('\n')}<text x="${PAD.left}" y="${H + 14}" font-size="11">${legend}</text></svg></figure>`;
}

function short(v: number): string {
  if (v === 0) return '0';
  if (Math.abs(v) >= 1000) return `${(v / 1000).toFixed(1)}k`;
  if (Math.abs(v) >= 1) return v.toFixed(v >= 10 ? 0 : 1);
  return v.toPrecision(2);
}

export function renderBenchHtml(run: BenchRun, history: readonly HistoryEntry[]): string {
  // The sizes are whatever fold/<kind>/<events> results the run holds.
  const perStep = (kind: string) =>
    run.results.flatMap((r) => {
      const [suite, of, events] = r.id.split('/');
      return suite === 'fold' && of === kind ? [[Number(events), r.mean * 1000] as const] : [];
    });
  const scaling = lineChart('Per-step deriveMessages cost (µs) by session length', [
    { name: 'reference (cached)', points: perStep('cached') },
    { name: 'naive refold', points: perStep('naive') },
    { name: 'DSH Session', points: perStep('dsh') },
  ], { x: 'events in the session', y: 'µs per step', logX: true, logY: true, xLabels: (x) => x.toLocaleString('en') });
  const recent = history.slice(-50);
  const trend = (key: string) => ({ name: key, points: recent.flatMap((h, i) => (typeof h.ratios[key] === 'number' ? [[i + 1, h.ratios[key]] as const] : [])) });
  const trends = recent.length < 2 ? '<p>The history holds fewer than two runs: no trend yet.</p>' : [
    lineChart('fold.cachedVsNaive10k over the last runs', [trend('fold.cachedVsNaive10k')], { x: 'run', y: 'ratio' }),
    lineChart('Ratios over the last runs (bigger is better)', [trend('fold.referenceVsDsh'), trend('load.referenceVsDsh'), trend('load.vsJsonParse')], { x: 'run', y: 'ratio' }),
  ].join('\n');
  const targets = targetsOf(run)
    .map((t) => `<tr><td><code>${esc(t.name)}</code></td><td class="num">${esc(formatRatio(t.value))}</td><td>${esc(t.goal)}</td><td class="${t.met === null ? 'na' : t.met ? 'ok' : 'bad'}">${t.met === null ? 'n/a' : t.met ? 'met' : 'missed'}</td></tr>`)
    .join('\n');
  const results = run.results
    .map((r) => `<tr><td><code>${esc(r.id)}</code></td><td class="num">${esc(formatMs(r.mean))}</td><td class="num">${esc(formatMs(r.p50))}</td><td class="num">${esc(formatMs(r.p99))}</td><td class="num">${r.rme.toFixed(1)}%</td><td class="num">${r.samples}</td><td>${esc(resultNote(r))}</td></tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>recon bench</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:64rem;padding:0 1rem;color:#1d1d1f}table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #e5e5e5}td.num{text-align:right;font-variant-numeric:tabular-nums}.ok{color:#1a7f37;font-weight:600}.bad{color:#d1242f;font-weight:600}.na{color:#777}
figure{display:inline-block;margin:.5rem 1rem .5rem 0}figcaption{font-weight:600;margin-bottom:.3rem}.meta{color:#555}</style></head><body>
<h1>recon bench (${esc(run.profile)})</h1>
<p class="meta">${esc(environmentLine(run))}</p>
<table><thead><tr><th>target</th><th>value</th><th>goal</th><th></th></tr></thead><tbody>${targets}</tbody></table>
${scaling}
<h2>History</h2>
${trends}
<h2>Timings</h2>
<table><thead><tr><th>benchmark</th><th>mean</th><th>p50</th><th>p99</th><th>±rme</th><th>samples</th><th></th></tr></thead><tbody>${results}</tbody></table>
</body></html>
`;
}
