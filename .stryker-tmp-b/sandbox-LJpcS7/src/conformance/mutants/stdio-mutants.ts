/** The mutants that run out of process: `recon serve --misbehave <kind>` behind the stdio driver. */
// @ts-nocheck

import { shellQuote } from '../../_internals/shell-quote.ts';
import { packagePath } from '../../_internals/package-root.ts';
import { openStdioImplementation } from '../protocol/driver.ts';
import { MISBEHAVIOURS, type Misbehaviour } from './misbehaviours.ts';
import type { Mutant } from './mutant.ts';

const BIN = packagePath('bin/recon.js');

const NAMES: Record<Misbehaviour, string> = { crash: 'exits-on-replace', hang: 'hangs-on-split-stream', malformed: 'debug-print-on-stdout' };

/** A hang costs one whole timeout per failing case: the mutant waits 2 s, not the default 10. */
const TIMEOUT_MS: Partial<Record<Misbehaviour, number>> = { hang: 2_000 };

export function serveCommand(kind?: Misbehaviour): string {
  return [process.execPath, BIN, 'serve', ...(kind === undefined ? [] : ['--misbehave', kind])].map(shellQuote).join(' ');
}


export const STDIO_MUTANTS: readonly Mutant[] = (Object.keys(MISBEHAVIOURS) as Misbehaviour[]).map((kind) => ({
  name: NAMES[kind],
  description: MISBEHAVIOURS[kind],
  bugClass: 'process fault',
  runs: 'stdio',
  open: () => openStdioImplementation(serveCommand(kind), { cwd: process.cwd(), ...(TIMEOUT_MS[kind] === undefined ? {} : { timeoutMs: TIMEOUT_MS[kind] }) }),
}));
