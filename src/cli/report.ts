import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
import { ReconError } from '../errors.ts';
import { readRunJsonl } from '../report/run-record.ts';
import { renderMatrixHtml, renderMatrixMarkdown, versionMatrix } from '../report/version-matrix.ts';
import { RENDERINGS } from '../report/write-reports.ts';
import { EXIT, parseCommandLine, type Command } from './command.ts';

const FORMATS: Record<string, string> = { text: 'summary.txt', md: 'summary.md', html: 'report.html', junit: 'junit.xml', jsonl: 'run.jsonl' };

const help = `Usage: recon report <run.jsonl> [--format text|md|html|junit] [-o FILE]
       recon report matrix <run.jsonl>... [--format md|html] [-o FILE]

Renders a stored check run (the run.jsonl that recon check --report writes) again:
as the terminal summary (text), Markdown for a CI step summary (md), one self-contained
HTML page (html) or JUnit XML (junit). \`matrix\` puts several runs side by side (one
column per run, e.g. per implementation version, one row per property), as Markdown or HTML.

Options:
  --format <f>   text (default), md, html, junit or jsonl
  -o, --output   write to this file instead of standard output

Exit codes: 0 rendered, 2 usage error, 3 the run cannot be read or the file cannot be written.
`;

export const report: Command = {
  name: 'report',
  summary: 'render a stored check run as text, Markdown, HTML or JUnit XML, or several runs as a matrix',
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
