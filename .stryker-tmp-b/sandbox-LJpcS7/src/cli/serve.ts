// @ts-nocheck
import { misbehave, MISBEHAVIOURS, type Misbehaviour } from '../conformance/mutants/misbehaviours.ts';
import { serveProtocol } from '../conformance/protocol/server.ts';
import { referenceImplementation } from '../conformance/reference/reference-implementation.ts';
import { ReconError } from '../errors.ts';
import { ERAS, type Era } from '../fold/index.ts';
import { EXIT, parseCommandLine, type Command } from './command.ts';

const help = `Usage: recon serve [--era current|session-prefix] [--misbehave <kind>]

Serves the reference implementation over the conformance protocol: JSON-RPC 2.0, one
message per line, on stdin and stdout (docs/PROTOCOL.md). stdout carries protocol
messages only. It exits when stdin ends or after answering "shutdown".

  recon check --impl cmd:"npx recon serve"   checks the reference through the protocol

Options:
  --era <era>          the era the handshake declares ("era"): the reference runs either,
                       and recon check runs the suite in the one declared (default: none
                       declared, the current era)
  --misbehave <kind>   serve a stdio mutant instead (for testing drivers), one of:
${Object.entries(MISBEHAVIOURS)
  .map(([kind, what]) => `    ${kind.padEnd(10)} ${what}`)
  .join('\n')}

Exit codes: 0 stdin ended or "shutdown" was answered, 2 usage error.
`;

export const serve: Command = {
  name: 'serve',
  summary: 'serve the reference over the JSON-RPC stdio protocol',
  help,
  async run(argv) {
    const { values } = parseCommandLine('serve', argv, { misbehave: { type: 'string' }, era: { type: 'string' } }, false);
    const era = values.era as Era | undefined;
    if (era !== undefined && !ERAS.includes(era)) throw new ReconError('USAGE', `--era takes ${ERAS.join(' or ')}, not "${era}"`);
    const kind = values.misbehave;
    if (kind !== undefined && !Object.hasOwn(MISBEHAVIOURS, kind)) throw new ReconError('USAGE', `--misbehave takes ${Object.keys(MISBEHAVIOURS).join(', ')}, got "${kind}"`);
    // The protocol is the process's own stdio, not the injected Io: this command is a process boundary.
    const reference = referenceImplementation(era === undefined ? {} : { info: { era } });
    await serveProtocol(kind === undefined ? reference : misbehave(reference, kind as Misbehaviour, process.stdout), process.stdin, process.stdout);
    return EXIT.OK;
  },
};
