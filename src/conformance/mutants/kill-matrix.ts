/** Runs the suite against every mutant: which properties kill which mutant. */
import type { Property } from '../../../properties/index.ts';
import { runSuite, type Counterexample } from '../run-suite.ts';
import type { Mutant } from './mutant.ts';

/** Generated cases per property and mutant; a kill needs one failing case, so this can be small. */
export const MUTANT_RUNS = 30;

export interface MutantVerdict {
  readonly name: string;
  readonly description: string;
  readonly runs: Mutant['runs'];
  /** Ids of the properties that failed against the mutant. */
  readonly killedBy: readonly string[];
  readonly failures: ReadonlyArray<{ readonly property: string; readonly kind: Counterexample['kind']; readonly message: string }>;
  readonly timeMs: number;
}

export interface KillMatrix {
  readonly mutants: readonly MutantVerdict[];
  /** Properties that killed no mutant: a check the catalog cannot show to have teeth. */
  readonly idleProperties: readonly string[];
  readonly summary: { readonly mutants: number; readonly killed: number; readonly survived: readonly string[] };
}

export interface KillMatrixOptions {
  readonly runs?: number;
  readonly seed?: number;
  /** Property ids to run (default all). */
  readonly only?: readonly string[];
  readonly onMutant?: (verdict: MutantVerdict, index: number, total: number) => void;
}

export async function killMatrix(mutants: readonly Mutant[], properties: readonly Property<never>[], options: KillMatrixOptions = {}): Promise<KillMatrix> {
  const verdicts: MutantVerdict[] = [];
  for (const [index, mutant] of mutants.entries()) {
    const impl = await mutant.open();
    try {
      const result = await runSuite(impl, properties, {
        runs: options.runs ?? MUTANT_RUNS,
        seed: options.seed ?? 1,
        shrink: false,
        ...(options.only === undefined ? {} : { only: options.only }),
      });
      const failed = result.properties.filter((p) => p.status === 'fail');
      const verdict: MutantVerdict = {
        name: mutant.name,
        description: mutant.description,
        runs: mutant.runs,
        killedBy: failed.map((p) => p.id),
        failures: failed.map((p) => ({ property: p.id, kind: p.counterexample!.kind, message: p.counterexample!.message.split('\n')[0]! })),
        timeMs: result.timeMs,
      };
      verdicts.push(verdict);
      options.onMutant?.(verdict, index, mutants.length);
    } finally {
      await impl.close?.();
    }
  }
  const ran = options.only === undefined ? properties : properties.filter((p) => options.only!.includes(p.id));
  const killers = new Set(verdicts.flatMap((v) => v.killedBy));
  const survived = verdicts.filter((v) => v.killedBy.length === 0).map((v) => v.name);
  return {
    mutants: verdicts,
    idleProperties: ran.map((p) => p.id).filter((id) => !killers.has(id)),
    summary: { mutants: verdicts.length, killed: verdicts.length - survived.length, survived },
  };
}
