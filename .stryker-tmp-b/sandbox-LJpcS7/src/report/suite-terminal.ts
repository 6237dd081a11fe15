/** A run as a person reads it in a terminal: each failure explained with its replay, then the table (generator statistics when asked). */
// @ts-nocheck

import { shellQuote } from '../_internals/shell-quote.ts';
import type { RegressionPayload } from '../../properties/index.ts';
import type { Verdict } from '../suite/expectations.ts';
import { DEFAULT_RUNS } from '../suite/run-suite.ts';
import { describeDifference } from '../first-difference.ts';
import type { RunRecord, RunResult } from '../suite/run-record.ts';
import { formatTable } from './table.ts';
import { count } from './plural.ts';

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)}ms` : `${(ms / 1000).toFixed(1)}s`;
}

const NOTE: Record<Verdict, string> = { 'as-expected': '', 'unexpected-fail': 'unexpected', 'unexpected-pass': 'unexpected pass', 'unexpected-n/a': 'unexpected n/a' };

export function resultLabel(r: RunResult): string {
  const status = r.status === 'fail' ? 'FAIL' : r.status;
  if (r.verdict === 'as-expected') return r.expected === undefined ? status : `${status} (expected)`;
  return `${status} (${NOTE[r.verdict]})`;
}

/** The results every rendering explains below its table: failures, and anything unexpected. */
export function toExplain(run: RunRecord): RunResult[] {
  return run.results.filter((r) => r.status === 'fail' || r.verdict !== 'as-expected');
}

/** A minimal input as a reader sees it: the log itself, or the scenario as JSON. */
export function inputText(input: RegressionPayload): string {
  return (input.kind === 'log' ? input.jsonl : JSON.stringify(input.value, null, 1)).trimEnd();
}

const STDERR_LINES = 20;

/** A command that replays one property's run, pasteable into a shell: the budget too when it was not the default. */
export function replayCommand(run: RunRecord, r: RunResult): string {
  const seed = r.counterexample?.seed ?? run.header.seed;
  // An implementation passed in as an object has a name, not a spec the CLI can open.
  if (!CLI_SPEC.test(run.header.impl)) return `checkConformance(impl, { seed: ${seed}, runs: ${run.header.budget}, only: [${JSON.stringify(r.id)}] })`;
  const runs = run.header.budget === DEFAULT_RUNS ? [] : ['--runs', String(run.header.budget)];
  return ['npx', 'recon', 'check', '--impl', run.header.impl, '--property', r.id, ...runs, '--seed', String(seed)].map(shellQuote).join(' ');
}

/** The specs `recon check --impl` opens. */
const CLI_SPEC = /^(?:reference$|mutant:|cmd:|module:|dsh(?:@|$))/;

export interface RenderOptions {
  /** Generator statistics below the table (the JSON record always holds them). */
  readonly stats?: boolean;
}

export function renderRunText(run: RunRecord, options: RenderOptions = {}): string {
  const impl = run.header.implementation;
  const head = [`${impl.name} ${impl.version} (${impl.language}; levels ${impl.levels.join(', ')}${impl.era === undefined || impl.era === 'current' ? '' : `; ${impl.era} era`})`, `seed ${run.header.seed} · budget ${run.header.budget} cases per property · corpus ${run.header.corpus.version}`, ''].join('\n');
  const rows = run.results.map((r) => [r.id, r.level, r.runs, resultLabel(r), r.status === 'n/a' ? (r.reason ?? '') : formatDuration(r.timeMs)]);
  const table = formatTable(['property', 'level', 'runs', 'result', 'time'], rows);
  const failures = toExplain(run).map((r) => renderFailure(run, r));
  const s = run.footer.summary;
  const summary = `${count(run.results.length, 'property', 'properties')}: ${s.pass} pass, ${s.fail} fail, ${s.na} n/a${s.unexpected === s.fail ? '' : `, ${s.unexpected} unexpected`} (${formatDuration(run.footer.timeMs)})\n`;
  return [head, ...failures, table, options.stats === true ? renderStatistics(run) : '', summary].filter((part) => part !== '').join('\n');
}

/** What the generators produced, once per distinct set of labels (properties sharing a generator share its numbers). */
function renderStatistics(run: RunRecord): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const r of run.results) {
    const stats = Object.entries(r.statistics ?? {}).sort(([a], [b]) => a.localeCompare(b));
    const key = stats.map(([label]) => label).join('|');
    if (stats.length < 2 || seen.has(key)) continue;
    seen.add(key);
    lines.push(`  ${r.id}: ${stats.map(([label, share]) => `${label} ${Math.round(share * 100)}%`).join(', ')}`);
  }
  return lines.length === 0 ? '' : `generator statistics (share of generated inputs):\n${lines.join('\n')}\n`;
}

export interface FailureOptions {
  /** Every line of the minimal input, however long (default: 60 lines of 240 characters). */
  readonly wholeInput?: boolean;
  /** How to replay it, where the default command does not apply. */
  readonly replay?: string;
}

export function renderFailure(run: RunRecord, r: RunResult, options: FailureOptions = {}): string {
  const lines = [`${r.status === 'fail' ? '✗' : '!'} ${r.id}: ${r.title}`, `  checks: ${r.clause}`];
  if (r.expected !== undefined) lines.push(`  expected to ${r.expected.status === 'fail' ? 'fail' : 'be n/a'}: ${r.expected.reason}${r.expected.issue === undefined ? '' : ` (${r.expected.issue})`}`);
  if (r.verdict === 'unexpected-pass') lines.push('  it passes now: remove the stale expectation');
  const c = r.counterexample;
  if (c !== undefined) {
    const [first, ...more] = c.message.split('\n');
    lines.push(`  ${c.kind}: ${first!}`);
    // The rest of a crash or hang message is the end of the implementation's stderr: what its author needs first.
    if (c.kind !== 'wrong-answer') lines.push(...more.slice(-STDERR_LINES).map((line) => `    ${line}`));
    if (c.difference !== undefined) lines.push(indent(describeDifference(c.difference), '  '));
    if (c.explanation !== undefined) lines.push(`  should have been explained by: ${c.explanation}`);
    if (c.input !== undefined) {
      const shown = inputText(c.input).split('\n');
      lines.push(`  minimal input${c.file === undefined ? '' : ` (stored in ${c.file})`}:`);
      if (options.wholeInput === true) lines.push(...shown.map((line) => `    ${line}`));
      else {
        lines.push(...shown.slice(0, 60).map((line) => `    ${line.length > 240 ? `${line.slice(0, 240)}…` : line}`));
        if (shown.length > 60) lines.push(`    … ${shown.length - 60} more lines`);
        const cut = shown.length > 60 || shown.some((line) => line.length > 240);
        if (cut) lines.push(`    (cut to fit a terminal: ${c.file === undefined ? 'recon check --json prints it whole' : `the whole input is in ${c.file}`})`);
      }
    }
    lines.push(`  replay: ${options.replay ?? replayCommand(run, r)}`);
  }
  return `${lines.join('\n')}\n`;
}


function indent(text: string, by: string): string {
  return text.split('\n').join(`\n${by}`);
}
