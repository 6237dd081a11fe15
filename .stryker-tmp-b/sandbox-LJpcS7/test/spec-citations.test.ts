// @ts-nocheck
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

  // The cases below pick their clause and property from the docs as they stand, so they hold while properties are added.
  const citersOf = (id: string) => properties.filter((p) => citedClauseIds(p.clause).includes(id)).map((p) => p.id);
  const clauses = [...spec.clauses.values()];

  it('fails when a clause names a property that does not exist, or that does not cite it', () => {
    const clause = clauses.find((c) => c.checkedBy !== undefined)!;
    const stranger = properties.find((p) => !citersOf(clause.id).includes(p.id))!.id;
    const changed = edited(clause.file, (text) => {
      const lines = text.split('\n');
      const at = lines.findIndex((line, i) => i >= clause.line && line.startsWith('- Checked by: '));
      lines[at] += `, \`LOG-GONE\`, \`${stranger}\``;
      return lines.join('\n');
    });
    const problems = citationProblems(properties, changed);
    expect(problems).toContainEqual(expect.stringContaining(`docs/spec/${clause.file}:${clause.line}: clause ${clause.id} says it is checked by LOG-GONE, which is no property`));
    expect(problems).toContainEqual(expect.stringContaining(`docs/spec/${clause.file}:${clause.line}: clause ${clause.id} says it is checked by ${stranger}, which does not cite it`));
  });

  it('fails when a property drops a citation its clause still lists, and when a clause nobody cites gives no reason', () => {
    const p = properties[0]!;
    const cited = citedClauseIds(p.clause)[0]!;
    const other = clauses.find((c) => !citedClauseIds(p.clause).includes(c.id))!.id;
    const problems = citationProblems(properties.map((q) => (q === p ? { ...q, clause: other } : q)), spec);
    expect(problems).toContainEqual(expect.stringContaining(`clause ${cited} says it is checked by ${p.id}, which does not cite it`));
    expect(problems).toContainEqual(expect.stringContaining(`clause ${other} is cited by ${p.id}, but its "Checked by" line does not name it`));
    // Without the properties that cite a clause, and the docs regenerated, the clause has neither a property nor a reason.
    const lonely = clauses.find((c) => c.checkedBy !== undefined)!.id;
    const rest = properties.filter((q) => !citersOf(lonely).includes(q.id));
    const regenerated = specOf(files.map((f) => ({ name: f.name, text: withCheckedBy(spec, rest).get(f.name)! })));
    expect(citationProblems(rest, regenerated)).toContainEqual(expect.stringContaining(`clause ${lonely} is checked by no property and says not why`));
  });

  it('fails when an unchecked clause is cited after all, a clause loses its source, or an id is defined twice', () => {
    const unchecked = clauses.find((c) => c.unchecked !== undefined)!.id;
    expect(citationProblems([...properties, { id: 'LOG-NEW-THREE', clause: unchecked }], spec)).toContainEqual(expect.stringContaining(`clause ${unchecked} is cited by LOG-NEW-THREE yet says "Unchecked"`));
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
