/** Runs the suite against every mutant: which properties kill which mutant. */
import type { Property } from '../../properties/index.ts';
import type { Counterexample } from './run-suite.ts';
import type { Mutant } from '../conformance/mutants/mutant.ts';
/** Generated cases per property and mutant; a kill needs one failing case, so this can be small. */
export declare const MUTANT_RUNS = 30;
export interface MutantVerdict {
    readonly name: string;
    readonly description: string;
    readonly runs: Mutant['runs'];
    /** Ids of the properties that failed against the mutant. */
    readonly killedBy: readonly string[];
    readonly failures: ReadonlyArray<{
        readonly property: string;
        readonly kind: Counterexample['kind'];
        readonly message: string;
    }>;
    readonly timeMs: number;
}
export interface KillMatrix {
    readonly mutants: readonly MutantVerdict[];
    /** Properties that killed no mutant: a check the catalog cannot show to have teeth. */
    readonly idleProperties: readonly string[];
    readonly summary: {
        readonly mutants: number;
        readonly killed: number;
        readonly survived: readonly string[];
    };
}
export interface KillMatrixOptions {
    readonly runs?: number;
    readonly seed?: number;
    /** Property ids to run (default all). */
    readonly only?: readonly string[];
    readonly onMutant?: (verdict: MutantVerdict, index: number, total: number) => void;
}
export declare function killMatrix(mutants: readonly Mutant[], properties: readonly Property<never>[], options?: KillMatrixOptions): Promise<KillMatrix>;
/** The suite run against one mutant: the properties that failed. */
export declare function mutantVerdict(mutant: Mutant, properties: readonly Property<never>[], options?: Omit<KillMatrixOptions, 'onMutant'>): Promise<MutantVerdict>;
/** The matrix of a set of verdicts: who killed whom, and what survived. */
export declare function toKillMatrix(verdicts: readonly MutantVerdict[], properties: readonly Property<never>[], only?: readonly string[]): KillMatrix;
/** The kill matrix with mutants handed out to `workers` threads; the same matrix as one thread gives. */
export declare function killMatrixInWorkers(mutants: readonly Mutant[], properties: readonly Property<never>[], options: KillMatrixOptions & {
    readonly workers?: number;
}): Promise<KillMatrix>;
