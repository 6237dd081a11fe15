/**
 * Several stored check runs side by side: one column per run (an implementation version),
 * one row per property, each cell the run's result. Rows whose results differ between the
 * columns are marked, so what changed between versions stands out.
 */
// @ts-nocheck

import { esc } from './html.ts';
import type { RunRecord, RunResult } from '../suite/run-record.ts';
import { formatDuration } from './suite-terminal.ts';

export interface MatrixColumn {
  /** `--impl` of the run, e.g. `dsh@0.1.0-rc.6`. */
  readonly impl: string;
  readonly name: string;
  readonly version: string;
  readonly levels: readonly string[];
  readonly seed: number;
  readonly budget: number;
  readonly timeMs: number;
  readonly summary: RunRecord['footer']['summary'];
}

export interface MatrixCell {
  readonly status: RunResult['status'];
  /** The run expected this result (an expectations entry, or n/a for a missing level). */
  readonly expected: boolean;
  readonly runs: number;
  /** Why the result was expected (the expectation's reason), or why the property was n/a. */
  readonly reason?: string;
}

export interface MatrixRow {
  readonly id: string;
  readonly level: string;
  readonly title: string;
  /** One per column; `undefined` when that run did not check the property. */
  readonly cells: ReadonlyArray<MatrixCell | undefined>;
  /** Two versions that checked the property disagree (pass against fail); n/a is a missing level, not a change. */
  readonly differs: boolean;
}

export interface VersionMatrix {
  readonly columns: readonly MatrixColumn[];
  readonly rows: readonly MatrixRow[];
}

/** The matrix of `runs`, columns in the order given; rows in the order the runs list properties. */
export function versionMatrix(runs: readonly RunRecord[]): VersionMatrix {
  const columns = runs.map((run) => ({
    impl: run.header.impl,
    name: run.header.implementation.name,
    version: run.header.implementation.version,
    levels: run.header.implementation.levels,
    seed: run.header.seed,
    budget: run.header.budget,
    timeMs: run.footer.timeMs,
    summary: run.footer.summary,
  }));
  const byId = runs.map((run) => new Map(run.results.map((r) => [r.id, r])));
  const first = new Map<string, RunResult>();
  for (const run of runs) for (const r of run.results) if (!first.has(r.id)) first.set(r.id, r);
  const rows = [...first.values()].map((r) => {
    const cells = byId.map((results) => {
      const result = results.get(r.id);
      if (result === undefined) return undefined;
      const reason = result.expected?.reason ?? (result.status === 'n/a' ? result.reason : undefined);
      return { status: result.status, expected: result.verdict === 'as-expected', runs: result.runs, ...(reason === undefined ? {} : { reason }) };
    });
    const checked = new Set(cells.flatMap((c) => (c === undefined || c.status === 'n/a' ? [] : [c.status])));
    return { id: r.id, level: r.level, title: r.title, cells, differs: checked.size > 1 };
  });
  return { columns, rows };
}

/** A known failure reads as such: "fail (expected)", its reason beside it. */
const label = (cell: MatrixCell | undefined) => (cell === undefined ? '—' : `${cell.status}${!cell.expected ? ' (unexpected)' : cell.status === 'fail' ? ' (expected)' : ''}`);

/** A column's heading: its version, with the implementation's name when the matrix holds more than one implementation. */
function heading(columns: readonly MatrixColumn[]): (column: MatrixColumn) => string {
  const several = new Set(columns.map((c) => c.name)).size > 1;
  return (c) => (several ? `${c.name} ${c.version}` : c.version);
}

const NA_NOTE = "`n/a`: the property needs a level, provider or operation the implementation does not have (or the version does not publish).";

export function renderMatrixMarkdown(matrix: VersionMatrix): string {
  const { columns, rows } = matrix;
  const head = `| property | level | ${columns.map(heading(columns)).join(' | ')} |`;
  const rule = `|---|---|${columns.map(() => '---').join('|')}|`;
  const line = (row: MatrixRow) => {
    const cells = row.cells.map((cell) => {
      const text = label(cell);
      return cell?.status === 'fail' || cell?.expected === false ? `**${text}**` : text;
    });
    return `| \`${row.id}\`${row.differs ? ' ◆' : ''} | ${row.level} | ${cells.join(' | ')} |`;
  };
  const total = (key: 'pass' | 'fail' | 'na' | 'unexpected') => columns.map((c) => String(c.summary[key])).join(' | ');
  return [
    `# ${[...new Set(columns.map((c) => c.name))].join(', ')}: property × version`,
    '',
    `Each column is one \`recon check\` run (${columns.map((c) => `\`--impl ${c.impl}\` seed ${c.seed}`).join('; ')}). `,
    `◆ marks a property that passes in one column and fails in another; ${NA_NOTE}`,
    '',
    head,
    rule,
    `| levels | | ${columns.map((c) => c.levels.join(', ')).join(' | ')} |`,
    ...rows.map(line),
    `| **pass** | | ${total('pass')} |`,
    `| **fail** | | ${total('fail')} |`,
    `| **n/a** | | ${total('na')} |`,
    `| **unexpected** | | ${total('unexpected')} |`,
    '',
    ...expectedFailures(matrix),
  ].join('\n');
}

/** Each expected failure with its reason, below the table. */
function expectedFailures({ columns, rows }: VersionMatrix): string[] {
  const lines = rows.flatMap((row) => row.cells.flatMap((cell, i) => (cell?.status === 'fail' && cell.expected && cell.reason !== undefined ? [`- \`${row.id}\` on ${columns[i]!.version}: ${cell.reason}`] : [])));
  return lines.length === 0 ? [] : ['Expected failures and why:', '', ...lines, ''];
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:76rem;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.4rem;margin:0 0 .3rem}.meta{color:#555;margin:0 0 1rem}
table{border-collapse:collapse;margin:1rem 0}th,td{padding:.3rem .6rem;border-bottom:1px solid #e5e5e5;text-align:left;vertical-align:middle}
th{font-size:.8rem;color:#666}th.v{text-align:center}td.c{text-align:center;font-weight:600;min-width:7rem}
.pass{background:#e3f6e8;color:#146c2e}.fail{background:#fde7e7;color:#a11}.fail.known{background:#fbf1f1;color:#8a3030}.why{font-weight:400;font-size:.72rem;color:#666;max-width:14rem;margin:.15rem auto 0;text-align:left}.why summary{cursor:pointer}.na{background:#f0f0f0;color:#777;font-weight:400}.unexpected{outline:2px solid #c80;outline-offset:-2px}
tr.differs td:first-child{border-left:4px solid #c80}tr.level td{background:#fafafa;font-size:.8rem;color:#555;font-weight:400}
tfoot td{font-variant-numeric:tabular-nums;border-bottom:none}code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace}
.title{color:#666;font-size:.8rem}.key span{display:inline-block;margin-right:.6rem;padding:.1rem .5rem;border-radius:.3rem}`;

const cssClass = (status: RunResult['status']) => (status === 'n/a' ? 'na' : status);

/** A reason's first sentence in the cell, the whole of it one click away. */
function why(reason: string): string {
  const sentence = /^.*?[.;:](?=\s|$)/.exec(reason)?.[0] ?? reason;
  const short = sentence.length <= 140 ? sentence : `${sentence.slice(0, sentence.lastIndexOf(' ', 139))}…`;
  if (short === reason) return `<div class="why">${esc(reason)}</div>`;
  return `<details class="why"><summary>${esc(short)}</summary>${esc(reason)}</details>`;
}

export function renderMatrixHtml(matrix: VersionMatrix): string {
  const { columns, rows } = matrix;
  const names = [...new Set(columns.map((c) => c.name))].join(', ');
  const cell = (c: MatrixCell | undefined) =>
    c === undefined
      ? '<td class="c na">—</td>'
      : `<td class="c ${cssClass(c.status)}${!c.expected ? ' unexpected' : c.status === 'fail' ? ' known' : ''}" title="${c.runs} cases${c.reason === undefined ? '' : `: ${esc(c.reason)}`}">${esc(label(c))}${c.status === 'fail' && c.reason !== undefined ? why(c.reason) : ''}</td>`;
  const body = rows
    .map((row) => `<tr${row.differs ? ' class="differs"' : ''}><td><code>${esc(row.id)}</code><br><span class="title">${esc(row.title)}</span></td><td>${esc(row.level)}</td>${row.cells.map(cell).join('')}</tr>`)
    .join('\n');
  const foot = (key: 'pass' | 'fail' | 'na' | 'unexpected', name: string) => `<tr><td colspan="2">${name}</td>${columns.map((c) => `<td class="c">${c.summary[key]}</td>`).join('')}</tr>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(names)}: property × version</title><style>${STYLE}</style></head>
<body>
<h1>${esc(names)}: property × version</h1>
<p class="meta">${columns.map((c) => `<code>--impl ${esc(c.impl)}</code> seed ${c.seed}, ${c.budget} cases, ${esc(formatDuration(c.timeMs))}`).join(' · ')}</p>
<p class="key"><span class="pass">pass</span><span class="fail">fail</span><span class="fail known">fail (expected), with its reason</span><span class="na">n/a: level, provider or operation not there</span><span class="unexpected">unexpected</span>an orange bar marks a property that passes in one column and fails in another</p>
<table><thead><tr><th>property</th><th>level</th>${columns.map((c) => `<th class="v">${esc(heading(columns)(c))}</th>`).join('')}</tr>
<tr class="level"><td colspan="2">levels checked</td>${columns.map((c) => `<td class="c">${esc(c.levels.join(', '))}</td>`).join('')}</tr></thead><tbody>
${body}
</tbody><tfoot>
${foot('pass', 'pass')}
${foot('fail', 'fail')}
${foot('na', 'n/a')}
${foot('unexpected', 'unexpected')}
</tfoot></table>
</body></html>
`;
}
