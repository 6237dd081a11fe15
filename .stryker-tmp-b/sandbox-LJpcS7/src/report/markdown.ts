/** A run as Markdown, fit for a CI step summary (`$GITHUB_STEP_SUMMARY`). */
// @ts-nocheck

import { describeDifference } from '../first-difference.ts';
import type { RunRecord } from '../suite/run-record.ts';
import { formatDuration, inputText, replayCommand, resultLabel, toExplain } from './suite-terminal.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderRunMarkdown(run: RunRecord): string {
  const impl = run.header.implementation;
  const s = run.footer.summary;
  const ok = s.unexpected === 0;
  const out = [
    `## recon check: ${impl.name} ${impl.version} — ${ok ? 'as expected' : `${s.unexpected} unexpected`}`,
    '',
    `${impl.language} · levels ${impl.levels.join(', ')} · seed ${run.header.seed} · ${run.header.budget} cases per property · corpus \`${run.header.corpus.version}\` · ${formatDuration(run.footer.timeMs)}`,
    '',
    `| pass | fail | n/a | unexpected |`,
    `|---:|---:|---:|---:|`,
    `| ${s.pass} | ${s.fail} | ${s.na} | ${s.unexpected} |`,
    '',
    '| property | level | result | runs | checks |',
    '|---|---|---|---:|---|',
    ...run.results.map((r) => `| \`${r.id}\` | ${r.level} | ${r.verdict === 'as-expected' ? '' : '**'}${resultLabel(r)}${r.verdict === 'as-expected' ? '' : '**'} | ${r.runs} | ${cell(r.clause)} |`),
    '',
  ];
  for (const r of toExplain(run)) {
    out.push(`<details><summary><code>${r.id}</code>: ${resultLabel(r)}</summary>`, '', `${r.title}.`, '');
    if (r.expected !== undefined) out.push(`Expected to ${r.expected.status}: ${r.expected.reason}`, '');
    const c = r.counterexample;
    if (c !== undefined) {
      out.push(`**${c.kind}**: ${c.message.split('\n')[0]}`, '');
      if (c.difference !== undefined) out.push('```', describeDifference(c.difference), '```', '');
      if (c.explanation !== undefined) out.push(`Should have been explained by: ${c.explanation}`, '');
      if (c.input !== undefined) out.push(`Minimal input${c.file === undefined ? '' : ` (\`${c.file}\`)`}:`, '', '```json', inputText(c.input), '```', '');
      out.push(`Replay: \`${replayCommand(run, r)}\``, '');
    }
    out.push('</details>', '');
  }
  return out.join('\n');
}
