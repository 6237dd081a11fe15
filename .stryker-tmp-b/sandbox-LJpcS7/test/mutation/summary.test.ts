// @ts-nocheck
// The mutation summary counts what Stryker reported, and lists every mutant it did not kill.
import { describe, expect, it } from 'vitest';
import { renderSummaryHtml, renderSummaryMarkdown, scoreFolder, type StrykerMutant, type StrykerReport } from '../../scripts/mutation-summary.ts';

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
