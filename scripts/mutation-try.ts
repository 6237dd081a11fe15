// `npm run mutation -- --try <properties>`: a triage entry's claim checked by hand. Each killable
// entry's mutant is put into a copy of src/ (in .stryker-tmp/, where the suite finds its own
// unmutated files, as in a Stryker sandbox) and the chosen properties run against it: KILLED
// means the suite as it is now kills it (the entry can go once a run confirms), SURVIVED that
// it still lives. Minutes for a handful of entries, where a Stryker re-run takes a folder.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../src/_internals/package-root.ts';
import { applyTriage, parseTriage, survivorOf, TRIAGE_FILE, type Folder, type StrykerReport } from './mutation-summary.ts';

export interface TryOptions {
  readonly folders: readonly Folder[];
  /** Only entries of these files (src/… paths); all when undefined. */
  readonly files?: readonly string[];
  /** Mocha's --grep over "reference, <era> era <PROPERTY-ID>". */
  readonly grep: string;
  readonly runs: string;
  /** Equivalent entries too (a verdict to check). */
  readonly all: boolean;
}

const offsetOf = (source: string, line: number, column: number) => {
  let at = 0;
  for (let l = 1; l < line; l++) at = source.indexOf('\n', at) + 1;
  return at + column - 1;
};

export function tryTriage(options: TryOptions): number {
  const triage = parseTriage(readFileSync(packagePath(TRIAGE_FILE), 'utf8'));
  const sandbox = packagePath(`.stryker-tmp/try-${process.pid}`);
  const run = (): number => {
    const env = { ...process.env, RECON_MUTATION_RUNS: options.runs, NODE_OPTIONS: '--import tsx' };
    const spec = join(sandbox, 'test/mutation/reference.mutation.ts');
    const result = spawnSync(packagePath('node_modules/.bin/mocha'), ['--no-config', '--no-package', '--extension', 'ts', '--bail', spec, '--grep', options.grep], { cwd: packagePath('.'), env, encoding: 'utf8' });
    return result.status ?? 1;
  };
  const fresh = (file?: string, text?: string) => {
    rmSync(join(sandbox, 'src'), { recursive: true, force: true });
    cpSync(packagePath('src'), join(sandbox, 'src'), { recursive: true });
    mkdirSync(join(sandbox, 'test/mutation'), { recursive: true });
    cpSync(packagePath('test/mutation/reference.mutation.ts'), join(sandbox, 'test/mutation/reference.mutation.ts'));
    if (file !== undefined) writeFileSync(join(sandbox, file), text!);
  };
  try {
    fresh();
    if (run() !== 0) {
      console.error(`mutation: the chosen properties (--try ${options.grep}) fail on the unmutated reference: nothing to learn (TRY_UNMUTATED_FAILS)`);
      return 1;
    }
    let tried = 0;
    for (const folder of options.folders) {
      const report = JSON.parse(readFileSync(packagePath(`reports/mutation/${folder}/mutation.json`), 'utf8')) as StrykerReport;
      for (const [file, { source, mutants }] of Object.entries(report.files)) {
        if (options.files !== undefined && !options.files.includes(file)) continue;
        const entries = triage.filter((e) => e.file === file && (options.all || e.verdict === 'killable'));
        if (entries.length === 0) continue;
        if (readFileSync(packagePath(file), 'utf8') !== source) {
          console.error(`mutation: ${file} changed since its report: run the folder again first (TRY_STALE_REPORT)`);
          return 1;
        }
        // Paired with their entries exactly as the summary pairs them (applyTriage keeps the order).
        const alive = mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage').sort((a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column);
        const { survivors } = applyTriage(alive.map((m) => survivorOf(file, source, m)), entries);
        for (const [i, v] of survivors.entries()) {
          if (v.triage === undefined) continue;
          const m = alive[i]!;
          const at = offsetOf(source, m.location.start.line, m.location.start.column);
          const to = offsetOf(source, m.location.end.line, m.location.end.column);
          fresh(file, source.slice(0, at) + (m.replacement ?? '') + source.slice(to));
          const verdict = run() !== 0 ? 'KILLED  ' : 'SURVIVED';
          tried++;
          console.log(`${verdict} ${file}:${v.line} ${v.mutator} ${JSON.stringify(v.original.slice(0, 70))} → ${JSON.stringify(v.replacement.slice(0, 40))} (${v.triage.verdict})`);
        }
      }
    }
    console.error(`mutation: ${tried} triaged mutants tried against ${options.grep} at ${options.runs} runs`);
    return 0;
  } finally {
    rmSync(sandbox, { recursive: true, force: true });
  }
}


