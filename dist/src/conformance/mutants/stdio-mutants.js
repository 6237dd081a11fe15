/** The mutants that run out of process: `recon serve --misbehave <kind>` behind the stdio driver. */
import { packagePath } from "../../_internals/package-root.js";
import { openStdioImplementation } from "../protocol/driver.js";
import { MISBEHAVIOURS } from "./misbehaviours.js";
const BIN = packagePath('bin/recon.js');
const NAMES = { crash: 'exits-on-replace', hang: 'hangs-on-split-stream', malformed: 'debug-print-on-stdout' };
/** A hang costs one whole timeout per failing case: the mutant waits 2 s, not the default 10. */
const TIMEOUT_MS = { hang: 2_000 };
export function serveCommand(kind) {
    return [process.execPath, BIN, 'serve', ...(kind === undefined ? [] : ['--misbehave', kind])].map(shellQuote).join(' ');
}
function shellQuote(word) {
    return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
export const STDIO_MUTANTS = Object.keys(MISBEHAVIOURS).map((kind) => ({
    name: NAMES[kind],
    description: MISBEHAVIOURS[kind],
    bugClass: 'process fault',
    runs: 'stdio',
    open: () => openStdioImplementation(serveCommand(kind), { cwd: process.cwd(), ...(TIMEOUT_MS[kind] === undefined ? {} : { timeoutMs: TIMEOUT_MS[kind] }) }),
}));
