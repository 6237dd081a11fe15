import { ReconError } from '../../errors.ts';
import type { Mutant } from './mutant.ts';
import { STDIO_MUTANTS } from './stdio-mutants.ts';

/** Every mutant, in the order the kill matrix shows them. */
export const MUTANTS: readonly Mutant[] = [...STDIO_MUTANTS];

export function findMutant(name: string): Mutant {
  const mutant = MUTANTS.find((m) => m.name === name);
  if (mutant === undefined) throw new ReconError('USAGE', `no mutant "${name}"; known: ${MUTANTS.map((m) => m.name).join(', ') || 'none yet'}`);
  return mutant;
}
