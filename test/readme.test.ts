import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../properties/index.ts';
import { MUTANTS } from '../src/conformance/mutants/catalog.ts';
import { LOG_ERROR_CODES, WIRE_ERROR_CODES } from '../src/errors.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const BASELINE = JSON.parse(readFileSync(new URL('../reports/bench/baseline.json', import.meta.url), 'utf8'));

describe('the README', () => {
  it('starts with exactly the two set-up commands', () => {
    expect(README.split('\n').slice(0, 6).join('\n')).toBe('# reconstructable\n\n```sh\nnpm ci && npm start\nnpm test\n```');
  });

  it('states the counts the code has', () => {
    expect(README).toContain(`The suite has ${PROPERTIES.length}:`);
    expect(README).toContain(`against ${MUTANTS.length} mutants`);
    const inProcess = MUTANTS.filter((m) => m.runs === 'in-process').length;
    expect(README).toContain(`${inProcess} in process`);
    expect(README).toContain(`${MUTANTS.length - inProcess} out of\nprocess`);
  });

  it('lists every code an implementation reports', () => {
    for (const code of [...Object.keys(LOG_ERROR_CODES), ...Object.keys(WIRE_ERROR_CODES)]) expect(README).toContain(`| \`${code}\` |`);
  });

  it('quotes the committed bench baseline as it is', () => {
    const { fold, load, check, suite, cache } = BASELINE;
    const rows = [
      `| ${fold.cachedVsNaive10k.toFixed(0)}× faster |`,
      `| ${fold.perStep10kOver1k.toFixed(2)} (flat) |`,
      `| ${fold.referenceVsDsh.toFixed(1)}× faster |`,
      `| ${load.vsJsonParse.toFixed(2)} |`,
      `| ${load.referenceVsDsh.toFixed(1)}× faster |`,
      `| ${check.overhead.toFixed(2)}× the time |`,
      `| ${suite.inProcess.casesPerSecond.toFixed(0)} / ${suite.stdio.casesPerSecond.toFixed(0)} |`,
      `| ${(cache.referenceAttainment * 100).toFixed(0)} % / ${(cache.naiveAttainment * 100).toFixed(1)} % |`,
    ];
    for (const row of rows) expect(README).toContain(row);
  });
});
