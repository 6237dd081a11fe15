// @ts-nocheck
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunJsonl } from '../../src/suite/run-record.ts';
import { runCli } from '../helpers/run-cli.ts';

const PROPS = ['--property', 'LOG-FORMAT-VERSION', '--property', 'LOG-LOSSLESS-JSON', '--property', 'FOLD-FROZEN'];

describe('reports and expectations', () => {
  const dir = mkdtempSync(join(tmpdir(), 'recon-report-'));

  it('writes the run as JSON Lines, text, Markdown, HTML and JUnit, and re-renders them from the JSONL', async () => {
    const { code } = await runCli(['check', '--impl', 'mutant:reads-any-version', ...PROPS, '--runs', '10', '--seed', '3', '--no-save', '--report', 'out'], {}, dir);
    expect(code).toBe(1);
    const jsonl = readFileSync(join(dir, 'out/run.jsonl'), 'utf8');
    const run = readRunJsonl(jsonl);
    expect(run.header).toMatchObject({ type: 'header', format: 1, harness: { name: 'reconstructable' }, impl: 'mutant:reads-any-version', seed: 3 });
    expect(run.header.corpus.version).toMatch(/^[0-9a-f]{12}$/);
    expect(run.results.map((r) => [r.id, r.status, r.verdict])).toEqual([
      ['LOG-FORMAT-VERSION', 'fail', 'unexpected-fail'],
      ['LOG-LOSSLESS-JSON', 'pass', 'as-expected'],
      ['FOLD-FROZEN', 'pass', 'as-expected'],
    ]);
    expect(run.footer.summary).toEqual({ pass: 2, fail: 1, na: 0, unexpected: 1 });

    const md = readFileSync(join(dir, 'out/summary.md'), 'utf8');
    expect(md).toContain('| `LOG-FORMAT-VERSION` | log | **FAIL (unexpected)** |');
    const html = readFileSync(join(dir, 'out/report.html'), 'utf8');
    expect(html).toContain('id="LOG-FORMAT-VERSION"');
    expect(html).not.toMatch(/(src|href)="https?:/);
    const junit = readFileSync(join(dir, 'out/junit.xml'), 'utf8');
    expect(junit).toContain('<testsuite name="mutant:reads-any-version');
    expect(junit.match(/<testcase /g)).toHaveLength(3);
    expect(junit.match(/<failure /g)).toHaveLength(1);

    const text = readFileSync(join(dir, 'out/summary.txt'), 'utf8');
    expect(text).toContain('FAIL (unexpected)');
    expect(text).toContain('replay: npx recon check --impl mutant:reads-any-version --property LOG-FORMAT-VERSION --runs 10 --seed ');

    for (const [format, file] of [['md', 'summary.md'], ['html', 'report.html'], ['junit', 'junit.xml'], ['text', 'summary.txt'], ['jsonl', 'run.jsonl'], ['badge', 'badge.json']] as const) {
      const again = await runCli(['report', 'out/run.jsonl', '--format', format], {}, dir);
      expect(again.stdout).toBe(readFileSync(join(dir, 'out', file), 'utf8'));
    }
  });

  it('passes when every failure is expected, and fails on an unexpected pass (a stale expectation)', async () => {
    writeFileSync(join(dir, 'known.json'), JSON.stringify({ implementation: 'mutant:reads-any-version', expected: [{ property: 'LOG-FORMAT-VERSION', status: 'fail', reason: 'reads any version on purpose' }] }));
    const asExpected = await runCli(['check', '--impl', 'mutant:reads-any-version', ...PROPS, '--runs', '10', '--seed', '3', '--no-save', '--expectations', 'known.json', '--json'], {}, dir);
    expect(asExpected.code).toBe(0);
    const report = JSON.parse(asExpected.stdout) as { properties: Array<{ id: string; verdict: string; expected?: unknown }>; summary: { unexpected: number } };
    expect(report.properties[0]).toMatchObject({ id: 'LOG-FORMAT-VERSION', verdict: 'as-expected', expected: { status: 'fail' } });
    expect(report.summary.unexpected).toBe(0);

    writeFileSync(join(dir, 'stale.json'), JSON.stringify({ implementation: 'reconstructable-reference', expected: [{ property: 'FOLD-FROZEN', status: 'fail', reason: 'was broken once' }] }));
    const stale = await runCli(['check', ...PROPS, '--runs', '5', '--seed', '3', '--no-save', '--expectations', 'stale.json'], {}, dir);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain('pass (unexpected pass)');
    expect(stale.stdout).toContain('remove the stale expectation');
  });

  it('refuses a malformed expectations file with a usage error', async () => {
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ implementation: 'x', expected: [{ property: 'LOG-LOAD-VALID' }] }));
    const { code, stderr } = await runCli(['check', '--expectations', 'bad.json', '--runs', '1'], {}, dir);
    expect(code).toBe(2);
    expect(stderr).toContain('entry 0 needs a property, a status and a reason');
  });
});

describe('the HTML report', () => {
  it('puts failures first, red when unexpected, gives every property an anchor and shows the difference as text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-html-'));
    const { code } = await runCli(['check', '--impl', 'mutant:wire-null-content', '--property', 'WIRE-PURE', '--property', 'WIRE-MATCHES-SPEC', '--property', 'LOG-FORMAT-VERSION', '--runs', '30', '--seed', '3', '--no-save', '--report', 'out'], {}, dir);
    expect(code).toBe(1);
    const html = readFileSync(join(dir, 'out/report.html'), 'utf8');
    expect(html.indexOf('<h2>Failures</h2>')).toBeGreaterThan(0);
    expect(html.indexOf('<h2>Failures</h2>')).toBeLessThan(html.indexOf('<table>'));
    expect(html).toMatch(/<details id="WIRE-MATCHES-SPEC" class="unexpected-fail" open>/);
    expect(html).toMatch(/<span class="unexpected-fail">FAIL \(unexpected\)<\/span>/);
    const targets = [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]);
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    // One link a property, and one for each clause cited (docs/spec/), whose text the page carries: no link leaves the page dead.
    expect(targets.filter((t) => !t!.startsWith('clause-'))).toHaveLength(3);
    expect(targets).toContain('clause-WIRE-2.1');
    for (const target of targets) expect(ids.has(target), target).toBe(true);
    // The bytes as they are: a quote is one &quot;, never an escaped \".
    const diff = html.slice(html.indexOf('First difference at byte'));
    expect(diff).toContain('<mark>');
    expect(diff.slice(0, diff.indexOf('</pre>'))).not.toContain('\\&quot;');
  }, 60_000);
});
