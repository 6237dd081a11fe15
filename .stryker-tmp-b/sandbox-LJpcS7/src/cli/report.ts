// @ts-nocheck
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
import { ReconError } from '../errors.ts';
import { mergeRuns } from '../report/merge-runs.ts';
import { readRunJsonl, type RunRecord } from '../suite/run-record.ts';
import { renderRunText } from '../report/suite-terminal.ts';
import { renderMatrixHtml, renderMatrixMarkdown, versionMatrix } from '../report/version-matrix.ts';
import { RENDERINGS, reportFiles, writeReports } from '../report/write-reports.ts';
import { refuseInputAsOutput } from '../_internals/output-guard.ts';
import { EXIT, parseCommandLine, type Command, type Io } from './command.ts';

const FORMATS: Record<string, string> = { text: 'summary.txt', md: 'summary.md', html: 'report.html', junit: 'junit.xml', jsonl: 'run.jsonl', badge: 'badge.json' };

const help = `Usage: recon report <run.jsonl> [--format text|md|html|junit|jsonl|badge] [-o FILE]
       recon report matrix <run.jsonl>... [--format md|html] [-o FILE]
       recon report merge <run.jsonl>... -o DIR

Renders a stored check run (the run.jsonl that recon check --report writes) again:
as the terminal summary (text), Markdown for a CI step summary (md), one self-contained
HTML page (html), JUnit XML (junit) or a shields.io endpoint badge (badge: JSON with
label, message such as "37/37 conformant" and a color: brightgreen when every property
passes, green when every failure is expected, red on an unexpected failure, yellow on a
stale expectation, lightgrey when no property applies). \`matrix\` puts several runs
side by side (one column per run, e.g. per implementation version, one row per
property), as Markdown or HTML.

recon report merge joins the run.jsonl of every shard of one run (recon check --shard i/n,
same --seed, --runs and --impl) into the run the unsharded check gives, writes run.jsonl,
summary.txt, summary.md, report.html, junit.xml and badge.json into DIR and prints the
summary. A property fails if it failed in any shard, with the counterexample of the
earliest case; generator floors are checked on the summed statistics.

Options:
  --format <f>   text (default), md, html, junit, jsonl or badge
  -o, --output   write to this file (merge: this directory) instead of standard output

Exit codes: 0 rendered (merge: every property as expected), 1 merge: an unexpected failure
            or pass, 2 usage error, 3 a run cannot be read or a file cannot be written, or
            merge: the records are not the shards 1/n … n/n of one run (RUN_MISMATCH,
            SHARDS_INCOMPLETE).
`;

export const report: Command = {
  name: 'report',
  summary: 'render a stored check run as text, Markdown, HTML, JUnit XML or a badge, or several runs as a matrix',
  help,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine('report', argv, { format: { type: 'string' }, output: { type: 'string', short: 'o' } });
    const read = async (path: string) => {
      try {
        return readRunJsonl(await readFile(resolve(io.cwd, path), 'utf8'), path);
      } catch (error) {
        if (ReconError.is(error)) throw error;
        throw new ReconError('FILE_UNREADABLE', `${path}: ${(error as Error).message}`);
      }
    };
    if (positionals[0] === 'merge') return merge(positionals.slice(1), values.output, io, read);
    const inputs = positionals.slice(positionals[0] === 'matrix' ? 1 : 0).map((file) => resolve(io.cwd, file));
    if (values.output !== undefined) refuseInputAsOutput([resolve(io.cwd, values.output)], inputs, '-o', io.cwd);
    let rendered: string;
    if (positionals[0] === 'matrix') {
      if (positionals.length < 2) throw new ReconError('USAGE', 'name the run.jsonl files to put side by side (see recon report --help)');
      const format = values.format ?? 'md';
      if (format !== 'md' && format !== 'html') throw new ReconError('USAGE', `a matrix is written as md or html, not "${format}"`);
      const matrix = versionMatrix(await Promise.all(positionals.slice(1).map(read)));
      rendered = format === 'md' ? renderMatrixMarkdown(matrix) : renderMatrixHtml(matrix);
    } else {
      if (positionals.length !== 1) throw new ReconError('USAGE', 'name one run.jsonl (see recon report --help)');
      const name = FORMATS[values.format ?? 'text'];
      if (name === undefined) throw new ReconError('USAGE', `--format takes ${Object.keys(FORMATS).join(', ')}, not "${values.format}"`);
      rendered = RENDERINGS[name]!(await read(positionals[0]!));
    }
    if (values.output === undefined) io.stdout.write(rendered);
    else writeFileAtomic(resolve(io.cwd, values.output), rendered);
    return EXIT.OK;
  },
};

async function merge(files: readonly string[], output: string | undefined, io: Io, read: (file: string) => Promise<RunRecord>): Promise<number> {
  if (files.length === 0) throw new ReconError('USAGE', 'name the run.jsonl of every shard to merge (see recon report --help)');
  if (output === undefined) throw new ReconError('USAGE', 'recon report merge needs -o DIR, where the merged run and its renderings go');
  refuseInputAsOutput(reportFiles(resolve(io.cwd, output)), files.map((file) => resolve(io.cwd, file)), '-o', io.cwd);
  const runs = await Promise.all(files.map(async (file) => ({ file, run: await read(file) })));
  const merged = mergeRuns(runs);
  const written = writeReports(merged, resolve(io.cwd, output));
  io.stderr.write(`merged ${files.length} shard${files.length === 1 ? '' : 's'}; reports written: ${written.map((f) => relative(io.cwd, f)).join(', ')}\n`);
  io.stdout.write(renderRunText(merged));
  return merged.footer.summary.unexpected > 0 ? EXIT.FAILED : EXIT.OK;
}
