/** Runs the suite against every mutant: which properties kill which mutant. */
import type { AnyProperty } from '../../properties/index.ts';
import { inWorkers } from '../_internals/worker-pool.ts';
import { SUITE_WORKER, type WorkerJob } from './_internals/worker-messages.ts';
import { checkConformance } from './check-conformance.ts';
import type { RunResult } from './run-record.ts';
import { DEFAULT_RUNS, type Counterexample } from './run-suite.ts';
import type { Mutant } from '../conformance/mutants/mutant.ts';

/** Generated cases per property and mutant; a kill needs one failing case, so this can be small. */
export const MUTANT_RUNS = 30;

/**
 * Wire properties cost about a millisecond a case, and their rarest inputs (one store fault of
 * eight, one argument form of many) show within the default check's budget, not within 30: they
 * run at least that budget, so a mutant the default check kills is killed here too.
 */
const isWireOnly = (property: AnyProperty) => property.levels.every((level) => level === 'wire');

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

export async function killMatrix(mutants: readonly Mutant[], properties: readonly AnyProperty[], options: KillMatrixOptions = {}): Promise<KillMatrix> {
  const verdicts: MutantVerdict[] = [];
  for (const [index, mutant] of mutants.entries()) {
    const verdict = await mutantVerdict(mutant, properties, options);
    verdicts.push(verdict);
    options.onMutant?.(verdict, index, mutants.length);
  }
  return toKillMatrix(verdicts, properties, options.only);
}

/** The suite run against one mutant: the properties that failed. */
export async function mutantVerdict(mutant: Mutant, properties: readonly AnyProperty[], options: Omit<KillMatrixOptions, 'onMutant'> = {}): Promise<MutantVerdict> {
  const impl = await mutant.open();
  const runs = options.runs ?? MUTANT_RUNS;
  const chosen = options.only === undefined ? properties : properties.filter((p) => options.only!.includes(p.id));
  const groups = [
    { ids: chosen.filter((p) => !isWireOnly(p)).map((p) => p.id), runs },
    { ids: chosen.filter(isWireOnly).map((p) => p.id), runs: Math.max(runs, DEFAULT_RUNS) },
  ].filter((group) => group.ids.length > 0);
  try {
    const failed: RunResult[] = [];
    let timeMs = 0;
    for (const group of groups) {
      const run = await checkConformance(impl, { properties, runs: group.runs, seed: options.seed ?? 1, shrink: false, regressions: false, only: group.ids });
      failed.push(...run.results.filter((p) => p.status === 'fail'));
      timeMs += run.footer.timeMs;
    }
    // In the order the properties were given, whichever group ran them.
    failed.sort((a, b) => chosen.findIndex((p) => p.id === a.id) - chosen.findIndex((p) => p.id === b.id));
    return {
      name: mutant.name,
      description: mutant.description,
      runs: mutant.runs,
      killedBy: failed.map((p) => p.id),
      failures: failed.map((p) => ({ property: p.id, kind: p.counterexample!.kind, message: p.counterexample!.message.split('\n')[0]! })),
      timeMs,
    };
  } finally {
    await impl.close?.();
  }
}

/** The matrix of a set of verdicts: who killed whom, and what survived. */
export function toKillMatrix(verdicts: readonly MutantVerdict[], properties: readonly AnyProperty[], only?: readonly string[]): KillMatrix {
  const ran = only === undefined ? properties : properties.filter((p) => only.includes(p.id));
  const killers = new Set(verdicts.flatMap((v) => v.killedBy));
  const survived = verdicts.filter((v) => v.killedBy.length === 0).map((v) => v.name);
  return {
    mutants: verdicts,
    idleProperties: ran.map((p) => p.id).filter((id) => !killers.has(id)),
    summary: { mutants: verdicts.length, killed: verdicts.length - survived.length, survived },
  };
}

/** The kill matrix with mutants handed out to `workers` threads; the same matrix as one thread gives. */
export async function killMatrixInWorkers(mutants: readonly Mutant[], properties: readonly AnyProperty[], options: KillMatrixOptions & { readonly workers?: number }): Promise<KillMatrix> {
  const runs = options.runs;
  const seed = options.seed ?? 1;
  const base = { ...(runs === undefined ? {} : { runs }), seed, ...(options.only === undefined ? {} : { only: options.only }) };
  let done = 0;
  const verdicts = await inWorkers<Mutant, MutantVerdict>({
    jobs: mutants,
    count: options.workers ?? 1,
    entry: SUITE_WORKER,
    local: (mutant) => mutantVerdict(mutant, properties, base),
    message: (mutant): WorkerJob => ({ kind: 'mutant', name: mutant.name, ...base }),
    onResult: (verdict) => options.onMutant?.(verdict, done++, mutants.length),
  });
  return toKillMatrix(verdicts, properties, options.only);
}
