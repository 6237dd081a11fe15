// The mutation summary counts what Stryker reported, and lists every mutant it did not kill.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { FOLDERS, parseTriage, renderSummaryHtml, renderSummaryMarkdown, scoreFolder, TRIAGE_FILE, type StrykerMutant, type StrykerReport, type TriageEntry } from '../../scripts/mutation-summary.ts';

const at = (line: number, column: number, endColumn: number) => ({ start: { line, column }, end: { line, column: endColumn } });
const mutant = (id: string, status: string, extra: Partial<StrykerMutant> = {}): StrykerMutant => ({ id, mutatorName: 'EqualityOperator', replacement: 'a !== b', location: at(2, 11, 18), status, ...extra });

const report: StrykerReport = {
  files: {
    'src/wire/b.ts': { source: 'x\nconst c = a === b;\n', mutants: [mutant('1', 'Killed'), mutant('2', 'Survived'), mutant('3', 'Timeout')] },
    'src/wire/a.ts': {
      source: 'x\nconst c = a === b;\n',
      mutants: [mutant('4', 'NoCoverage', { mutatorName: 'StringLiteral', replacement: '""' }), mutant('5', 'Ignored', { statusReason: 'equivalent: the decoder is never fed invalid UTF-8' }), mutant('6', 'Ignored', { statusReason: 'Static mutant (and "ignoreStatic" was enabled)' }), mutant('7', 'CompileError')],
    },
  },
};

describe('the mutation summary', () => {
  const score = scoreFolder('wire', report);

  it('scores detected over valid mutants, ignored and errors outside', () => {
    expect({ killed: score.killed, timeout: score.timeout, survived: score.survived, noCoverage: score.noCoverage, ignored: score.ignored, errors: score.errors }).toEqual({ killed: 1, timeout: 1, survived: 1, noCoverage: 1, ignored: 2, errors: 1 });
    expect(score.score).toBe(50);
    expect(score.threshold).toBe(85);
  });

  it('lists each mutant not killed with its place, the code it replaces and the replacement, files in order', () => {
    expect(score.survivors).toEqual([
      { file: 'src/wire/a.ts', line: 2, column: 11, mutator: 'StringLiteral', status: 'NoCoverage', original: 'a === b', replacement: '""' },
      { file: 'src/wire/b.ts', line: 2, column: 11, mutator: 'EqualityOperator', status: 'Survived', original: 'a === b', replacement: 'a !== b' },
    ]);
    expect(score.ignoredReasons).toEqual({ 'equivalent: the decoder is never fed invalid UTF-8': 1, 'Static mutant (and "ignoreStatic" was enabled)': 1 });
  });

  it('refuses a report of a run that did not finish', () => {
    expect(() => scoreFolder('wire', { files: { 'src/wire/a.ts': { source: '', mutants: [mutant('1', 'Pending')] } } })).toThrow(/did not finish/);
  });

  it('renders the verdict against the bound, in Markdown and HTML', () => {
    const md = renderSummaryMarkdown([score], 'npm run mutation');
    expect(md).toMatch(/src\/wire\s+50\.0 %\s+85 %\s+below/);
    expect(md).toContain('| src/wire/b.ts:2:11 | EqualityOperator | Survived | `a === b` | `a !== b` |');
    const html = renderSummaryHtml([score], 'npm run mutation');
    expect(html).toContain('<tr class="below"><th><a href="wire/mutation.html">src/wire</a></th><td>50.0 %</td>');
    expect(html).toContain('<code>a === b</code>');
  });
});

describe('files the reference never runs', () => {
  it('are left out of the score and named with their reason', () => {
    const score = scoreFolder('fold', { files: { 'src/fold/prefix-break.ts': { source: 'x\nconst c = a === b;\n', mutants: [mutant('1', 'NoCoverage')] }, 'src/fold/session.ts': { source: 'x\nconst c = a === b;\n', mutants: [mutant('2', 'Killed')] } } });
    expect(score.score).toBe(100);
    expect(score.survivors).toEqual([]);
    expect(renderSummaryMarkdown([score], 'npm run mutation')).toMatch(/- `src\/fold\/prefix-break\.ts`: explains a prefix break/);
  });
});

describe('the triage of mutants not killed', () => {
  const entry = (line: number, verdict: 'equivalent' | 'killable', reason: string, extra: Partial<TriageEntry> = {}): TriageEntry => ({ file: 'src/wire/b.ts', line, mutator: 'EqualityOperator', original: 'a === b', replacement: 'a !== b', verdict, reason, ...extra });
  const twice: StrykerReport = { files: { 'src/wire/b.ts': { source: 'x\nconst c = a === b;\nconst d = a === b;\n', mutants: [mutant('1', 'Survived'), mutant('2', 'Survived', { location: at(3, 11, 18) }), mutant('3', 'Killed', { location: at(3, 11, 18), mutatorName: 'BooleanLiteral' })] } } };

  it('pairs each survivor with its entry by code, not place, entries of one key in line order', () => {
    // Both entries were written when the lines were 12 and 13: an edit above moved the mutants.
    const score = scoreFolder('wire', twice, [entry(13, 'killable', 'second'), entry(12, 'equivalent', 'first')]);
    expect(score.survivors.map((v) => [v.line, v.triage])).toEqual([
      [2, { verdict: 'equivalent', reason: 'first' }],
      [3, { verdict: 'killable', reason: 'second' }],
    ]);
    expect(score.triaged).toEqual({ equivalent: 1, killable: 1, untriaged: 0 });
    expect(score.staleTriage).toEqual([]);
  });

  it('counts a survivor without an entry as untriaged and an entry without a survivor as stale', () => {
    const other = entry(2, 'equivalent', 'gone', { replacement: 'false' });
    const score = scoreFolder('wire', twice, [entry(2, 'equivalent', 'first'), other, entry(9, 'equivalent', 'another folder', { file: 'src/log/a.ts' })]);
    expect(score.triaged).toEqual({ equivalent: 1, killable: 0, untriaged: 1 });
    expect(score.staleTriage).toEqual([other]);
  });

  it('shows each verdict and reason beside its mutant', () => {
    const md = renderSummaryMarkdown([scoreFolder('wire', twice, [entry(2, 'equivalent', 'JSON has no undefined')])], 'npm run mutation');
    expect(md).toContain('| src/wire/b.ts:2:11 | EqualityOperator | Survived | `a === b` | `a !== b` | equivalent: JSON has no undefined |');
    expect(md).toContain('| src/wire/b.ts:3:11 | EqualityOperator | Survived | `a === b` | `a !== b` | untriaged |');
  });

  it('refuses an entry without a known verdict, a reason or a line', () => {
    const file = (e: unknown) => JSON.stringify({ survivors: [e] });
    expect(parseTriage(file(entry(2, 'equivalent', 'why')))).toEqual([entry(2, 'equivalent', 'why')]);
    expect(() => parseTriage(file({ ...entry(2, 'equivalent', 'why'), verdict: 'maybe' }))).toThrow(/"verdict" is "maybe"/);
    expect(() => parseTriage(file(entry(2, 'equivalent', '  ')))).toThrow(/reason is empty/);
    expect(() => parseTriage(file({ ...entry(2, 'equivalent', 'why'), line: '2' }))).toThrow(/"line"/);
    expect(() => parseTriage('{}')).toThrow(/no "survivors" list/);
  });
});

describe('the committed mutation report', () => {
  // The acceptance line "every survivor triaged": a rerun that leaves a new survivor, or kills a triaged one, fails here until the triage says so.
  it('has every mutant not killed triaged, and no triage entry naming a mutant no longer alive', () => {
    const root = new URL('../../', import.meta.url);
    const triage = parseTriage(readFileSync(new URL(TRIAGE_FILE, root), 'utf8'));
    const scores = FOLDERS.map((folder) => scoreFolder(folder, JSON.parse(readFileSync(new URL(`reports/mutation/${folder}/mutation.json`, root), 'utf8')) as StrykerReport, triage));
    expect(scores.flatMap((s) => s.survivors.filter((v) => v.triage === undefined).map((v) => `${v.file}:${v.line}:${v.column} ${v.mutator}`))).toEqual([]);
    expect(scores.flatMap((s) => s.staleTriage.map((e) => `${e.file}:${e.line} ${e.mutator}`))).toEqual([]);
    expect(scores.reduce((n, s) => n + s.survivors.length, 0)).toBe(triage.length);
  });
});
