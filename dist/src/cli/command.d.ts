import { parseArgs, type ParseArgsConfig } from 'node:util';
/** What a command may touch of the outside world: injected, so tests run commands in process. */
export interface Io {
    readonly stdout: {
        write(text: string): unknown;
        readonly isTTY?: boolean;
    };
    readonly stderr: {
        write(text: string): unknown;
        readonly isTTY?: boolean;
    };
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
export declare const EXIT: {
    readonly OK: 0;
    readonly FAILED: 1;
    readonly USAGE: 2;
    readonly CANNOT_RUN: 3;
};
type Options = NonNullable<ParseArgsConfig['options']>;
/** `parseArgs` with strict checking; a mistake becomes a USAGE error that names the command's help. */
export declare function parseCommandLine<T extends Options>(command: string, argv: readonly string[], options: T, allowPositionals?: boolean): ReturnType<typeof parseArgs<{
    args: string[];
    options: T;
    allowPositionals: boolean;
    strict: true;
}>>;
/** A positive whole number from an option value, or a USAGE error naming the option. */
export declare function parseCount(option: string, value: string | undefined, fallback: number, min?: number): number;
/** A TCP port to listen on: 0 (a free one, the default) to 65535, or a USAGE error. */
export declare function parsePort(value: string | undefined): number;
/** Resolves on the first SIGINT or SIGTERM: how a serving command learns to stop. */
export declare function untilStopped(): Promise<void>;
export {};
