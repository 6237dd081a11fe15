// @ts-nocheck
import { EXIT, type Command, type Io } from './cli/command.ts';
import { ReconError, exitCodeOf } from './errors.ts';
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
    'Run `recon <command> --help` for the options and exit codes of one command; `recon --version` prints the version.',
    'Exit codes: 0 success, 1 findings or failures, 2 usage error, 3 could not run (an error prints',
    'one line, `recon <command>: CODE: message`).',
    '',
  ].join('\n');
}

const processIo: Io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), env: process.env };

export async function main(argv: readonly string[], io: Io = processIo): Promise<number> {
  if (io === processIo) guardProcess(io);
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
    io.stderr.write(`recon: USAGE: unknown command "${name}"\n\n${topHelp()}`);
    return EXIT.USAGE;
  }
  try {
    const command = await load();
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout.write(command.help);
      return EXIT.OK;
    }
    return await command.run(rest, io);
  } catch (error) {
    return reportError(`recon ${name}`, error, io);
  }
}

/** The one place an error reaches the user: `recon <command>: CODE: message`, never a stack, and its exit code. */
function reportError(who: string, error: unknown, io: Io): number {
  const coded = asReconError(error);
  io.stderr.write(`${who}: ${coded.message}\n${coded.hint === undefined ? '' : `  ${coded.hint}\n`}`);
  if (coded.code === 'INTERNAL' && io.env['RECON_DEBUG'] !== undefined && error instanceof Error) io.stderr.write(`${error.stack ?? ''}\n`);
  return exitCodeOf(coded.code);
}

/** Errors of the system (a port taken, a disk full) get their codes; anything else is a bug of recon. */
function asReconError(error: unknown): ReconError {
  if (ReconError.is(error)) return error;
  const system = error as NodeJS.ErrnoException | undefined;
  if (system?.code === 'EADDRINUSE') return new ReconError('PORT_IN_USE', system.message, { hint: 'choose another --port, or leave it out for a free one' });
  if (typeof system?.code === 'string' && typeof system.syscall === 'string') return new ReconError('FILE_UNWRITABLE', system.message);
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ReconError('INTERNAL', what, { hint: 'this is a bug in recon; please report it with the command line (RECON_DEBUG=1 adds the stack)' });
}

let guarded = false;

/**
 * For the real process only: a reader that went away (`recon audit … | head -1`, EPIPE)
 * stops the command quietly, and an error outside any command (an event emitter, a
 * stray promise) is still one coded line, not a stack.
 */
function guardProcess(io: Io): void {
  if (guarded) return;
  guarded = true;
  const fatal = (error: unknown) => {
    if ((error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.OK);
    process.exit(reportError('recon', error, io));
  };
  for (const stream of [process.stdout, process.stderr]) stream.on('error', fatal);
  process.on('uncaughtException', fatal);
  process.on('unhandledRejection', fatal);
}
