import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
import { ReconError } from '../errors.ts';
import { readRunJsonl } from '../report/run-record.ts';
import { RENDERINGS } from '../report/write-reports.ts';
import { EXIT, parseCommandLine, type Command } from './command.ts';

const FORMATS: Record<string, string> = { text: 'summary.txt', md: 'summary.md', html: 'report.html', junit: 'junit.xml', jsonl: 'run.jsonl' };

const help = `Usage: recon report <run.jsonl> [--format text|md|html|junit] [-o FILE]

Renders a stored check run (the run.jsonl that recon check --report writes) again:
as the terminal summary (text), Markdown for a CI step summary (md), one self-contained
HTML page (html) or JUnit XML (junit).

Options:
  --format <f>   text (default), md, html, junit or jsonl
  -o, --output   write to this file instead of standard output

Exit codes: 0 rendered, 2 usage error, 3 the run cannot be read or the file cannot be written.
`;

export const report: Command = {
  name: 'report',
  summary: 'render a stored check run as text, Markdown, HTML or JUnit XML',
  help,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine('report', argv, { format: { type: 'string', default: 'text' }, output: { type: 'string', short: 'o' } });
    if (positionals.length !== 1) throw new ReconError('USAGE', 'name one run.jsonl (see recon report --help)');
    const name = FORMATS[values.format!];
    if (name === undefined) throw new ReconError('USAGE', `--format takes ${Object.keys(FORMATS).join(', ')}, not "${values.format}"`);
    const file = resolve(io.cwd, positionals[0]!);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new ReconError('FILE_UNREADABLE', `${positionals[0]}: ${(error as Error).message}`);
    }
    const rendered = RENDERINGS[name]!(readRunJsonl(text, positionals[0]));
    if (values.output === undefined) io.stdout.write(rendered);
    else writeFileAtomic(resolve(io.cwd, values.output), rendered);
    return EXIT.OK;
  },
};
