/**
 * `recon audit --format html`: the audit as one self-contained page (no scripts, no
 * network). Each file named, then each DSH log's usage series with its drops and breaks,
 * then each session of another harness: its read rate and denominator, a chart of every
 * call's prompt (read, written, uncached) against its bound, the per-call table and every
 * verdict with the lines that show it.
 */
// @ts-nocheck

import type { AuditedLog } from '../audit/index.ts';
import { BYTE_LEVEL_CODES, HARNESS_NAMES, isDshAudit, type AuditReport, type FileAudit, type UsageCall, type UsageSession } from '../audit/usage/index.ts';
import { HARNESS_VERSION } from '../version.ts';
import { esc } from './html.ts';
import { count } from './plural.ts';
import { percent } from './table.ts';
import { attainment, where, writeCell } from './usage-terminal.ts';

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:76rem;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.4rem;margin:0 0 .3rem}h2{font-size:1.15rem;margin:2rem 0 .5rem}h3{font-size:1rem;margin:1.4rem 0 .3rem;word-break:break-all}
.meta,.note{color:#555}.note{font-size:.85rem}
.badges span{display:inline-block;margin-right:.5rem;padding:.2rem .6rem;border-radius:1rem;font-weight:600}
.ok{background:#e3f6e8;color:#146c2e}.bad{background:#fde7e7;color:#a11}.warn{background:#fff1cc;color:#8a5a00}.plain{background:#eee;color:#555}
table{border-collapse:collapse;width:100%;margin:.6rem 0}th,td{text-align:left;padding:.3rem .45rem;border-bottom:1px solid #e5e5e5;vertical-align:top}
th{font-size:.75rem;text-transform:uppercase;color:#666}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
code{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
.code{font:600 12px ui-monospace,monospace;padding:.05rem .35rem;border-radius:.3rem}
.c-COLD_START,.c-WITHIN_BOUND{background:#eee;color:#444}.c-BYTES_NEEDED{background:#fde7e7;color:#a11}
.c-ROUTE_CHANGED,.c-COMPACTED,.c-FORKED,.c-RESUMED,.c-IDLE_EXPIRED,.c-READS_AT_SYSTEM_SIZE{background:#fff1cc;color:#8a5a00}
section{border:1px solid #e5e5e5;border-radius:.5rem;padding:.2rem 1rem .8rem;margin:1rem 0}
svg{width:100%;height:auto;background:#fafafa;border:1px solid #eee;border-radius:.3rem}
.legend span{display:inline-block;margin-right:1rem;font-size:.8rem}.legend i{display:inline-block;width:.8rem;height:.8rem;margin-right:.3rem;vertical-align:-1px}`;

const na = (n: number | undefined) => (n === undefined ? 'n/a' : String(n));

export function renderAuditHtml({ logs, sessions, summary }: AuditReport): string {
  const dsh = logs.filter(isDshAudit);
  const badges = [
    `<span class="ok">${summary.ok} loaded</span>`,
    `<span class="${summary.rejected > 0 ? 'bad' : 'plain'}">${summary.rejected} refused</span>`,
    `<span class="${summary.unexplainedDrops + summary.unexplainedBreaks > 0 ? 'warn' : 'plain'}">${summary.unexplainedDrops + summary.unexplainedBreaks} unexplained in DSH logs</span>`,
    `<span class="${summary.bytesNeeded > 0 ? 'warn' : 'plain'}">${count(summary.bytesNeeded, 'drop')} needing request bytes</span>`,
  ].join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>recon audit: ${count(summary.total, 'log')}</title><style>${STYLE}</style></head>
<body>
<h1>recon audit</h1>
<p class="meta">${count(summary.total, 'log')} · ${count(summary.sessions, 'session')} of other harnesses, ${count(summary.calls, 'call')} · reconstructable ${esc(HARNESS_VERSION)}</p>
<p class="badges">${badges}</p>
<h2>Files</h2>
<table><thead><tr><th>file</th><th>read as</th><th>result</th></tr></thead><tbody>
${logs.map(fileRow).join('\n')}
</tbody></table>
${dsh.length === 0 ? '' : `<h2>DSH session logs (byte level: every request rebuilt from the log)</h2>\n${dsh.map(dshSection).join('\n')}`}
${sessions.length === 0 ? '' : `<h2>Sessions of other harnesses (usage level: no request bytes)</h2>
<p class="note">Every verdict below is read from usage and the transcript's own records. ${BYTE_LEVEL_CODES.map((c) => `<code>${c}</code>`).join(', ')} are byte-level: they need the requests, which <code>recon proxy</code> records.</p>
${sessions.map(sessionSection).join('\n')}`}
</body></html>
`;
}

function fileRow(log: FileAudit): string {
  const kind = 'harness' in log ? HARNESS_NAMES[log.harness] : log.ok ? 'DSH session log' : '—';
  if (!log.ok) return `<tr><td><code>${esc(log.file)}</code></td><td>${esc(kind)}</td><td><span class="code c-BYTES_NEEDED">${esc(log.code)}</span> ${esc(log.detail)}${log.line === undefined ? '' : ` (line ${log.line})`}</td></tr>`;
  if ('harness' in log) {
    const extra = [`${count(log.records, 'record')}`, `${count(log.calls, 'call')}`, `${count(log.copies, 'line')} repeating a counted call`, ...Object.entries(log.unread).map(([k, n]) => `not read: ${k} (${n})`)];
    return `<tr><td><code>${esc(log.file)}</code></td><td>${esc(kind)}</td><td>${esc(extra.join(' · '))}</td></tr>`;
  }
  return `<tr><td><code>${esc(log.file)}</code></td><td>${esc(kind)} (${esc(log.era)} design)</td><td>${esc(`${log.events} events · ${log.requests} requests · read rate ${percent(log.cacheReadRate)}`)}</td></tr>`;
}

function dshSection(log: AuditedLog): string {
  const drops = new Map(log.drops.map((d) => [`${d.turn}.${d.step}`, d]));
  const rows = log.usage.map((u) => {
    const drop = drops.get(`${u.turn}.${u.step}`);
    return `<tr><td>${u.turn}.${u.step}</td><td class="num">${u.inputTokens}</td><td class="num">${na(u.cacheReadTokens)}</td><td class="num">${na(u.cacheWriteTokens)}</td><td>${drop === undefined ? '' : `<span class="code ${drop.cause === 'unexplained' ? 'c-BYTES_NEEDED' : 'c-COLD_START'}">${esc(drop.cause)}</span> line ${drop.line}`}</td></tr>`;
  });
  const breaks = log.breaks.map((b) => `<li>prefix break at ${b.turn}.${b.step} (${esc(b.part)}): <strong>${esc(b.cause)}</strong>, line ${b.line}</li>`);
  return `<section><h3>${esc(log.file)}</h3>
<p>${log.turns} turns · ${log.steps} steps · ${log.requests} requests · read rate ${percent(log.cacheReadRate)} (Σ cache read ÷ Σ billed input)</p>
<table><thead><tr><th>step</th><th class="num">uncached input</th><th class="num">cache read</th><th class="num">cache write</th><th>drop</th></tr></thead><tbody>${rows.join('')}</tbody></table>
${breaks.length === 0 ? '' : `<ul>${breaks.join('')}</ul>`}</section>`;
}

function sessionSection(session: UsageSession): string {
  const rate = session.rate === undefined ? 'no data (no call reports cache reads)' : percent(session.rate);
  const rows = session.calls.map(
    (c) =>
      `<tr><td class="num">${c.index}</td><td>${esc(c.model ?? 'n/a')}</td><td>${esc(c.at ?? 'n/a')}</td><td class="num">${na(c.prompt)}</td><td class="num">${na(c.uncached)}</td><td class="num">${na(c.cacheRead)}</td><td class="num">${esc(String(writeCell(c)))}</td><td class="num">${na(c.output)}</td><td class="num">${na(c.bound)}</td><td>${esc(c.lines.map((p) => p.line ?? p.pointer ?? '-').join(', '))}</td><td>${c.drop === undefined ? '' : `<span class="code c-${c.drop.code}">${c.drop.code}</span>`}</td></tr>`,
  );
  const verdicts = session.calls.flatMap((c) =>
    c.drop === undefined ? [] : [`<li><span class="code c-${c.drop.code}">${c.drop.code}</span> call ${c.index}: ${esc(c.drop.summary)}<br><span class="note">${esc(c.drop.evidence.map((e) => `${e.what} ${where(e.place)}`).join(' · '))}</span></li>`],
  );
  return `<section><h3>session ${esc(session.id)}</h3>
<p class="meta">${esc(HARNESS_NAMES[session.harness])} · ${esc(session.files.join(', '))} · ${esc(session.models.join(', ') || 'model not recorded')}</p>
<p>read rate <strong>${rate}</strong> = Σ cache read ÷ Σ <code>${esc(session.denominator)}</code>${session.rateAfterFirst === undefined ? '' : ` · after the first call ${percent(session.rateAfterFirst)}`} · ${esc(attainment(session))}</p>
${chart(session.calls)}
<table><thead><tr><th class="num">#</th><th>model</th><th>at</th><th class="num">prompt</th><th class="num">uncached</th><th class="num">cache read</th><th class="num">cache write</th><th class="num">output</th><th class="num">bound</th><th>lines</th><th>verdict</th></tr></thead><tbody>${rows.join('')}</tbody></table>
${verdicts.length === 0 ? '' : `<ul>${verdicts.join('')}</ul>`}
${session.notes.map((n) => `<p class="note">Note: ${esc(n)}</p>`).join('')}</section>`;
}


/** Each call's prompt as a stacked bar (read, written, uncached), its bound as a tick. */
function chart(calls: readonly UsageCall[]): string {
  const [w, h, pad] = [900, 160, 4];
  const max = Math.max(1, ...calls.map((c) => c.prompt ?? 0), ...calls.map((c) => c.bound ?? 0));
  const step = (w - 2 * pad) / Math.max(1, calls.length);
  const bar = Math.max(1, step * 0.7);
  const y = (n: number) => (n / max) * (h - 2 * pad);
  const parts = calls.map((c, i) => {
    const x = pad + i * step + (step - bar) / 2;
    const read = c.cacheRead ?? 0;
    const write = c.cacheWrite ?? 0;
    const rest = Math.max(0, (c.prompt ?? 0) - read - write);
    let top = h - pad;
    const rect = (n: number, fill: string) => {
      top -= y(n);
      return n > 0 ? `<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${bar.toFixed(1)}" height="${y(n).toFixed(1)}" fill="${fill}"/>` : '';
    };
    const tick = c.bound === undefined ? '' : `<line x1="${(x - 1).toFixed(1)}" x2="${(x + bar + 1).toFixed(1)}" y1="${(h - pad - y(c.bound)).toFixed(1)}" y2="${(h - pad - y(c.bound)).toFixed(1)}" stroke="#1d1d1f" stroke-width="2"/>`;
    return `<g><title>call ${c.index}: prompt ${na(c.prompt)}, read ${na(c.cacheRead)}, write ${na(c.cacheWrite)}, bound ${na(c.bound)}${c.drop === undefined ? '' : `, ${c.drop.code}`}</title>${rect(read, '#34a853')}${rect(write, '#f4b400')}${rect(rest, '#b0b0b0')}${tick}</g>`;
  });
  return `<p class="legend"><span><i style="background:#34a853"></i>cache read</span><span><i style="background:#f4b400"></i>cache write</span><span><i style="background:#b0b0b0"></i>uncached</span><span><i style="background:#1d1d1f;height:2px"></i>bound</span></p>
<svg viewBox="0 0 ${w} ${h}" role="img" aria-label="per-call prompt, reads and bound">${parts.join('')}</svg>`;
}
