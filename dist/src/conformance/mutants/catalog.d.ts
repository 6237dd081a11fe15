import type { Mutant } from './mutant.ts';
/** Every mutant, in the order the kill matrix shows them: by layer, as the data flows, then the bug museum (real harnesses' breaks), then those out of process. */
export declare const MUTANTS: readonly Mutant[];
export declare function findMutant(name: string): Mutant;
