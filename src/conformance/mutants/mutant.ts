import type { Implementation } from '../implementation.ts';
import type { ReferenceParts } from '../reference/reference-implementation.ts';

/**
 * A fake implementation with one realistic bug (DESIGN §6). The catalog proves the suite
 * has teeth: every mutant must be killed by some property, and every property must kill
 * some mutant.
 */
export interface Mutant {
  /** kebab-case, e.g. `clock-in-system-prompt`. */
  readonly name: string;
  /** The bug, in one sentence a harness author recognises. */
  readonly description: string;
  /** Where it runs: in this process, or out of process over the stdio protocol. */
  readonly runs: 'in-process' | 'stdio';
  /** Starts the implementation under test; the caller closes it. */
  open(): Promise<Implementation>;
  /** In-process mutants made of swapped reference parts: those parts, e.g. for running the mutant's loop against a model (recon e2e). */
  readonly parts?: Partial<ReferenceParts>;
}
