import { ReconError } from "../../errors.js";
import { FOLD_MUTANTS } from "./fold-mutants.js";
import { LOG_MUTANTS } from "./log-mutants.js";
import { LOOP_MUTANTS } from "./loop-mutants.js";
import { MUSEUM_MUTANTS } from "./museum-mutants.js";
import { STDIO_MUTANTS } from "./stdio-mutants.js";
import { WIRE_MUTANTS } from "./wire-mutants.js";
/** Every mutant, in the order the kill matrix shows them: by layer, as the data flows, then the bug museum (real harnesses' breaks), then those out of process. */
export const MUTANTS = [...LOG_MUTANTS, ...FOLD_MUTANTS, ...WIRE_MUTANTS, ...LOOP_MUTANTS, ...MUSEUM_MUTANTS, ...STDIO_MUTANTS];
export function findMutant(name) {
    const mutant = MUTANTS.find((m) => m.name === name);
    if (mutant === undefined)
        throw new ReconError('USAGE', `no mutant "${name}"; known: ${MUTANTS.map((m) => m.name).join(', ')}`);
    return mutant;
}
