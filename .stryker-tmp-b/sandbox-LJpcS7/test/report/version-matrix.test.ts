// @ts-nocheck
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMatrixHtml, renderMatrixMarkdown, versionMatrix } from '../../src/report/version-matrix.ts';
import { writeRunJsonl, type RunRecord, type RunResult } from '../../src/suite/run-record.ts';
import type { Level } from '../../src/contract/implementation.ts';
import { runCli } from '../helpers/run-cli.ts';

type Status = RunResult['status'];

/** A small stored run: one implementation version, the given results. */
function run(version: string, levels: readonly Level[], results: ReadonlyArray<readonly [string, string, Status, ('as-expected' | 'unexpected-fail')?]>): RunRecord {
  const rows: RunResult[] = results.map(([id, level, status, verdict]) => ({
    type: 'result',
    id,
    level,
    title: `${id} <title>`,
    clause: 'spec §1',
    status,
    verdict: verdict ?? 'as-expected',
    runs: status === 'n/a' ? 0 : 10,
    regressions: 0,
    timeMs: 5,
    // A failure judged as expected has the expectation that made it so.
    ...(status === 'fail' && (verdict ?? 'as-expected') === 'as-expected' ? { expected: { property: id, status: 'fail' as const, reason: `${id} <known>` } } : {}),
  }));
  const count = (s: Status) => rows.filter((r) => r.status === s).length;
  return {
    header: {
      type: 'header',
      format: 1,
      harness: { name: 'reconstructable', version: '0.1.0' },
      corpus: { version: 'abc', regressions: 0, properties: rows.length },
      implementation: { name: 'deepseek-harness', version, language: 'typescript', levels },
      impl: `dsh@${version}`,
      seed: 1,
      budget: 10,
      startedAt: '2026-01-01T00:00:00.000Z',
      node: 'v20',
    },
    results: rows,
    footer: { type: 'footer', summary: { pass: count('pass'), fail: count('fail'), na: count('n/a'), unexpected: rows.filter((r) => r.verdict !== 'as-expected').length }, timeMs: 1000 },
  };
}

const old = run('0.1.0-rc.6', ['log', 'loop'], [
  ['LOG-A', 'log', 'fail'],
  ['LOG-B', 'log', 'pass'],
  ['WIRE-A', 'wire', 'n/a'],
]);
const next = run('0.1.0-rc.8', ['log', 'wire', 'loop'], [
  ['LOG-A', 'log', 'pass', 'unexpected-fail'],
  ['LOG-B', 'log', 'pass'],
  ['WIRE-A', 'wire', 'pass'],
  ['LOOP-NEW', 'loop', 'fail'],
]);

describe('the version × property matrix', () => {
  it('has one column per run in the given order and one row per property, marking only pass/fail changes', () => {
    const m = versionMatrix([old, next]);
    expect(m.columns.map((c) => [c.version, c.levels.join(',')])).toEqual([
      ['0.1.0-rc.6', 'log,loop'],
      ['0.1.0-rc.8', 'log,wire,loop'],
    ]);
    expect(m.rows.map((r) => [r.id, r.cells.map((c) => c?.status ?? '-').join('/'), r.differs])).toEqual([
      ['LOG-A', 'fail/pass', true],
      ['LOG-B', 'pass/pass', false],
      ['WIRE-A', 'n/a/pass', false], // a level one version lacks is not a change of behaviour
      ['LOOP-NEW', '-/fail', false],
    ]);
    expect(m.rows[0]!.cells[1]).toEqual({ status: 'pass', expected: false, runs: 10 });
  });

  it('renders as Markdown and as one escaped HTML page, with totals per version', () => {
    const m = versionMatrix([old, next]);
    const md = renderMatrixMarkdown(m);
    expect(md).toContain('| property | level | 0.1.0-rc.6 | 0.1.0-rc.8 |');
    expect(md).toContain('| `LOG-A` ◆ | log | **fail (expected)** | **pass (unexpected)** |');
    expect(md).toContain('| `LOOP-NEW` | loop | — | **fail (expected)** |');
    expect(md).toContain('Expected failures and why:\n\n- `LOG-A` on 0.1.0-rc.6: LOG-A <known>\n- `LOOP-NEW` on 0.1.0-rc.8: LOOP-NEW <known>\n');
    expect(md).toContain('| **pass** | | 1 | 3 |');
    const html = renderMatrixHtml(m);
    expect(html).toContain('<tr class="differs"><td><code>LOG-A</code>');
    expect(html).toContain('LOG-A &lt;title&gt;');
    expect(html).not.toContain('<title>LOG-A');
    expect(html).toContain('<td class="c pass unexpected" title="10 cases">pass (unexpected)</td>');
    expect(html).toContain('<td class="c fail known" title="10 cases: LOG-A &lt;known&gt;">fail (expected)<div class="why">LOG-A &lt;known&gt;</div></td>');
    expect(html.match(/<tr/g)?.length).toBe(2 + 4 + 4); // head rows, property rows, totals
  });

  it('names each column by implementation and version once it holds more than one implementation', () => {
    const port: RunRecord = { ...next, header: { ...next.header, implementation: { ...next.header.implementation, name: 'mini-port', version: '0.2.0', language: 'python' }, impl: 'cmd:python3 adapter.py' } };
    const md = renderMatrixMarkdown(versionMatrix([old, port]));
    expect(md).toContain('| property | level | deepseek-harness 0.1.0-rc.6 | mini-port 0.2.0 |');
    expect(md).toContain('# deepseek-harness, mini-port: property × version');
    expect(renderMatrixHtml(versionMatrix([old, port]))).toContain('<th class="v">mini-port 0.2.0</th>');
  });

  it('is what `recon report matrix` writes from stored run.jsonl files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-matrix-'));
    writeFileSync(join(dir, 'a.jsonl'), writeRunJsonl(old));
    writeFileSync(join(dir, 'b.jsonl'), writeRunJsonl(next));
    expect((await runCli(['report', 'matrix', 'a.jsonl', 'b.jsonl', '--format', 'html', '-o', 'm.html'], {}, dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'm.html'), 'utf8')).toBe(renderMatrixHtml(versionMatrix([old, next])));
    expect(await runCli(['report', 'matrix', 'a.jsonl'], {}, dir)).toEqual({ code: 0, stdout: renderMatrixMarkdown(versionMatrix([old])), stderr: '' });
    expect((await runCli(['report', 'matrix', 'a.jsonl', '--format', 'junit'], {}, dir)).code).toBe(2);
  });
});
