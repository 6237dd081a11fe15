// docs/spec/ and the properties' citations, held against each other in both directions: every
// id a property cites is a clause, every clause names exactly the properties that cite it (or
// says why none does), and the generated lines are what `npm run spec:checked-by` writes.
// The later cases edit a copy of the docs in memory to show each check fails when it should.
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../properties/index.ts';
import { citationProblems, citedClauseIds, readSpecFiles, specOf, withCheckedBy, type Citing } from '../src/spec/index.ts';
import { renderRunHtml } from '../src/report/html.ts';
import type { RunRecord } from '../src/suite/run-record.ts';
import { runCli } from './helpers/run-cli.ts';

const files = readSpecFiles();
const spec = specOf(files);
const properties: Citing[] = PROPERTIES.map((p) => ({ id: p.id, clause: p.clause }));

/** The docs with `edit` applied to the text of `name`. */
function edited(name: string, edit: (text: string) => string) {
  return specOf(files.map((f) => (f.name === name ? { name, text: edit(f.text) } : f)));
}

/** The text of `file` without the clause `id`, anchor to last bullet, as deleting it by hand leaves it. */
function withoutClause(id: string) {
  const clause = spec.clauses.get(id)!;
  return edited(clause.file, (text) => {
    const lines = text.split('\n');
    lines.splice(clause.line - 1, clause.bullets.end - clause.line + 1);
    return lines.join('\n');
  });
}

describe('docs/spec/ and the properties that cite it', () => {
  it('states the rule in clauses of every layer', () => {
    for (const layer of ['RULE', 'LOG', 'FOLD', 'REQ', 'LOOP', 'WIRE', 'ATT', 'CACHE']) {
      expect([...spec.clauses.keys()].filter((id) => id.startsWith(`${layer}-`)).length, layer).toBeGreaterThanOrEqual(4);
    }
  });

  it('holds in both directions: no dangling citation, no clause without a property or a reason', () => {
    expect(citationProblems(properties, spec)).toEqual([]);
  });

  it('is what `npm run spec:checked-by` writes', () => {
    const written = withCheckedBy(spec, properties);
    for (const f of files) expect(written.get(f.name), `docs/spec/${f.name} is stale: run \`npm run spec:checked-by\``).toBe(f.text);
  });

  it('resolves every citation `recon check --list --json` prints', async () => {
    const { code, stdout } = await runCli(['check', '--list', '--json']);
    expect(code).toBe(0);
    const list = JSON.parse(stdout) as Array<{ id: string; clause: string; clauses: string[] }>;
    expect(list.map((p) => p.id)).toEqual(PROPERTIES.map((p) => p.id));
    for (const p of list) {
      expect(p.clauses, p.id).toEqual(citedClauseIds(p.clause));
      expect(p.clauses.length, `${p.id} cites no clause`).toBeGreaterThan(0);
      for (const id of p.clauses) expect(spec.clauses.has(id), `${p.id} cites ${id}, which docs/spec/ does not hold`).toBe(true);
    }
  });

  it('fails when a clause a property cites is removed, naming the property, the clause and the fix', () => {
    const fork = PROPERTIES.find((p) => p.id === 'LOG-FORK')!;
    const id = citedClauseIds(fork.clause)[0]!;
    const problems = citationProblems(properties, withoutClause(id));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^property LOG-FORK cites ${id.replace('.', '\\.')}, which is no clause of docs/spec/: .*docs/spec/log\\.md holds the LOG clauses.*npm run spec:checked-by`)));
  });

  it('fails when a property cites an id that is no clause, or cites none', () => {
    const problems = citationProblems([...properties, { id: 'LOG-NEW-ONE', clause: 'LOG-99.1 (a clause not yet written)' }, { id: 'LOG-NEW-TWO', clause: 'spec §1.2' }], spec);
    expect(problems).toContainEqual(expect.stringContaining('property LOG-NEW-ONE cites LOG-99.1, which is no clause of docs/spec/'));
    expect(problems).toContainEqual(expect.stringContaining('property LOG-NEW-TWO cites no clause of docs/spec/ (its clause is "spec §1.2")'));
  });

  it('fails when a clause names a property that does not exist, or that does not cite it', () => {
    const clause = spec.clauses.get('LOG-7.1')!;
    const changed = edited(clause.file, (text) => text.replace('- Checked by: `LOG-TORN-TAIL`\n', '- Checked by: `LOG-TORN-TAIL`, `LOG-GONE`, `WIRE-PURE`\n'));
    const problems = citationProblems(properties, changed);
    expect(problems).toContainEqual(expect.stringMatching(/^docs\/spec\/log\.md:\d+: clause LOG-7\.1 says it is checked by LOG-GONE, which is no property/));
    expect(problems).toContainEqual(expect.stringMatching(/^docs\/spec\/log\.md:\d+: clause LOG-7\.1 says it is checked by WIRE-PURE, which does not cite it/));
  });

  it('fails when a property drops a citation its clause still lists, and when a clause nobody cites gives no reason', () => {
    const dropped = properties.map((p) => (p.id === 'LOG-FORMAT-VERSION' ? { ...p, clause: 'LOG-3.1' } : p));
    const problems = citationProblems(dropped, spec);
    expect(problems).toContainEqual(expect.stringContaining('clause LOG-1.4 says it is checked by LOG-FORMAT-VERSION, which does not cite it'));
    expect(problems).toContainEqual(expect.stringContaining('clause LOG-3.1 is cited by LOG-FORMAT-VERSION, but its "Checked by" line does not name it'));
    const alone = properties.filter((p) => p.id !== 'LOG-FORK');
    const orphaned = specOf(files.map((f) => ({ name: f.name, text: withCheckedBy(spec, alone).get(f.name)! })));
    expect(citationProblems(alone, orphaned)).toContainEqual(expect.stringContaining('clause LOG-9.3 is checked by no property and says not why'));
  });

  it('fails when an unchecked clause is cited after all, a clause loses its source, or an id is defined twice', () => {
    const cited = citationProblems([...properties, { id: 'LOG-UTF8', clause: 'LOG-1.2' }], spec);
    expect(cited).toContainEqual(expect.stringContaining('clause LOG-1.2 is cited by LOG-UTF8 yet says "Unchecked"'));
    const sourceless = edited('log.md', (text) => text.replace(/(<a id="LOG-7\.1"><\/a>[\s\S]*?)- Source: [^\n]*\n/, '$1'));
    expect(citationProblems(properties, sourceless)).toContainEqual(expect.stringContaining('clause LOG-7.1 has no "- Source:" bullet'));
    const twice = edited('fold.md', (text) => `${text}\n<a id="FOLD-1.1"></a>\n**FOLD-1.1** Again.\n\n- Source: recon.\n- Unchecked: a copy.\n`);
    expect(citationProblems(properties, twice)).toContainEqual(expect.stringMatching(/clause FOLD-1\.1 is defined again \(first at docs\/spec\/fold\.md:\d+\)/));
  });
});

describe('report.html', () => {
  it('links each citation to the clause text the page carries, and leaves an id docs/spec/ lacks as text', () => {
    const run = {
      header: { implementation: { name: 'x', version: '1', language: 'ts', levels: ['log'] }, seed: 1, budget: 1, corpus: { version: 'c' }, harness: { version: '9.9.9' }, node: 'v20', startedAt: 'now' },
      results: [
        { id: 'LOG-TORN-TAIL', title: 'torn tails are cut', level: 'log', status: 'pass', verdict: 'as-expected', runs: 1, timeMs: 1, clause: 'LOG-7.1, LOG-7.2 (torn tail), LOG-99.9' },
      ],
      footer: { summary: { pass: 1, fail: 0, na: 0, unexpected: 0 }, timeMs: 1 },
    } as unknown as RunRecord;
    const html = renderRunHtml(run, spec);
    expect(html).toContain('<a href="#clause-LOG-7.1">LOG-7.1</a>, <a href="#clause-LOG-7.2">LOG-7.2</a> (torn tail), LOG-99.9');
    expect(html).toContain('<dt id="clause-LOG-7.2"><code>LOG-7.2</code> <span class="clause">docs/spec/log.md#LOG-7.2</span></dt>');
    expect(html).toContain('<code>TORN_COMMITTED</code>');
    expect(html).not.toContain('clause-LOG-99.9');
  });
});
