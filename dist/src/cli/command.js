import { parseArgs } from 'node:util';
import { ReconError } from "../errors.js";
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, CANNOT_RUN: 3 };
/** `parseArgs` with strict checking; a mistake becomes a USAGE error that names the command's help. */
export function parseCommandLine(command, argv, options, allowPositionals = true) {
    try {
        return parseArgs({ args: [...argv], options, allowPositionals, strict: true });
    }
    catch (error) {
        throw new ReconError('USAGE', `${error.message.replace(/\. To specify.*$/s, '')} (see recon ${command} --help)`);
    }
}
/** A positive whole number from an option value, or a USAGE error naming the option. */
export function parseCount(option, value, fallback, min = 1) {
    if (value === undefined)
        return fallback;
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min)
        throw new ReconError('USAGE', `--${option} takes a whole number of at least ${min}, got "${value}"`);
    return n;
}
/** A TCP port to listen on: 0 (a free one, the default) to 65535, or a USAGE error. */
export function parsePort(value) {
    const port = parseCount('port', value, 0, 0);
    if (port > 65_535)
        throw new ReconError('USAGE', `--port takes a port from 0 to 65535, got "${value}"`);
    return port;
}
/** Resolves on the first SIGINT or SIGTERM: how a serving command learns to stop. */
export function untilStopped() {
    return new Promise((stop) => {
        const signals = ['SIGINT', 'SIGTERM'];
        const handler = () => {
            for (const signal of signals)
                process.off(signal, handler);
            stop();
        };
        for (const signal of signals)
            process.on(signal, handler);
    });
}
