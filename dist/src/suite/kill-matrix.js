import { inWorkers } from "./_internals/worker-pool.js";
import { checkConformance } from "./check-conformance.js";
/** Generated cases per property and mutant; a kill needs one failing case, so this can be small. */
export const MUTANT_RUNS = 30;
export async function killMatrix(mutants, properties, options = {}) {
    const verdicts = [];
    for (const [index, mutant] of mutants.entries()) {
        const verdict = await mutantVerdict(mutant, properties, options);
        verdicts.push(verdict);
        options.onMutant?.(verdict, index, mutants.length);
    }
    return toKillMatrix(verdicts, properties, options.only);
}
/** The suite run against one mutant: the properties that failed. */
export async function mutantVerdict(mutant, properties, options = {}) {
    const impl = await mutant.open();
    try {
        const run = await checkConformance(impl, {
            properties,
            runs: options.runs ?? MUTANT_RUNS,
            seed: options.seed ?? 1,
            shrink: false,
            regressions: false,
            ...(options.only === undefined ? {} : { only: options.only }),
        });
        const failed = run.results.filter((p) => p.status === 'fail');
        return {
            name: mutant.name,
            description: mutant.description,
            runs: mutant.runs,
            killedBy: failed.map((p) => p.id),
            failures: failed.map((p) => ({ property: p.id, kind: p.counterexample.kind, message: p.counterexample.message.split('\n')[0] })),
            timeMs: run.footer.timeMs,
        };
    }
    finally {
        await impl.close?.();
    }
}
/** The matrix of a set of verdicts: who killed whom, and what survived. */
export function toKillMatrix(verdicts, properties, only) {
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
export async function killMatrixInWorkers(mutants, properties, options) {
    const runs = options.runs;
    const seed = options.seed ?? 1;
    const base = { ...(runs === undefined ? {} : { runs }), seed, ...(options.only === undefined ? {} : { only: options.only }) };
    let done = 0;
    const verdicts = await inWorkers({
        jobs: mutants,
        count: options.workers ?? 1,
        local: (mutant) => mutantVerdict(mutant, properties, base),
        message: (mutant) => ({ kind: 'mutant', name: mutant.name, ...base }),
        onResult: (verdict) => options.onMutant?.(verdict, done++, mutants.length),
    });
    return toKillMatrix(verdicts, properties, options.only);
}
