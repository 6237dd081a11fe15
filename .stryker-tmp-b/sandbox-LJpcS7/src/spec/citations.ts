/**
 * Properties and clauses held against each other, in both directions: every property cites
 * clauses that exist, and every clause names exactly the properties that cite it (its
 * generated `Checked by` line) or says why none does (`Unchecked`). The same module writes
 * the generated lines (`npm run spec:checked-by`), so they are never kept by hand.
 */
// @ts-nocheck

import { citedClauseIds, type Clause, type Spec } from './clauses.ts';

/** What a property shows of itself here: its id and its citation. */
export interface Citing {
  readonly id: string;
  readonly clause: string;
}

const REWRITE = 'then run `npm run spec:checked-by`, which rewrites every "Checked by" line and the coverage table of docs/spec/README.md';
const COVERAGE = /<!-- coverage[^>]*-->[\s\S]*?<!-- \/coverage -->/;

function citersOf(properties: readonly Citing[]): Map<string, string[]> {
  const citers = new Map<string, string[]>();
  for (const p of properties) for (const id of citedClauseIds(p.clause)) citers.set(id, [...(citers.get(id) ?? []), p.id]);
  return citers;
}

const at = (c: Clause) => `docs/spec/${c.file}:${c.line}`;
const prefixOf = (id: string) => id.slice(0, id.indexOf('-'));

/** Everything that does not hold between `properties` and `spec`, each a sentence that names the property or clause and says what to do. */
export function citationProblems(properties: readonly Citing[], spec: Spec): string[] {
  const problems = spec.files.flatMap((f) => f.problems);
  const ids = new Set(properties.map((p) => p.id));
  const citers = citersOf(properties);
  const seen = new Map<string, Clause>();
  const prefixFile = new Map<string, string>();
  for (const file of spec.files) {
    const prefixes = [...new Set(file.clauses.map((c) => prefixOf(c.id)))];
    if (prefixes.length > 1) problems.push(`docs/spec/${file.name}: its clauses have the layers ${prefixes.join(', ')}; one file holds the clauses of one layer`);
    for (const prefix of prefixes) {
      const other = prefixFile.get(prefix);
      if (other !== undefined && other !== file.name) problems.push(`docs/spec/${file.name}: layer ${prefix} is also that of docs/spec/${other}; one layer is one file`);
      prefixFile.set(prefix, file.name);
    }
  }
  for (const file of spec.files) {
    for (const c of file.clauses) {
      const first = seen.get(c.id);
      if (first !== undefined) problems.push(`${at(c)}: clause ${c.id} is defined again (first at ${at(first)}); give it the next free number of its section`);
      seen.set(c.id, c);
      if (c.source === undefined || c.source === '') problems.push(`${at(c)}: clause ${c.id} has no "- Source:" bullet: name the upstream section, commit or document it restates`);
      const citing = citers.get(c.id) ?? [];
      for (const listed of c.checkedBy ?? []) {
        if (!ids.has(listed)) problems.push(`${at(c)}: clause ${c.id} says it is checked by ${listed}, which is no property; ${REWRITE}`);
        else if (!citing.includes(listed)) problems.push(`${at(c)}: clause ${c.id} says it is checked by ${listed}, which does not cite it: cite ${c.id} in ${listed}'s clause if it checks it, ${REWRITE}`);
      }
      for (const p of citing) if (!(c.checkedBy ?? []).includes(p)) problems.push(`${at(c)}: clause ${c.id} is cited by ${p}, but its "Checked by" line does not name it; ${REWRITE}`);
      if (citing.length === 0 && c.unchecked === undefined) {
        problems.push(`${at(c)}: clause ${c.id} is checked by no property and says not why: cite it in the clause of the property that checks it, or add "- Unchecked: <why no property can check it>" under its Source`);
      }
      if (citing.length > 0 && c.unchecked !== undefined) problems.push(`${at(c)}: clause ${c.id} is cited by ${citing.join(', ')} yet says "Unchecked": remove its Unchecked bullet, ${REWRITE}`);
    }
  }
  for (const p of properties) {
    const cited = citedClauseIds(p.clause);
    if (cited.length === 0) problems.push(`property ${p.id} cites no clause of docs/spec/ (its clause is ${JSON.stringify(p.clause)}): write the ids of the clauses it checks, e.g. clause: 'LOG-9.1, LOG-9.3 (fork refusals)', ${REWRITE}`);
    for (const id of cited) {
      if (!spec.clauses.has(id)) {
        const file = prefixFile.get(prefixOf(id));
        problems.push(`property ${p.id} cites ${id}, which is no clause of docs/spec/: cite a clause that exists${file === undefined ? '' : ` (docs/spec/${file} holds the ${prefixOf(id)} clauses)`}, or write ${id} there, ${REWRITE}`);
      }
    }
  }
  return problems;
}

/** The `Checked by` bullet of a clause cited by `citing`; undefined when nothing cites it. */
function checkedByLine(citing: readonly string[]): string | undefined {
  return citing.length === 0 ? undefined : `- Checked by: ${citing.map((id) => `\`${id}\``).join(', ')}`;
}

/** The coverage table of the README: clauses per file, how many a property checks, and the unchecked ones. */
function coverage(spec: Spec, citers: ReadonlyMap<string, readonly string[]>, readme: string): string {
  // Files in the order the README first links them.
  const order = (name: string) => {
    const i = readme.indexOf(`](${name})`);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const files = spec.files.filter((f) => f.clauses.length > 0).sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name));
  const rows = files.map((f) => {
    const checked = f.clauses.filter((c) => (citers.get(c.id) ?? []).length > 0).length;
    return { name: f.name, all: f.clauses.length, checked };
  });
  const total = rows.reduce((s, r) => ({ all: s.all + r.all, checked: s.checked + r.checked }), { all: 0, checked: 0 });
  const unchecked = files.flatMap((f) => f.clauses.filter((c) => (citers.get(c.id) ?? []).length === 0).map((c) => `[${c.id}](${f.name}#${c.id})`));
  return [
    '<!-- coverage: written by `npm run spec:checked-by`; do not edit -->',
    '| file | clauses | checked by a property | unchecked |',
    '|---|---|---|---|',
    ...rows.map((r) => `| [${r.name}](${r.name}) | ${r.all} | ${r.checked} | ${r.all - r.checked} |`),
    `| all | ${total.all} | ${total.checked} | ${total.all - total.checked} |`,
    '',
    `Unchecked (each says why in its file): ${unchecked.length === 0 ? 'none' : unchecked.join(', ')}.`,
    '<!-- /coverage -->',
  ].join('\n');
}

/**
 * The files of `spec` with every `Checked by` line as `properties` cite the clauses, and the
 * README's coverage table; Source and Unchecked bullets are kept as written. By file name.
 */
export function withCheckedBy(spec: Spec, properties: readonly Citing[]): Map<string, string> {
  const citers = citersOf(properties);
  const out = new Map<string, string>();
  for (const file of spec.files) {
    const lines = file.text.split('\n');
    for (const c of [...file.clauses].reverse()) {
      const bullets = [c.bulletText.source, checkedByLine(citers.get(c.id) ?? []), c.bulletText.unchecked].filter((b): b is string => b !== undefined);
      lines.splice(c.bullets.start, c.bullets.end - c.bullets.start, ...bullets.flatMap((b) => b.split('\n')));
    }
    let text = lines.join('\n');
    if (COVERAGE.test(text)) text = text.replace(COVERAGE, coverage(spec, citers, text));
    out.set(file.name, text);
  }
  return out;
}
