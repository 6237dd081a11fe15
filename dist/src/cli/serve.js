import { misbehave, MISBEHAVIOURS } from "../conformance/mutants/misbehaviours.js";
import { serveProtocol } from "../conformance/protocol/server.js";
import { referenceImplementation } from "../conformance/reference/reference-implementation.js";
import { ReconError } from "../errors.js";
import { EXIT, parseCommandLine } from "./command.js";
const help = `Usage: recon serve [--misbehave <kind>]

Serves the reference implementation over the conformance protocol: JSON-RPC 2.0, one
message per line, on stdin and stdout (docs/PROTOCOL.md). stdout carries protocol
messages only. It exits when stdin ends or after answering "shutdown".

  recon check --impl cmd:"npx recon serve"   checks the reference through the protocol

Options:
  --misbehave <kind>   serve a stdio mutant instead (for testing drivers), one of:
${Object.entries(MISBEHAVIOURS)
    .map(([kind, what]) => `    ${kind.padEnd(10)} ${what}`)
    .join('\n')}

Exit codes: 0 stdin ended or "shutdown" was answered, 2 usage error.
`;
export const serve = {
    name: 'serve',
    summary: 'serve the reference over the JSON-RPC stdio protocol',
    help,
    async run(argv) {
        const { values } = parseCommandLine('serve', argv, { misbehave: { type: 'string' } }, false);
        const kind = values.misbehave;
        if (kind !== undefined && !Object.hasOwn(MISBEHAVIOURS, kind))
            throw new ReconError('USAGE', `--misbehave takes ${Object.keys(MISBEHAVIOURS).join(', ')}, got "${kind}"`);
        // The protocol is the process's own stdio, not the injected Io: this command is a process boundary.
        const reference = referenceImplementation();
        await serveProtocol(kind === undefined ? reference : misbehave(reference, kind, process.stdout), process.stdin, process.stdout);
        return EXIT.OK;
    },
};
