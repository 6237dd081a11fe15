/**
 * `--workers N`: one run spread over worker threads. A suite run is split into N shards of
 * its cases (this thread runs the first, each worker thread one other, with an implementation
 * of its own: a `cmd:` adapter process each) and merged exactly as `recon report merge`
 * merges CI shards, so the output is the one-thread output but for timings. (A kill matrix
 * hands out whole mutants: kill-matrix.ts.)
 */
import type { Property } from '../../properties/index.ts';
import type { Implementation } from '../conformance/implementation.ts';
import type { OpenOptions } from '../conformance/open-implementation.ts';
import { type SuiteOptions, type SuiteResult } from './run-suite.ts';
export interface WorkerSuiteOptions extends SuiteOptions {
    /** Threads to use, this one included (default 1: no worker threads). */
    readonly workers?: number;
}
/**
 * Runs the suite on `impl` (already open, in this thread) and, with workers, on
 * implementations the worker threads open from `spec`. Workers run the properties of
 * `properties/index.ts` named by the ids of `properties`.
 */
export declare function runSuiteInWorkers(impl: Implementation, spec: string, open: OpenOptions, properties: readonly Property<never>[], options: WorkerSuiteOptions): Promise<SuiteResult>;
