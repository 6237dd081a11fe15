import { availableParallelism, totalmem } from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ReconError } from '../errors.ts';
import { WORKER_MEMORY } from '../_internals/worker-pool.ts';

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

/** The bounds of a numeric option; the defaults make it a whole number of at least 1. */
export interface NumberRange {
  readonly min?: number;
  readonly max?: number;
  /** A decimal such as 0.05 is allowed (default: whole numbers only). */
  readonly decimal?: boolean;
  /** min and max themselves are outside the range. */
  readonly exclusive?: boolean;
  /** Why the maximum is what it is, said in the error. */
  readonly why?: string;
}

/** The longest time-out a Node timer keeps: a larger one fires after 1 ms, with a warning. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** At most four threads per core and one per WORKER_MEMORY of the machine's memory: more only queue. */
export const MAX_WORKERS = Math.max(1, Math.min(4 * availableParallelism(), Math.floor(totalmem() / WORKER_MEMORY)));
export const WORKERS_RANGE: NumberRange = { min: 1, max: MAX_WORKERS, why: `4 per core and 256 MiB of memory each, on this machine of ${availableParallelism()} cores` };

/** fast-check reads a seed as a 32-bit integer: a larger one would run another seed silently. */
export const SEED_RANGE: NumberRange = { min: 0, max: 2 ** 31 - 1 };

/**
 * The one parser of every numeric option of every command: plain digits (no exponent, sign,
 * hex or blank), inside the range, or a USAGE error naming the option and its range.
 */
export function parseCount(option: string, value: string | undefined, fallback: number, range: NumberRange = {}): number {
  if (value === undefined) return fallback;
  const { min = 1, max = Number.MAX_SAFE_INTEGER, decimal = false, exclusive = false } = range;
  const n = (decimal ? /^\d+(\.\d+)?$/ : /^\d+$/).test(value) ? Number(value) : Number.NaN;
  const inside = exclusive ? n > min && n < max : n >= min && n <= max;
  if (!inside || (!decimal && !Number.isSafeInteger(n))) {
    const kind = decimal ? 'a number' : 'a whole number';
    const bounds = max === Number.MAX_SAFE_INTEGER ? `${exclusive ? 'above' : 'of at least'} ${min}` : `${exclusive ? 'between' : 'from'} ${min} ${exclusive ? 'and' : 'to'} ${max}${exclusive ? ' (exclusive)' : ''}`;
    throw new ReconError('USAGE', `--${option} takes ${kind} ${bounds}${range.why === undefined ? '' : ` (${range.why})`}, got "${value}"`);
  }
  return n;
}

/** A TCP port to listen on: 0 (a free one, the default) to 65535, or a USAGE error. */
export function parsePort(value: string | undefined): number {
  return parseCount('port', value, 0, { min: 0, max: 65_535 });
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
