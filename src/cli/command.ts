import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ReconError } from '../errors.ts';

/** What a command may touch of the outside world: injected, so tests run commands in process. */
export interface Io {
  readonly stdout: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly stderr: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface Command {
  readonly name: string;
  /** One line for `recon --help`. */
  readonly summary: string;
  /** The whole `recon <name> --help` text. */
  readonly help: string;
  /**
   * Returns the process exit code: 0 success, 1 findings or failures. A coded error thrown
   * out of it exits 2 (USAGE) or 3 (could not run), through the one handler in src/cli.ts.
   */
  run(argv: readonly string[], io: Io): Promise<number>;
}

export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, CANNOT_RUN: 3 } as const;

type Options = NonNullable<ParseArgsConfig['options']>;

/** `parseArgs` with strict checking; a mistake becomes a USAGE error that names the command's help. */
export function parseCommandLine<T extends Options>(command: string, argv: readonly string[], options: T, allowPositionals = true): ReturnType<typeof parseArgs<{ args: string[]; options: T; allowPositionals: boolean; strict: true }>> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true });
  } catch (error) {
    throw new ReconError('USAGE', `${(error as Error).message.replace(/\. To specify.*$/s, '')} (see recon ${command} --help)`);
  }
}

/** A positive whole number from an option value, or a USAGE error naming the option. */
export function parseCount(option: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min) throw new ReconError('USAGE', `--${option} takes a whole number of at least ${min}, got "${value}"`);
  return n;
}

/** A TCP port to listen on: 0 (a free one, the default) to 65535, or a USAGE error. */
export function parsePort(value: string | undefined): number {
  const port = parseCount('port', value, 0, 0);
  if (port > 65_535) throw new ReconError('USAGE', `--port takes a port from 0 to 65535, got "${value}"`);
  return port;
}

/** Resolves on the first SIGINT or SIGTERM: how a serving command learns to stop. */
export function untilStopped(): Promise<void> {
  return new Promise<void>((stop) => {
    const signals = ['SIGINT', 'SIGTERM'] as const;
    const handler = () => {
      for (const signal of signals) process.off(signal, handler);
      stop();
    };
    for (const signal of signals) process.on(signal, handler);
  });
}
