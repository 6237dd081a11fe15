// @ts-nocheck
import { refuseInputAsOutput } from '../_internals/output-guard.ts';
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
import { ReconError } from '../errors.ts';
import { formatCassette, importRecording } from '../http/index.ts';
import { EXIT, parseCommandLine, type Command } from './command.ts';
import { count } from '../report/plural.ts';

const help = `Usage: recon import <file> -o <cassette.jsonl> [--licence <text>] [--origin <repo>] [--force] [--json]

Converts another tool's recording of provider HTTP traffic into a cassette (see
docs/CASSETTES.md). The format is read from the content:

  vcr-yaml    vcrpy / pytest-recording YAML (raw bodies, !!binary bodies, and
              pydantic-ai's parsed_body, re-serialised: the header says so)
  har         HAR 1.2, as Polly.js persists it
  sse-chunks  one JSON stream payload per line, response only

The provider (DeepSeek, OpenAI, Anthropic) is inferred from the URLs and bodies.
Only allow-listed headers are kept; credentials and cookies never reach the cassette.

Options:
  -o, --output   the cassette to write
  --licence      the recording's licence, kept in the header
  --origin       where the recording comes from, e.g. pydantic/pydantic-ai
  --force        overwrite an existing cassette
  --json         print one JSON object: {file, output, format, provider, interactions, notes}

Exit codes: 0 imported, 2 usage error (or the cassette exists and --force is not given),
            3 the file is unreadable, in no known format or holds no model calls
            (IMPORT_EMPTY), or the cassette cannot be written.
`;

export const importCommand: Command = {
  name: 'import',
  summary: 'convert a vcrpy YAML, HAR or SSE chunk recording into a cassette',
  help,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine('import', argv, {
      output: { type: 'string', short: 'o' },
      licence: { type: 'string' },
      origin: { type: 'string' },
      force: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    });
    const [file] = positionals;
    if (file === undefined || positionals.length > 1 || values.output === undefined) throw new ReconError('USAGE', 'name one recording and the cassette to write with -o (see recon import --help)');
    refuseInputAsOutput([resolve(io.cwd, values.output)], [resolve(io.cwd, file)], '-o', io.cwd);
    let text: string;
    try {
      text = await readFile(resolve(io.cwd, file), 'utf8');
    } catch (error) {
      throw new ReconError('FILE_UNREADABLE', (error as Error).message, { location: { file } });
    }
    const cassette = importRecording(text, {
      file: basename(file),
      ...(values.licence === undefined ? {} : { licence: values.licence }),
      ...(values.origin === undefined ? {} : { origin: values.origin }),
    });
    try {
      writeFileAtomic(resolve(io.cwd, values.output), formatCassette(cassette), { exclusive: !values.force });
    } catch (error) {
      const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
      throw new ReconError(exists ? 'USAGE' : 'FILE_UNWRITABLE', exists ? `${values.output} exists; pass --force to overwrite it` : (error as Error).message, { location: { file: values.output } });
    }
    const { header, interactions } = cassette;
    const summary = { file, output: values.output, format: header.importedFrom!.format, provider: header.provider, interactions: interactions.length, notes: header.notes ?? [] };
    if (values.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
    else io.stdout.write(`${file} (${summary.format}, ${summary.provider}): ${count(summary.interactions, 'interaction')} → ${values.output}\n${summary.notes.map((n) => `  note: ${n}\n`).join('')}`);
    return EXIT.OK;
  },
};
