/** A run as one self-contained HTML page: no scripts from elsewhere, no network, readable offline. */
// @ts-nocheck

import { sharedLength, type FirstDifference } from '../first-difference.ts';
import { citedClauseIds, shippedSpec, type Spec } from '../spec/index.ts';
import type { RunRecord, RunResult } from '../suite/run-record.ts';
import { formatDuration, inputText, replayCommand, resultLabel, toExplain } from './suite-terminal.ts';

export const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.4rem;margin:0 0 .3rem}.meta{color:#555;margin:0 0 1rem}
.badges span{display:inline-block;white-space:nowrap;margin-right:.5rem;padding:.2rem .6rem;border-radius:1rem;font-weight:600}
.pass{background:#e3f6e8;color:#146c2e}.fail{background:#fde7e7;color:#a11}.na{background:#eee;color:#555}.unexpected{background:#fff1cc;color:#8a5a00}
.unexpected-fail{background:#b3141b;color:#fff}details.unexpected-fail{background:none;color:inherit;border-color:#b3141b;border-width:2px}
mark{background:#ffd6d6;color:inherit}tr:target td{background:#fffbe6}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e5e5e5;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;color:#666}td.num{text-align:right;font-variant-numeric:tabular-nums}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}pre{background:#f6f6f6;padding:.6rem;overflow:auto;max-height:28rem}
details{margin:.6rem 0;border:1px solid #e5e5e5;border-radius:.4rem;padding:.4rem .8rem}summary{cursor:pointer;font-weight:600}
.clause{color:#666;font-size:.85rem}
dl.clauses dt{margin-top:.6rem}dl.clauses dd{margin:.1rem 0 0 1.2rem}dt:target,dt:target+dd{background:#fffbe6}`;

function statusClass(r: RunResult): string {
  if (r.verdict === 'unexpected-fail') return 'unexpected-fail';
  if (r.verdict !== 'as-expected') return 'unexpected';
  return r.status === 'n/a' ? 'na' : r.status;
}

/** A citation with every clause id docs/spec/ holds linked to its text further down the page; an id it does not hold stays text. */
function citationHtml(citation: string, spec: Spec): string {
  return esc(citation).replace(/\b[A-Z]+-\d+\.\d+\b/g, (id) => (spec.clauses.has(id) ? `<a href="#clause-${id}">${id}</a>` : id));
}

/** A clause's statement (Markdown on one line) as HTML: code spans and emphasis kept, links as their text. */
function statementHtml(markdown: string): string {
  return esc(markdown)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
}

/**
 * The clauses the run's properties cite, with their text: the page carries them, so a
 * citation's link works wherever the page is opened (a checkout, a CI artifact, a project
 * that installed the package), each naming the file of docs/spec/ it stands in.
 */
function citedClausesHtml(run: RunRecord, spec: Spec): string {
  const ids = [...new Set(run.results.flatMap((r) => citedClauseIds(r.clause)))].filter((id) => spec.clauses.has(id));
  if (ids.length === 0) return '';
  const entries = ids.map((id) => {
    const c = spec.clauses.get(id)!;
    return `<dt id="clause-${id}"><code>${id}</code> <span class="clause">docs/spec/${esc(c.file)}#${id}</span></dt><dd>${statementHtml(c.statement)}</dd>`;
  });
  return `<h2>Clauses cited</h2>\n<p class="clause">From <code>docs/spec/</code> of reconstructable ${esc(run.header.harness.version)}, which the package ships.</p>\n<dl class="clauses">\n${entries.join('\n')}\n</dl>`;
}

function failure(run: RunRecord, r: RunResult, spec: Spec): string {
  const c = r.counterexample;
  const parts = [`<details id="${esc(r.id)}" class="${statusClass(r)}" open><summary><code>${esc(r.id)}</code> — ${esc(resultLabel(r))}</summary>`, `<p>${esc(r.title)}. <span class="clause">Checks ${citationHtml(r.clause, spec)}.</span></p>`];
  if (r.expected !== undefined) parts.push(`<p>Expected to ${esc(r.expected.status)}: ${esc(r.expected.reason)}</p>`);
  if (c !== undefined) {
    parts.push(`<p><strong>${esc(c.kind)}</strong>: ${esc(c.message.split('\n')[0]!)}</p>`);
    if (c.difference !== undefined) parts.push(differenceHtml(c.difference));
    if (c.explanation !== undefined) parts.push(`<p>Should have been explained by: ${esc(c.explanation)}</p>`);
    if (c.input !== undefined) parts.push(`<p>Minimal input${c.file === undefined ? '' : ` (<code>${esc(c.file)}</code>)`}:</p><pre>${esc(inputText(c.input))}</pre>`);
    parts.push(`<p>Replay: <code>${esc(replayCommand(run, r))}</code></p>`);
  }
  return `${parts.join('\n')}</details>`;
}

/** Control characters shown as escapes; everything else as the text it is (quoting it again would double every escape). */
const visible = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, (ch) => ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' })[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The first difference as text: both windows one under the other, the differing rest marked. */
function differenceHtml(d: FirstDifference): string {
  const shared = sharedLength(d.expected, d.actual);
  const line = (label: string, text: string) => `${label} …${esc(visible(text.slice(0, shared)))}<mark>${esc(visible(text.slice(shared)))}</mark>…`;
  return `<p>First difference at byte ${d.offset}:</p><pre>${line('expected', d.expected)}\n${line('actual  ', d.actual)}</pre>`;
}

/** `spec` is the docs/spec/ the citations link into: the package's own unless given. */
export function renderRunHtml(run: RunRecord, spec: Spec = shippedSpec()): string {
  const impl = run.header.implementation;
  const s = run.footer.summary;
  const explained = new Set(toExplain(run).map((r) => r.id));
  // Every property has an anchor: its explanation above the table, or its own row.
  const rows = run.results
    .map(
      (r) =>
        `<tr${explained.has(r.id) ? '' : ` id="${esc(r.id)}"`}><td><a href="#${esc(r.id)}"><code>${esc(r.id)}</code></a><br><span class="clause">${esc(r.title)}</span></td><td>${esc(r.level)}</td>` +
        `<td><span class="badges"><span class="${statusClass(r)}">${esc(resultLabel(r))}</span></span></td><td class="num">${r.runs}</td>` +
        `<td class="num">${r.status === 'n/a' ? '' : esc(formatDuration(r.timeMs))}</td><td class="clause">${r.status === 'n/a' ? esc(r.reason ?? '') : citationHtml(r.clause, spec)}</td></tr>`,
    )
    .join('\n');
  const failures = toExplain(run).map((r) => failure(run, r, spec));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>recon check: ${esc(impl.name)} ${esc(impl.version)}</title><style>${STYLE}</style></head>
<body>
<h1>recon check: ${esc(impl.name)} ${esc(impl.version)}</h1>
<p class="meta">${esc(impl.language)} · levels ${esc(impl.levels.join(', '))} · seed ${run.header.seed} · ${run.header.budget} cases per property · corpus ${esc(run.header.corpus.version)} · reconstructable ${esc(run.header.harness.version)} on Node ${esc(run.header.node)} · ${esc(run.header.startedAt)} · ${esc(formatDuration(run.footer.timeMs))}</p>
<p class="badges"><span class="pass">${s.pass} pass</span><span class="fail">${s.fail} fail</span><span class="na">${s.na} n/a</span><span class="unexpected">${s.unexpected} unexpected</span></p>
${failures.length === 0 ? '<p>Every property held as expected.</p>' : `<h2>Failures</h2>\n${failures.join('\n')}\n<h2>Every property</h2>`}
<table><thead><tr><th>property</th><th>level</th><th>result</th><th>runs</th><th>time</th><th>checks</th></tr></thead><tbody>
${rows}
</tbody></table>
${citedClausesHtml(run, spec)}
</body></html>
`;
}
