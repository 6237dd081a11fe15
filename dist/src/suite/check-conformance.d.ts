/**
 * The one way to run the suite: `checkConformance(impl, options)` opens the implementation
 * if given by name, replays stored regressions, runs the generated cases (on worker threads
 * if asked), judges the results against expectations and returns the run record every
 * report is rendered from. The CLI, the benchmarks and the vitest adapter all come here.
 */
import { type Property } from '../../properties/index.ts';
import type { Implementation } from '../conformance/implementation.ts';
import { type OpenOptions } from '../conformance/open-implementation.ts';
import type { ExpectationsFile } from './expectations.ts';
import { RegressionStore } from './regressions.ts';
import { type WorkerSuiteOptions } from './run-in-workers.ts';
import { type RunRecord } from './run-record.ts';
export interface CheckOptions extends Omit<WorkerSuiteOptions, 'regressions'> {
    /** The properties to check (default: every property of the suite). */
    readonly properties?: readonly Property<never>[];
    /** Where stored regressions are read and new counterexamples written (default: the package's corpora/regressions, read only); false for none. */
    readonly regressions?: RegressionStore | false;
    /** Expected failures; a file name makes the record say where they came from. */
    readonly expectations?: ExpectationsFile | {
        readonly file: string;
        readonly content: ExpectationsFile;
    };
    /** The implementation's name in the record (`impl`); for `workers` > 1 the spec each worker thread opens. Default: the spec given, or the implementation's name. */
    readonly spec?: string;
    /** How an implementation given by spec is opened (default: in the current directory). */
    readonly open?: OpenOptions;
}
/** The package's own stored counterexamples, replayed by every run that names no other store. */
export declare function packageRegressions(): RegressionStore;
/**
 * Checks `impl` (an Implementation, or a spec such as `reference`, `mutant:<name>`, `cmd:<command>`)
 * and returns the run. An implementation opened here is closed here; one passed in stays open.
 */
export declare function checkConformance(impl: Implementation | string, options?: CheckOptions): Promise<RunRecord>;
