// `npm run mutation`: Stryker over the reference, one run per folder, then the summary in
// reports/mutation/. Each folder's last report is its incremental file, so a rerun tests only
// mutants whose code or suite changed. One folder per CI job shards it:
//   npm run mutation -- --folder wire        (then, with every folder's report present)
//   npm run mutation -- --summary
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeFileAtomic } from '../src/_internals/atomic-write.ts';
import { packagePath } from '../src/_internals/package-root.ts';
import { FOLDERS, renderSummaryHtml, renderSummaryMarkdown, scoreFolder, type Folder, type StrykerReport } from './mutation-summary.ts';

const help = `Usage: npm run mutation -- [--folder log|fold|wire|loop]... [--force] [--runs N] [--summary]

Mutation testing of the reference with the property suite as the only test (Stryker; the
configuration is stryker.config.json). Without --folder every folder runs, one after another.
  --folder <f>   run only this folder (repeatable): one folder per CI job shards the run
  --force        test every mutant, not only those whose code or suite changed since the
                 folder's last report (reports/mutation/<f>/mutation.json)
  --runs <N>     generated cases per property (default 25)
  --summary      only write reports/mutation/README.md, index.html and summary.json from the
                 folder reports present
Each folder takes minutes to hours on 2 cores (the loop's properties are the slowest).`;

const COMMAND = 'npm run mutation';

function main(): number {
  const { values } = parseArgs({ options: { folder: { type: 'string', multiple: true }, force: { type: 'boolean' }, runs: { type: 'string' }, summary: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help === true) {
    console.log(help);
    return 0;
  }
  const folders = (values.folder ?? [...FOLDERS]) as Folder[];
  const wrong = folders.filter((f) => !FOLDERS.includes(f));
  if (wrong.length > 0) return usage(`--folder takes ${FOLDERS.join(', ')}, not ${wrong.join(', ')}`);
  const runs = values.runs ?? '25';
  if (!/^[1-9]\d{0,4}$/.test(runs)) return usage(`--runs takes a whole number from 1 to 99999, not "${runs}"`);
  if (values.summary !== true) {
    for (const folder of folders) {
      const status = runFolder(folder, values.force === true, runs);
      if (status !== 0) return status;
    }
  }
  return writeSummary();
}

function usage(message: string): number {
  console.error(`mutation: ${message} (USAGE; see npm run mutation -- --help)`);
  return 2;
}

function runFolder(folder: Folder, force: boolean, runs: string): number {
  const out = packagePath(`reports/mutation/${folder}`);
  mkdirSync(out, { recursive: true });
  const base = JSON.parse(readFileSync(packagePath('stryker.config.json'), 'utf8')) as Record<string, unknown>;
  const config = {
    ...base,
    mutate: [`src/${folder}/**/*.ts`, `!src/${folder}/**/index.ts`],
    incrementalFile: join(out, 'mutation.json'),
    htmlReporter: { fileName: join(out, 'mutation.html') },
    reporters: ['html', 'clear-text', 'progress'],
  };
  const file = join(tmpdir(), `recon-stryker-${folder}-${process.pid}.json`);
  writeFileAtomic(file, JSON.stringify(config, null, 2));
  console.error(`mutation: src/${folder} (${force ? 'every mutant' : 'incremental'}, ${runs} runs per property)`);
  const result = spawnSync(packagePath('node_modules/.bin/stryker'), ['run', file, ...(force ? ['--force'] : [])], { stdio: 'inherit', cwd: packagePath('.'), env: { ...process.env, RECON_MUTATION_RUNS: runs } });
  if (result.error !== undefined) {
    console.error(`mutation: could not start Stryker (${result.error.message}); run npm ci first (STRYKER_MISSING)`);
    return 1;
  }
  if (result.status !== 0) console.error(`mutation: Stryker ended with exit code ${result.status} for src/${folder}`);
  return result.status ?? 1;
}

function writeSummary(): number {
  const present = FOLDERS.filter((f) => existsSync(packagePath(`reports/mutation/${f}/mutation.json`)));
  if (present.length === 0) return usage('no folder report in reports/mutation/<folder>/mutation.json: run a folder first');
  let scores;
  try {
    scores = present.map((f) => scoreFolder(f, JSON.parse(readFileSync(packagePath(`reports/mutation/${f}/mutation.json`), 'utf8')) as StrykerReport));
  } catch (error) {
    console.error(`mutation: a folder report cannot be read: ${error instanceof Error ? error.message : String(error)} (REPORT_INVALID)`);
    return 1;
  }
  const dir = packagePath('reports/mutation');
  writeFileAtomic(join(dir, 'README.md'), renderSummaryMarkdown(scores, COMMAND));
  writeFileAtomic(join(dir, 'index.html'), renderSummaryHtml(scores, COMMAND));
  writeFileAtomic(join(dir, 'summary.json'), `${JSON.stringify(scores.map(({ survivors, ...s }) => ({ ...s, notKilled: survivors.length })), null, 2)}\n`);
  for (const s of scores) console.log(`src/${s.folder}: ${s.score === null ? 'n/a' : `${s.score.toFixed(1)} %`} (bound ${s.threshold} %), ${s.survivors.length} not killed, ${s.ignored} ignored`);
  const below = scores.filter((s) => s.score !== null && s.score < s.threshold);
  return below.length === 0 ? 0 : 1;
}

process.exitCode = main();
