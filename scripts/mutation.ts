// `npm run mutation`: Stryker over the reference, one run per folder, then the summary in
// reports/mutation/. Each folder's last report is its incremental file, so a rerun tests only
// mutants whose code or suite changed. One folder per CI job shards it:
//   npm run mutation -- --folder wire        (then, with every folder's report present)
//   npm run mutation -- --summary
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFileAtomic } from '../src/_internals/atomic-write.ts';
import { packagePath } from '../src/_internals/package-root.ts';
import { DEFAULT_RUNS } from '../src/suite/run-suite.ts';
import { tryTriage } from './mutation-try.ts';
import { FOLDERS, OUT_OF_SCOPE, parseTriage, renderStrykerHtml, renderSummaryHtml, renderSummaryMarkdown, scoreFolder, TRIAGE_FILE, type Folder, type StrykerMutant, type TriageEntry } from './mutation-summary.ts';

const help = `Usage: npm run mutation -- [--folder log|fold|wire|loop]... [--force | --survivors [--file F]...] [--runs N] [--summary [--prune]]
       npm run mutation -- --try <properties> [--folder F]... [--file F]... [--all] [--runs N]

Mutation testing of the reference with the property suite as the only test (Stryker; the
configuration is stryker.config.json). Without --folder every folder runs, one after another.
  --folder <f>   run only this folder (repeatable): one folder per CI job shards the run
  --force        test every mutant, not only those whose code or suite changed since the
                 folder's last report (reports/mutation/<f>/mutation.json)
  --survivors    test again only the mutants the folder's last report did not kill or could
                 not run (and every mutant of a file changed since), and write the results into it:
                 after a change to the suite, which Stryker cannot see (it sees the test
                 file, not the properties it loads); a file added since needs a plain run
  --file <F>     with --survivors: only this file's (repeatable; src/log/json.ts or json.ts)
  --runs <N>     the case budget of every property, as recon check's --runs (default ${DEFAULT_RUNS}, the
                 default check's: a loop property's weight of 0.5 gives it ${DEFAULT_RUNS / 2} cases)
  --summary      only write reports/mutation/README.md, index.html and summary.json from the
                 folder reports present and the hand-kept triage of the mutants not killed
                 (reports/mutation/triage.json: each equivalent, with why, or killable, with
                 what would kill it); an entry naming no surviving mutant fails (TRIAGE_STALE),
                 and every survivor without an entry is printed (UNTRIAGED) as an entry to fill in
  --try <re>     no Stryker run: put each killable triage entry's mutant (of --folder, --file)
                 into a copy of src/ and run the properties whose test title matches <re>
                 (a mocha --grep, e.g. 'LOOP-STEP-HEADER|LOOP-RECONSTRUCT'), printing KILLED or
                 SURVIVED per entry: a quick check of what a suite change kills before a re-run
                 confirms it; --all tries the equivalent entries too
  --prune        with the summary: remove from triage.json the entries naming no surviving
                 mutant (after a run killed them) instead of failing on them
Each folder takes minutes to hours on 2 cores (the loop's properties are the slowest).`;

const COMMAND = 'npm run mutation';

function main(): number {
  const { values } = parseArgs({ options: { folder: { type: 'string', multiple: true }, force: { type: 'boolean' }, survivors: { type: 'boolean' }, file: { type: 'string', multiple: true }, runs: { type: 'string' }, summary: { type: 'boolean' }, prune: { type: 'boolean' }, try: { type: 'string' }, all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help === true) {
    console.log(help);
    return 0;
  }
  const folders = (values.folder ?? [...FOLDERS]) as Folder[];
  const wrong = folders.filter((f) => !FOLDERS.includes(f));
  if (wrong.length > 0) return usage(`--folder takes ${FOLDERS.join(', ')}, not ${wrong.join(', ')}`);
  const runs = values.runs ?? String(DEFAULT_RUNS);
  if (!/^[1-9]\d{0,4}$/.test(runs)) return usage(`--runs takes a whole number from 1 to 99999, not "${runs}"`);
  if (values.force === true && values.survivors === true) return usage('--force tests every mutant, --survivors only those not killed: give one');
  if (values.try !== undefined) {
    if (values.force === true || values.survivors === true || values.summary === true) return usage('--try runs no Stryker and writes no report: give it without --force, --survivors or --summary');
    const files = values.file?.flatMap((f) => (f.startsWith('src/') ? [f] : folders.map((folder) => `src/${folder}/${f}`)));
    return tryTriage({ folders, ...(files === undefined ? {} : { files }), grep: values.try, runs, all: values.all === true });
  }
  if (values.all === true) return usage('--all goes with --try');
  if (values.file !== undefined && values.survivors !== true) return usage('--file narrows --survivors or --try: give one of them');
  if (values.summary !== true) {
    for (const folder of folders) {
      const only = values.file?.map((f) => (f.startsWith('src/') ? f : `src/${folder}/${f}`));
      const status = values.survivors === true ? retestSurvivors(folder, runs, only) : runFolder(folder, values.force === true, runs);
      if (status !== 0) return status;
    }
  }
  return writeSummary(values.prune === true);
}

function usage(message: string): number {
  console.error(`mutation: ${message} (USAGE; see npm run mutation -- --help)`);
  return 2;
}

function runFolder(folder: Folder, force: boolean, runs: string): number {
  const out = packagePath(`reports/mutation/${folder}`);
  mkdirSync(out, { recursive: true });
  // A folder runs in parts of a few hundred lines: each part's results join the folder's report
  // (the incremental file keeps those of files outside a run's scope), so a run cut short keeps
  // every part it finished.
  const parts = partsOf(folder);
  for (const [i, files] of parts.entries()) {
    const config = { mutate: files, incrementalFile: reportFile(folder), htmlReporter: { fileName: join(out, 'mutation.html') }, reporters: ['html', 'clear-text', 'progress'] };
    const status = runStryker(folder, config, force ? ['--force'] : [], runs, `${force ? 'every mutant' : 'incremental'}, part ${i + 1} of ${parts.length}: ${files.map((f) => f.slice(`src/${folder}/`.length)).join(', ')}`);
    if (status !== 0) return status;
  }
  return 0;
}

const PART_LINES = 600;

function partsOf(folder: Folder): string[][] {
  const files = readdirSync(packagePath(`src/${folder}`), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && basename(f) !== 'index.ts')
    .map((f) => `src/${folder}/${f.split(sep).join('/')}`)
    .filter((f) => OUT_OF_SCOPE[f] === undefined)
    .sort();
  const parts: string[][] = [];
  let lines = Infinity;
  for (const file of files) {
    const n = readFileSync(packagePath(file), 'utf8').split('\n').length;
    if (lines + n > PART_LINES) {
      parts.push([]);
      lines = 0;
    }
    parts.at(-1)!.push(file);
    lines += n;
  }
  return parts;
}

/** A folder's last report: Stryker's own (mutation-testing-report-schema), and its incremental file. */
const reportFile = (folder: Folder) => packagePath(`reports/mutation/${folder}/mutation.json`);

function runStryker(folder: Folder, overrides: Record<string, unknown>, args: readonly string[], runs: string, what: string): number {
  const base = JSON.parse(readFileSync(packagePath('stryker.config.json'), 'utf8')) as Record<string, unknown>;
  const file = join(tmpdir(), `recon-stryker-${folder}-${process.pid}.json`);
  writeFileAtomic(file, JSON.stringify({ ...base, ...overrides }, null, 2));
  console.error(`mutation: src/${folder} (${what}, a budget of ${runs} cases a property)`);
  const result = spawnSync(packagePath('node_modules/.bin/stryker'), ['run', file, ...args], { stdio: 'inherit', cwd: packagePath('.'), env: { ...process.env, RECON_MUTATION_RUNS: runs } });
  rmSync(file, { force: true });
  if (result.error !== undefined) {
    console.error(`mutation: could not start Stryker (${result.error.message}); run npm ci first (STRYKER_MISSING)`);
    return 1;
  }
  if (result.status !== 0) console.error(`mutation: Stryker ended with exit code ${result.status} for src/${folder}`);
  return result.status ?? 1;
}

// Read as Stryker wrote it: every field it has is kept when results are merged back.
type RawReport = { files: Record<string, { source: string; mutants: Array<StrykerMutant & Record<string, unknown>> }> };
const reportOf = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as RawReport;
const keyOf = (file: string, m: StrykerMutant) => `${file}@${m.location.start.line}:${m.location.start.column}-${m.location.end.line}:${m.location.end.column}/${m.mutatorName}/${m.replacement ?? ''}`;

function retestSurvivors(folder: Folder, runs: string, only: readonly string[] | undefined): number {
  const file = reportFile(folder);
  if (!existsSync(file)) return usage(`--survivors: src/${folder} has no report yet (reports/mutation/${folder}/mutation.json); run it without --survivors first`);
  const old = reportOf(file);
  // A file whose source changed since the report is tested whole (its old locations are stale);
  // in the others only the mutants not killed are, by their exact ranges.
  const unknown = only?.filter((f) => old.files[f] === undefined) ?? [];
  if (unknown.length > 0) return usage(`--file: src/${folder}'s report has no ${unknown.join(', ')}`);
  const testable = Object.entries(old.files).filter(([name]) => OUT_OF_SCOPE[name] === undefined && existsSync(packagePath(name)) && (only === undefined || only.includes(name)));
  const changed = new Set(testable.filter(([name, { source }]) => readFileSync(packagePath(name), 'utf8') !== source).map(([name]) => name));
  // Stryker's ranges take 1-based lines and 0-based columns; its reports give both 1-based.
  const ranges = testable.flatMap(([name, { mutants }]) =>
    changed.has(name)
      ? [name]
      : mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage' || m.status === 'RuntimeError' || m.status === 'CompileError').map((m) => `${name}:${m.location.start.line}:${m.location.start.column - 1}-${m.location.end.line}:${m.location.end.column - 1}`),
  );
  if (ranges.length === 0) {
    console.error(`mutation: src/${folder}: every mutant is killed or ignored; nothing to test again`);
    return 0;
  }
  const fresh = join(tmpdir(), `recon-stryker-${folder}-${process.pid}-survivors.json`);
  const status = runStryker(folder, { mutate: [...new Set(ranges)], incremental: false, reporters: ['json', 'clear-text', 'progress'], jsonReporter: { fileName: fresh } }, [], runs, `${ranges.length} parts not killed or changed`);
  if (status !== 0) return status;
  const now = reportOf(fresh);
  rmSync(fresh, { force: true });
  const results = new Map(Object.entries(now.files).flatMap(([name, { mutants }]) => mutants.map((m) => [keyOf(name, m), m] as const)));
  let updated = 0;
  for (const [name, entry] of Object.entries(old.files)) {
    if (changed.has(name)) {
      const whole = now.files[name];
      if (whole === undefined) delete old.files[name];
      else old.files[name] = whole;
      updated += whole?.mutants.length ?? 0;
      continue;
    }
    entry.mutants = entry.mutants.map((m) => {
      const result = results.get(keyOf(name, m));
      if (result === undefined) return m;
      updated++;
      const { status, statusReason, killedBy, coveredBy, testsCompleted } = result;
      return { ...m, status, statusReason, killedBy, coveredBy, testsCompleted } as typeof m;
    });
  }
  writeFileAtomic(file, JSON.stringify(old));
  writeFileAtomic(packagePath(`reports/mutation/${folder}/mutation.html`), renderStrykerHtml(old));
  console.error(`mutation: src/${folder}: ${updated} results written into reports/mutation/${folder}/mutation.json`);
  return 0;
}

function writeSummary(prune: boolean): number {
  const present = FOLDERS.filter((f) => existsSync(reportFile(f)));
  if (present.length === 0) return usage('no folder report in reports/mutation/<folder>/mutation.json: run a folder first');
  let triage: TriageEntry[] = [];
  try {
    if (existsSync(packagePath(TRIAGE_FILE))) triage = parseTriage(readFileSync(packagePath(TRIAGE_FILE), 'utf8'));
  } catch (error) {
    console.error(`mutation: ${TRIAGE_FILE} cannot be read: ${error instanceof Error ? error.message : String(error)} (TRIAGE_INVALID)`);
    return 1;
  }
  let scores;
  try {
    scores = present.map((f) => scoreFolder(f, reportOf(reportFile(f)), triage));
  } catch (error) {
    console.error(`mutation: a folder report cannot be read: ${error instanceof Error ? error.message : String(error)} (REPORT_INVALID)`);
    return 1;
  }
  if (prune && scores.some((s) => s.staleTriage.length > 0)) {
    const stale = new Set(scores.flatMap((s) => s.staleTriage));
    const raw = JSON.parse(readFileSync(packagePath(TRIAGE_FILE), 'utf8')) as { survivors: unknown[] };
    // parseTriage keeps the order and the objects' places, so entry i is raw entry i.
    raw.survivors = raw.survivors.filter((_, i) => !stale.has(triage[i]!));
    writeFileAtomic(packagePath(TRIAGE_FILE), `${JSON.stringify(raw, null, 1)}\n`);
    console.error(`mutation: ${TRIAGE_FILE}: removed ${stale.size} entries naming no mutant left alive`);
    triage = triage.filter((e) => !stale.has(e));
    scores = present.map((f) => scoreFolder(f, reportOf(reportFile(f)), triage));
  }
  const dir = packagePath('reports/mutation');
  writeFileAtomic(join(dir, 'README.md'), renderSummaryMarkdown(scores, COMMAND));
  writeFileAtomic(join(dir, 'index.html'), renderSummaryHtml(scores, COMMAND));
  writeFileAtomic(join(dir, 'summary.json'), `${JSON.stringify(scores.map(({ survivors, staleTriage, ...s }) => ({ ...s, notKilled: survivors.length })), null, 2)}\n`);
  for (const s of scores) {
    const { equivalent, killable, untriaged } = s.triaged;
    console.log(`src/${s.folder}: ${s.score === null ? 'n/a' : `${s.score.toFixed(1)} %`} (bound ${s.threshold} %), ${s.survivors.length} not killed (${equivalent} equivalent, ${killable} killable, ${untriaged} untriaged), ${s.ignored} ignored`);
  }
  for (const v of scores.flatMap((s) => s.survivors.filter((x) => x.triage === undefined))) {
    console.error(`mutation: UNTRIAGED ${JSON.stringify({ file: v.file, line: v.line, mutator: v.mutator, original: v.original, replacement: v.replacement, verdict: '', reason: '' })}`);
  }
  const stale = scores.flatMap((s) => s.staleTriage);
  for (const entry of stale) console.error(`mutation: ${TRIAGE_FILE}: ${entry.file}:${entry.line} ${entry.mutator} ${JSON.stringify(entry.original)} → ${JSON.stringify(entry.replacement)} names no mutant left alive: remove it (TRIAGE_STALE)`);
  const below = scores.filter((s) => s.score !== null && s.score < s.threshold);
  return below.length === 0 && stale.length === 0 ? 0 : 1;
}

process.exitCode = main();
