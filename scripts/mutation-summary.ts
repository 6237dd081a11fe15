// The mutation report of the reference: scores per folder and every mutant that is not killed,
// read from Stryker's own reports (mutation-testing-report-schema) of each folder's run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { esc } from '../src/report/html.ts';
import { formatTable } from '../src/report/table.ts';

export const FOLDERS = ['log', 'fold', 'wire', 'loop'] as const;
export type Folder = (typeof FOLDERS)[number];

/** The score each folder must reach (issue 21): the loop is judged on fewer, slower scenarios. */
export const THRESHOLDS: Readonly<Record<Folder, number>> = { log: 85, fold: 85, wire: 85, loop: 75 };

/**
 * Files of these folders the reference never runs: recon's own reading and explaining of logs
 * (the audit, the oracles). The property suite cannot kill a mutant there, because no
 * implementation's answer depends on it; each file's own tests check it. A file goes on this
 * list only when a run measured it unreached (every mutant NoCoverage), with that reason.
 */
export const OUT_OF_SCOPE: Readonly<Record<string, string>> = {
  'src/log/_internals/zstd-decoders.ts': "picks the zstd decoder for DSH's compressed store, which the audit and import read; the protocol hands an implementation its log as JSONL text (unreached in the run of 2026-12-02; tested by test/log/zstd.test.ts)",
  'src/log/decode-zstd.ts': "decodes DSH's zstd-compressed store for the audit and import (unreached; tested by test/log/zstd.test.ts, test/properties/rule-enumeration.test.ts)",
  'src/log/decode-utf8.ts': "decodes a log file's bytes for the readers of files (audit, import, usage); an implementation is handed text (unreached; tested by test/log/encoding.test.ts, test/properties/rule-enumeration.test.ts)",
  'src/log/validate-released.ts': "the per-event checks DSH's released formats v1–v4 add, run only when a log declares one of them (the audit's reader); the reference writes and reads v0 (unreached in the run of 2026-12-02; tested by test/log/formats.test.ts, test/audit/formats.test.ts)",
  'src/log/image-offload.ts': "projects DSH's format v3+ image/offload onto its target messages: the surface applies it only in a v3+ log (in v0 the type is unknown, at most ignorable), the fresh fold (the loop's reconstruction check) only to a log holding one, which the loop never writes (unreached in the run of 2026-12-02; tested by test/log/formats.test.ts)",
  'src/log/released-upgrade.ts': "reads DSH's released formats v1–v4 into the neutral form for the audit; the reference writes and reads v0 (unreached; tested by test/log/formats.test.ts, test/audit/formats.test.ts)",
  'src/fold/era.ts': 'tells the era of a log for the audit and the oracles; the reference is told its era (unreached in the run of 2026-12-02; tested by test/audit/era-logs.test.ts)',
  'src/fold/prefix-break.ts': 'explains a prefix break for the audit and the properties; an implementation never explains one (unreached; tested by test/audit/audit.test.ts)',
  'src/fold/request-boundaries.ts': 'finds the request boundaries of a log for the audit and the oracles (unreached; tested by test/fold/request-header.test.ts, test/audit/audit.test.ts, test/audit/era-logs.test.ts)',
  'src/fold/tool-history.ts': "format v4's toolHistory, read only by the audit of released formats; the reference writes v0 (unreached; tested by test/log/formats.test.ts, test/audit/formats.test.ts)",
};

interface Position {
  readonly line: number;
  readonly column: number;
}
export interface StrykerMutant {
  readonly id: string;
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly location: { readonly start: Position; readonly end: Position };
  readonly status: string;
  readonly statusReason?: string;
  readonly static?: boolean;
}
export interface StrykerReport {
  readonly files: Readonly<Record<string, { readonly source: string; readonly mutants: readonly StrykerMutant[] }>>;
}

export const VERDICTS = ['equivalent', 'killable'] as const;

/**
 * What was found about one mutant Stryker did not kill, kept by hand in reports/mutation/triage.json:
 * equivalent (no input the protocol can hand the reference tells it apart, and why), or killable
 * (which input would, and what the suite lacks to make or check it).
 */
export interface TriageEntry {
  readonly file: string;
  /** Where the mutant was when it was triaged: only orders entries that share the rest of their key. */
  readonly line: number;
  readonly mutator: string;
  readonly original: string;
  readonly replacement: string;
  readonly verdict: (typeof VERDICTS)[number];
  readonly reason: string;
}

export interface Survivor {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly mutator: string;
  readonly status: 'Survived' | 'NoCoverage';
  /** The original code and what the mutant puts in its place, each on one line. */
  readonly original: string;
  readonly replacement: string;
  /** Its entry in the triage, if it has one. */
  readonly triage?: { readonly verdict: TriageEntry['verdict']; readonly reason: string };
}

export interface FolderScore {
  readonly folder: Folder;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Excluded from the score: marked equivalent in the source (with a reason) or static. */
  readonly ignored: number;
  readonly errors: number;
  /** Detected ÷ valid, Stryker's mutation score, in percent; null with no valid mutant. */
  readonly score: number | null;
  readonly threshold: number;
  readonly survivors: readonly Survivor[];
  /** The survivors by their triage: the acceptance line wants none untriaged and none killable. */
  readonly triaged: { readonly equivalent: number; readonly killable: number; readonly untriaged: number };
  /** The folder's triage entries that name no surviving mutant: killed since, or moved in kind. */
  readonly staleTriage: readonly TriageEntry[];
  /** Reasons given for ignored mutants, with how many each covers. */
  readonly ignoredReasons: Readonly<Record<string, number>>;
}

const oneLine = (text: string, max = 120) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

function excerpt(source: string, { start, end }: StrykerMutant['location']): string {
  const lines = source.split('\n');
  if (start.line === end.line) return lines[start.line - 1]?.slice(start.column - 1, end.column - 1) ?? '';
  return [lines[start.line - 1]?.slice(start.column - 1) ?? '', ...lines.slice(start.line, end.line - 1), lines[end.line - 1]?.slice(0, end.column - 1) ?? ''].join('\n');
}

/** A mutant Stryker did not kill, as the summary and the triage name it. */
export function survivorOf(file: string, source: string, m: StrykerMutant): Survivor {
  return { file, line: m.location.start.line, column: m.location.start.column, mutator: m.mutatorName, status: m.status as Survivor['status'], original: oneLine(excerpt(source, m.location)), replacement: oneLine(m.replacement ?? '') };
}

// A mutant is found again by its code, not its place: an edit above it moves it, not what it is.
const triageKey = (v: Pick<Survivor, 'file' | 'mutator' | 'original' | 'replacement'>) => JSON.stringify([v.file, v.mutator, v.original, v.replacement]);

/**
 * Pairs survivors with their triage entries by file, mutator, code and replacement; entries with
 * the same key go to survivors of that key in line order. Returns the survivors with their triage
 * and the entries left over, which name mutants no longer surviving (stale).
 */
export function applyTriage(survivors: readonly Survivor[], triage: readonly TriageEntry[]): { survivors: Survivor[]; stale: TriageEntry[] } {
  const waiting = new Map<string, TriageEntry[]>();
  for (const entry of [...triage].sort((a, b) => a.line - b.line)) {
    const key = triageKey(entry);
    waiting.set(key, [...(waiting.get(key) ?? []), entry]);
  }
  const paired = survivors.map((v) => {
    const entry = waiting.get(triageKey(v))?.shift();
    return entry === undefined ? v : { ...v, triage: { verdict: entry.verdict, reason: entry.reason } };
  });
  return { survivors: paired, stale: [...waiting.values()].flat() };
}

/** Reads reports/mutation/triage.json's entries, refusing any it cannot take. */
export function parseTriage(text: string): TriageEntry[] {
  const value = JSON.parse(text) as { survivors?: unknown };
  if (!Array.isArray(value.survivors)) throw new Error('the triage has no "survivors" list');
  return value.survivors.map((entry: Record<string, unknown>, i: number) => {
    for (const field of ['file', 'mutator', 'original', 'replacement', 'reason'] as const) if (typeof entry[field] !== 'string') throw new Error(`triage entry ${i}: "${field}" is not a string`);
    if (!Number.isInteger(entry.line)) throw new Error(`triage entry ${i}: "line" is not a whole number`);
    if (!VERDICTS.includes(entry.verdict as TriageEntry['verdict'])) throw new Error(`triage entry ${i}: "verdict" is ${JSON.stringify(entry.verdict)}, not one of ${VERDICTS.join(', ')}`);
    if ((entry.reason as string).trim() === '') throw new Error(`triage entry ${i}: the reason is empty`);
    return entry as unknown as TriageEntry;
  });
}

export function scoreFolder(folder: Folder, report: StrykerReport, triage: readonly TriageEntry[] = []): FolderScore {
  const tally = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, errors: 0 };
  const survivors: Survivor[] = [];
  const ignoredReasons: Record<string, number> = {};
  for (const [file, { source, mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    if (OUT_OF_SCOPE[file] !== undefined) continue;
    for (const m of mutants) {
      if (m.status === 'Killed' || m.status === 'Timeout' || m.status === 'Survived' || m.status === 'NoCoverage' || m.status === 'Ignored') tally[m.status]++;
      else if (m.status === 'CompileError' || m.status === 'RuntimeError') tally.errors++;
      else throw new Error(`${file}: mutant ${m.id} has status ${m.status}: the run did not finish`);
      if (m.status === 'Ignored') {
        const reason = oneLine(m.statusReason ?? 'no reason given');
        ignoredReasons[reason] = (ignoredReasons[reason] ?? 0) + 1;
      }
      if (m.status === 'Survived' || m.status === 'NoCoverage') survivors.push(survivorOf(file, source, m));
    }
  }
  const detected = tally.Killed + tally.Timeout;
  const valid = detected + tally.Survived + tally.NoCoverage;
  const inFolder = triage.filter((entry) => entry.file.startsWith(`src/${folder}/`));
  const { survivors: sorted, stale } = applyTriage(survivors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column), inFolder);
  const count = (verdict: TriageEntry['verdict'] | undefined) => sorted.filter((v) => v.triage?.verdict === verdict).length;
  return {
    folder,
    killed: tally.Killed,
    timeout: tally.Timeout,
    survived: tally.Survived,
    noCoverage: tally.NoCoverage,
    ignored: tally.Ignored,
    errors: tally.errors,
    score: valid === 0 ? null : Math.floor((detected / valid) * 1000) / 10,
    threshold: THRESHOLDS[folder],
    survivors: sorted,
    triaged: { equivalent: count('equivalent'), killable: count('killable'), untriaged: count(undefined) },
    staleTriage: stale,
    ignoredReasons,
  };
}

export const TRIAGE_FILE = 'reports/mutation/triage.json';

const triageText = (v: Survivor) => (v.triage === undefined ? 'untriaged' : `${v.triage.verdict}: ${oneLine(v.triage.reason, 400)}`);

const verdict = (s: FolderScore) => (s.score === null ? 'no mutants' : s.score >= s.threshold ? 'meets' : 'below');

export function renderSummaryMarkdown(scores: readonly FolderScore[], command: string): string {
  const rows = scores.map((s) => [`src/${s.folder}`, s.score === null ? 'n/a' : `${s.score.toFixed(1)} %`, `${s.threshold} %`, verdict(s), s.killed, s.timeout, s.survived, s.noCoverage, s.ignored, s.errors, s.triaged.equivalent, s.triaged.killable, s.triaged.untriaged]);
  const out = [
    '# Mutation testing of the reference',
    '',
    `Stryker mutates the reference implementation (src/log, src/fold, src/wire, src/loop); the only test is the property suite (test/mutation/reference.mutation.ts), loaded unmutated. Written by \`${command}\`; each folder's Stryker report is in its own folder (mutation.html, and mutation.json, which is also the incremental file of the next run).`,
    '',
    '```',
    formatTable(['folder', 'score', 'bound', 'verdict', 'killed', 'timeout', 'survived', 'no coverage', 'ignored', 'errors', 'equivalent', 'killable', 'untriaged'], rows).trimEnd(),
    '```',
    '',
    'Score = (killed + timeout) ÷ (killed + timeout + survived + no coverage). Ignored mutants are outside the score: each was marked in the source as equivalent, with its reason, or is static (Stryker would have to rerun the whole suite for it; see `ignoreStatic` in stryker.config.json).',
    '',
    `Every mutant not killed (survived or no coverage) is triaged by hand in ${TRIAGE_FILE}: *equivalent* (no input the protocol can hand the reference tells it apart; why) or *killable* (which input would, and what the suite lacks). Equivalent survivors still count against the score, as Stryker counts them.`,
  ];
  const outside = Object.entries(OUT_OF_SCOPE).filter(([file]) => scores.some((s) => file.startsWith(`src/${s.folder}/`)));
  if (outside.length > 0) out.push('', '## Not mutated: files the reference never runs', '', ...outside.map(([file, why]) => `- \`${file}\`: ${why}`));
  for (const s of scores) {
    out.push('', `## src/${s.folder}: ${s.survivors.length} not killed`);
    const reasons = Object.entries(s.ignoredReasons).sort(([, a], [, b]) => b - a);
    if (reasons.length > 0) out.push('', 'Ignored, by reason:', '', ...reasons.map(([reason, n]) => `- ${n} × ${reason}`));
    if (s.survivors.length > 0) {
      out.push('', '| where | mutator | status | original | mutant | triage |', '| --- | --- | --- | --- | --- | --- |');
      const cell = (text: string) => `\`${text.replace(/\|/g, '\\|').replace(/`/g, "'")}\``;
      for (const v of s.survivors) out.push(`| ${v.file}:${v.line}:${v.column} | ${v.mutator} | ${v.status} | ${cell(v.original)} | ${cell(v.replacement)} | ${triageText(v).replace(/\|/g, '\\|')} |`);
    }
  }
  return `${out.join('\n')}\n`;
}

export function renderSummaryHtml(scores: readonly FolderScore[], command: string): string {
  const rows = scores
    .map((s) => `<tr class="${verdict(s) === 'below' ? 'below' : ''}"><th><a href="${s.folder}/mutation.html">src/${s.folder}</a></th><td>${s.score === null ? 'n/a' : `${s.score.toFixed(1)} %`}</td><td>${s.threshold} %</td><td>${verdict(s)}</td><td>${s.killed}</td><td>${s.timeout}</td><td>${s.survived}</td><td>${s.noCoverage}</td><td>${s.ignored}</td><td>${s.errors}</td><td>${s.triaged.equivalent}</td><td>${s.triaged.killable}</td><td>${s.triaged.untriaged}</td></tr>`)
    .join('\n');
  const sections = scores
    .map((s) => {
      const list = s.survivors.map((v) => `<tr><td><code>${esc(`${v.file}:${v.line}:${v.column}`)}</code></td><td>${v.mutator}</td><td>${v.status}</td><td><code>${esc(v.original)}</code></td><td><code>${esc(v.replacement)}</code></td><td class="${v.triage?.verdict ?? 'untriaged'}">${esc(triageText(v))}</td></tr>`).join('\n');
      return `<h2 id="${s.folder}">src/${s.folder}: ${s.survivors.length} not killed</h2>${s.survivors.length === 0 ? '' : `<table class="list"><tr><th>where</th><th>mutator</th><th>status</th><th>original</th><th>mutant</th><th>triage</th></tr>${list}</table>`}`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mutation testing of the reference</title>
<style>body{font:15px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}tr.below td,tr.below th{background:#fde8e8}table.list{font-size:13px}code{font-size:12px;word-break:break-all}td.killable,td.untriaged{background:#fff4d6}</style></head>
<body><h1>Mutation testing of the reference</h1>
<p>Stryker mutates the reference implementation; the only test is the property suite, loaded unmutated. Written by <code>${esc(command)}</code>. Score = (killed + timeout) ÷ (killed + timeout + survived + no coverage); ignored mutants (marked equivalent in the source with a reason, or static) are outside it. Each mutant not killed is triaged by hand in <code>${TRIAGE_FILE}</code>: equivalent, with the reason, or killable, with the input that would kill it.</p>
<table><tr><th>folder</th><th>score</th><th>bound</th><th>verdict</th><th>killed</th><th>timeout</th><th>survived</th><th>no coverage</th><th>ignored</th><th>errors</th><th>equivalent</th><th>killable</th><th>untriaged</th></tr>
${rows}</table>
${sections}
</body></html>
`;
}

/** One folder's report as the interactive page of mutation-testing-elements (the viewer Stryker's own HTML report uses), the report inlined. */
export function renderStrykerHtml(report: StrykerReport): string {
  const require = createRequire(createRequire(import.meta.url).resolve('@stryker-mutator/core'));
  const viewer = readFileSync(require.resolve('mutation-testing-elements/dist/mutation-test-elements.js'), 'utf8');
  // "</" inside the JSON would end the script element early.
  const json = JSON.stringify(report).replace(/<\//g, '<\\/');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mutation testing of the reference</title><script>${viewer}</script></head>
<body><mutation-test-report-app title-postfix="recon"></mutation-test-report-app>
<script>document.querySelector('mutation-test-report-app').report = ${json};</script>
</body></html>
`;
}
