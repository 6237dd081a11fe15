import { EXIT, type Command, type Io } from './cli/command.ts';
import { ReconError } from './errors.ts';
import { HARNESS_VERSION } from './version.ts';

// Loaded on demand so that `recon serve` does not pay for the benchmark code, and so on.
const COMMANDS: Record<string, () => Promise<Command>> = {
  audit: async () => (await import('./cli/audit.ts')).audit,
  bench: async () => (await import('./cli/bench.ts')).bench,
  check: async () => (await import('./cli/check.ts')).check,
  mutants: async () => (await import('./cli/mutants.ts')).mutants,
  report: async () => (await import('./cli/report.ts')).report,
  import: async () => (await import('./cli/import.ts')).importCommand,
  replay: async () => (await import('./cli/replay.ts')).replay,
  serve: async () => (await import('./cli/serve.ts')).serve,
  simulate: async () => (await import('./cli/simulate.ts')).simulate,
  proxy: async () => (await import('./cli/proxy.ts')).proxy,
  e2e: async () => (await import('./cli/e2e.ts')).e2e,
};

const SUMMARIES: Record<string, string> = {
  audit: 'load session logs, rebuild every request, attribute each cache-read drop',
  bench: 'measure fold, load, check overhead, suite throughput and cache reads; compare runs',
  check: 'run the property suite against an implementation',
  mutants: 'run the suite against the mutant catalog and print the kill matrix',
  report: 'render a stored check run as text, Markdown, HTML or JUnit XML',
  import: 'convert a vcrpy YAML, HAR or SSE chunk recording into a cassette',
  replay: 'replay a cassette: check it, account its cache reads, or serve it on loopback',
  serve: 'serve the reference over the JSON-RPC stdio protocol',
  simulate: "serve a model of the providers' streaming APIs and prompt caches on loopback",
  proxy: "stand between a harness and its provider: record, account cache reads, attribute every break",
  e2e: 'run the reference loop through a real tool conversation and measure its cache reads',
};

function topHelp(): string {
  const width = Math.max(...Object.keys(SUMMARIES).map((name) => name.length));
  const lines = Object.entries(SUMMARIES).map(([name, summary]) => `  ${name.padEnd(width)}  ${summary}`);
  return [
    'recon — conformance and benchmark harness for the rule',
    '"every model request is reconstructable, byte for byte, from the session log".',
    '',
    'Usage: recon <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'Run `recon <command> --help` for the options of one command; `recon --version` prints the version.',
    '',
  ].join('\n');
}

const processIo: Io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };

export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(topHelp());
    return name === undefined ? EXIT.USAGE : EXIT.OK;
  }
  if (name === '--version' || name === '-V') {
    io.stdout.write(`${HARNESS_VERSION}\n`);
    return EXIT.OK;
  }
  const load = COMMANDS[name];
  if (load === undefined) {
    io.stderr.write(`recon: unknown command "${name}"\n\n${topHelp()}`);
    return EXIT.USAGE;
  }
  const command = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.help);
    return EXIT.OK;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (ReconError.is(error)) {
      io.stderr.write(`recon ${name}: ${error.message}\n${error.hint === undefined ? '' : `  ${error.hint}\n`}`);
      return error.code === 'USAGE' || error.code === 'FILE_UNREADABLE' ? EXIT.USAGE : EXIT.CANNOT_RUN;
    }
    throw error;
  }
}
