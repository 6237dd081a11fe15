/**
 * docs/spec/ read as clauses: recon's own statement of the rule, one checkable statement a
 * clause, each under a stable id such as `LOG-2.1` (docs/spec/README.md gives the format).
 * Properties cite these ids in their `clause`; reports link the citations to the text.
 */
// @ts-nocheck

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../_internals/package-root.ts';

/** A clause id: a layer, its section and the item in it. Property ids never hold a dot, so the two cannot be mistaken. */
export const CLAUSE_ID = /^[A-Z]+-\d+\.\d+$/;
const CITED = /\b[A-Z]+-\d+\.\d+\b/g;
const ANCHOR = /^<a id="([^"]*)"><\/a>$/;

export interface Clause {
  readonly id: string;
  /** The file of docs/spec/ it stands in, e.g. `log.md`. */
  readonly file: string;
  /** 1-based line of its anchor. */
  readonly line: number;
  /** The statement, as Markdown on one line, its id not repeated. */
  readonly statement: string;
  readonly source?: string;
  /** The properties its generated `Checked by` line names; undefined when it has none. */
  readonly checkedBy?: readonly string[];
  /** Why no property checks it, when none does. */
  readonly unchecked?: string;
  /** Lines [start, end) (0-based) of its bullets: where the generator rewrites them. */
  readonly bullets: { readonly start: number; readonly end: number };
  /** The text of each bullet as written, continuation lines included (the generator keeps Source and Unchecked). */
  readonly bulletText: { readonly source?: string; readonly unchecked?: string };
}

export interface SpecFile {
  readonly name: string;
  readonly text: string;
  readonly clauses: readonly Clause[];
  /** What the format of a clause is broken by, in this file. */
  readonly problems: readonly string[];
}

export interface Spec {
  readonly files: readonly SpecFile[];
  /** Every clause, by id; the first of two with one id. */
  readonly clauses: ReadonlyMap<string, Clause>;
}

/** The clause ids a citation names, in order, each once. */
export function citedClauseIds(citation: string): string[] {
  return [...new Set(citation.match(CITED) ?? [])];
}

/**
 * The clauses of one file. A clause is an anchor line `<a id="ID"></a>`, a paragraph opening
 * with `**ID**`, then bullets: `- Source: …`, `- Checked by: …` (generated) or
 * `- Unchecked: …`, each possibly continued on lines indented by two spaces. Code fences
 * (examples) are skipped.
 */
export function parseSpecFile(name: string, text: string): SpecFile {
  const lines = text.split('\n');
  const clauses: Clause[] = [];
  const problems: string[] = [];
  let fenced = false;
  for (let i = 0; i < lines.length; i++) {
    // An example in a code fence is not a clause.
    if (lines[i]!.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const anchor = ANCHOR.exec(lines[i]!);
    if (anchor === null) continue;
    const id = anchor[1]!;
    const where = `docs/spec/${name}:${i + 1}`;
    if (!CLAUSE_ID.test(id)) problems.push(`${where}: "${id}" is no clause id (LAYER-section.item, e.g. LOG-2.1)`);
    let j = i + 1;
    const statement: string[] = [];
    while (j < lines.length && lines[j]!.trim() !== '' && !lines[j]!.startsWith('- ') && !lines[j]!.startsWith('#') && !ANCHOR.test(lines[j]!)) statement.push(lines[j++]!.trim());
    const opening = `**${id}**`;
    if (statement.length === 0 || !statement[0]!.startsWith(opening)) problems.push(`${where}: the paragraph after the anchor of ${id} does not open with ${opening}`);
    while (j < lines.length && lines[j]!.trim() === '') j++;
    const start = j;
    const bullets: Record<string, string> = {};
    while (j < lines.length && lines[j]!.startsWith('- ')) {
      const first = j++;
      while (j < lines.length && lines[j]!.startsWith('  ') && lines[j]!.trim() !== '') j++;
      const bullet = lines.slice(first, j).join('\n');
      const label = /^- (Source|Checked by|Unchecked): /.exec(bullet)?.[1];
      if (label === undefined) problems.push(`docs/spec/${name}:${first + 1}: a bullet of ${id} is none of "- Source:", "- Checked by:", "- Unchecked:"`);
      else if (bullets[label] !== undefined) problems.push(`docs/spec/${name}:${first + 1}: ${id} has two "${label}" bullets`);
      else bullets[label] = bullet;
    }
    const flat = (bullet: string | undefined, label: string) => bullet?.slice(`- ${label}: `.length).replace(/\n\s+/g, ' ').trim();
    const checkedBy = flat(bullets['Checked by'], 'Checked by');
    const source = flat(bullets['Source'], 'Source');
    const unchecked = flat(bullets['Unchecked'], 'Unchecked');
    clauses.push({
      id,
      file: name,
      line: i + 1,
      statement: statement.join(' ').slice(statement[0]?.startsWith(opening) === true ? opening.length : 0).trim(),
      ...(source === undefined ? {} : { source }),
      ...(checkedBy === undefined ? {} : { checkedBy: [...checkedBy.matchAll(/`([^`]+)`/g)].map((m) => m[1]!) }),
      ...(unchecked === undefined ? {} : { unchecked }),
      bullets: { start, end: j },
      bulletText: { ...(bullets['Source'] === undefined ? {} : { source: bullets['Source'] }), ...(bullets['Unchecked'] === undefined ? {} : { unchecked: bullets['Unchecked'] }) },
    });
    i = j - 1;
  }
  return { name, text, clauses, problems };
}

/** The spec from its files' texts, by file name. */
export function specOf(files: ReadonlyArray<{ readonly name: string; readonly text: string }>): Spec {
  const parsed = files.map((f) => parseSpecFile(f.name, f.text));
  const clauses = new Map<string, Clause>();
  for (const file of parsed) for (const clause of file.clauses) if (!clauses.has(clause.id)) clauses.set(clause.id, clause);
  return { files: parsed, clauses };
}

/** The Markdown files of `dir` (default: the package's docs/spec/), by name. Empty when the folder is absent. */
export function readSpecFiles(dir: string = packagePath('docs/spec')): Array<{ name: string; text: string }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

let shipped: Spec | undefined;

/** The spec the package ships (docs/spec/), read once. */
export function shippedSpec(): Spec {
  shipped ??= specOf(readSpecFiles());
  return shipped;
}
