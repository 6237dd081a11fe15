// @ts-nocheck
import { ReconError } from '../../errors.ts';
import { FOLD_MUTANTS } from './fold-mutants.ts';
import { IMAGE_MUTANTS } from './image-mutants.ts';
import { LOG_MUTANTS } from './log-mutants.ts';
import { LOOP_MUTANTS } from './loop-mutants.ts';
import { MUSEUM_MUTANTS } from './museum-mutants.ts';
import type { Mutant } from './mutant.ts';
import { SESSION_PREFIX_MUTANTS } from './session-prefix-mutants.ts';
import { STDIO_MUTANTS } from './stdio-mutants.ts';
import { WIRE_MUTANTS } from './wire-mutants.ts';

/** Every mutant, in the order the kill matrix shows them: by layer, as the data flows, then the bug museum (real harnesses' breaks), then those out of process. */
export const MUTANTS: readonly Mutant[] = [...LOG_MUTANTS, ...FOLD_MUTANTS, ...WIRE_MUTANTS, ...IMAGE_MUTANTS, ...LOOP_MUTANTS, ...SESSION_PREFIX_MUTANTS, ...MUSEUM_MUTANTS, ...STDIO_MUTANTS];

export function findMutant(name: string): Mutant {
  const mutant = MUTANTS.find((m) => m.name === name);
  if (mutant === undefined) throw new ReconError('USAGE', `no mutant "${name}"; known: ${MUTANTS.map((m) => m.name).join(', ')}`);
  return mutant;
}
