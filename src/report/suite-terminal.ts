/** A suite result as a person reads it in a terminal: a table, then each failure explained. */
import type { PropertyResult, SuiteResult } from '../conformance/run-suite.ts';
import { describeDifference } from './first-difference.ts';
import { formatTable } from './table.ts';

const MARK: Record<PropertyResult['status'], string> = { pass: 'pass', fail: 'FAIL', 'n/a': 'n/a' };

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
}

export function renderSuite(result: SuiteResult, replay: (property: string) => string): string {
  const impl = result.implementation;
  const head = [
    `${impl.name} ${impl.version} (${impl.language}; levels ${impl.levels.join(', ')})`,
    `seed ${result.seed} · budget ${result.budget} cases per property`,
    '',
  ].join('\n');
  const rows = result.properties.map((p) => [p.id, p.levels.join('+'), p.runs, MARK[p.status], p.status === 'n/a' ? (p.reason ?? '') : formatDuration(p.timeMs)]);
  const table = formatTable(['property', 'level', 'runs', 'result', 'time'], rows);
  const failures = result.properties.filter((p) => p.status === 'fail').map((p) => renderFailure(p, replay(p.id)));
  const s = result.summary;
  const summary = `${result.properties.length} properties: ${s.pass} pass, ${s.fail} fail, ${s.na} n/a (${formatDuration(result.timeMs)})\n`;
  return [head, table, renderStatistics(result), ...failures, summary].join('\n');
}

/** What the generators produced, once per distinct set of labels (properties sharing a generator share its numbers). */
function renderStatistics(result: SuiteResult): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const p of result.properties) {
    const stats = Object.entries(p.statistics ?? {}).sort(([a], [b]) => a.localeCompare(b));
    const key = stats.map(([label]) => label).join('|');
    if (stats.length < 2 || seen.has(key)) continue;
    seen.add(key);
    lines.push(`  ${p.id}: ${stats.map(([label, share]) => `${label} ${Math.round(share * 100)}%`).join(', ')}`);
  }
  return lines.length === 0 ? '' : `generator statistics (share of generated inputs):\n${lines.join('\n')}\n`;
}

function renderFailure(p: PropertyResult, replay: string): string {
  const c = p.counterexample!;
  const lines = [`✗ ${p.id}: ${p.title}`, `  checks: ${p.clause}`, `  ${c.kind}: ${indent(c.message.split('\n')[0]!, '  ')}`];
  if (c.difference !== undefined) lines.push(indent(describeDifference(c.difference), '  '));
  if (c.explanation !== undefined) lines.push(`  should have been explained by: ${c.explanation}`);
  if (c.input !== undefined) {
    const text = c.input.kind === 'log' ? c.input.jsonl : `${JSON.stringify(c.input.value, null, 1)}\n`;
    const shown = text.trimEnd().split('\n');
    lines.push(`  minimal input${c.file === undefined ? '' : ` (stored in ${c.file})`}:`);
    lines.push(...shown.slice(0, 60).map((line) => `    ${line.length > 240 ? `${line.slice(0, 240)}…` : line}`));
    if (shown.length > 60) lines.push(`    … ${shown.length - 60} more lines`);
  }
  lines.push(`  replay: ${replay}${c.seed === undefined ? '' : ` --seed ${c.seed}`}`);
  return `${lines.join('\n')}\n`;
}

function indent(text: string, by: string): string {
  return text.split('\n').join(`\n${by}`);
}
