/**
 * `--workers N`: one run spread over worker threads. A suite run is split into N shards of
 * its cases (this thread runs the first, each worker thread one other, with an implementation
 * of its own: a `cmd:` adapter process each) and merged exactly as `recon report merge`
 * merges CI shards, so the output is the one-thread output but for timings. (A kill matrix
 * hands out whole mutants: kill-matrix.ts.)
 */
import { availableParallelism, totalmem } from 'node:os';
import type { AnyProperty } from '../../properties/index.ts';
import type { Implementation } from '../contract/implementation.ts';
import { inWorkers, WORKER_MEMORY } from '../_internals/worker-pool.ts';
import { SUITE_WORKER, type WorkerJob } from './_internals/worker-messages.ts';
import { mergeProperty, mergeSuites } from './merge-shards.ts';
import type { OpenOptions } from '../conformance/open-implementation.ts';
import { RegressionStore } from './regressions.ts';
import { DEFAULT_RUNS, runSuite, type PropertyResult, type Shard, type SuiteOptions, type SuiteResult } from './run-suite.ts';

/**
 * Threads a check of `spec` uses unless told: the reference in process, one per core (and per
 * WORKER_MEMORY of memory); any other implementation one, since its adapter processes may share
 * state on disk.
 */
export function defaultWorkers(spec: string): number {
  return spec === 'reference' ? Math.max(1, Math.min(availableParallelism(), Math.floor(totalmem() / WORKER_MEMORY))) : 1;
}

export interface WorkerSuiteOptions extends SuiteOptions {
  /** Threads to use, this one included (default 1: no worker threads). */
  readonly workers?: number;
}

/**
 * Runs the suite on `impl` (already open, in this thread) and, with workers, on
 * implementations the worker threads open from `spec`. Workers run the properties of
 * `properties/index.ts` named by the ids of `properties`.
 */
export async function runSuiteInWorkers(impl: Implementation, spec: string, open: OpenOptions, properties: readonly AnyProperty[], options: WorkerSuiteOptions): Promise<SuiteResult> {
  const workers = options.workers ?? 1;
  if (workers <= 1) return runSuite(impl, properties, options);
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const outer = options.shard ?? { index: 1, count: 1 };
  const chosen = options.only === undefined ? properties : properties.filter((p) => options.only!.includes(p.id));
  // Part w of N within shard i of n: cases k with k mod nN = (i - 1) + n·w. Part 0 holds shard 1's regressions.
  const parts: Shard[] = Array.from({ length: workers }, (_, w) => ({ index: outer.index + outer.count * w, count: outer.count * workers }));
  const store = options.regressions;
  const readOnly = store === undefined ? undefined : new RegressionStore(store.dirs, undefined);
  const progress = mergedProgress(chosen, workers, seed, options.onProgress);
  const results = await inWorkers<Shard, SuiteResult>({
    jobs: parts,
    count: workers,
    entry: SUITE_WORKER,
    local: (shard) =>
      runSuite(impl, chosen, {
        ...options,
        seed,
        shard,
        ...(readOnly === undefined ? {} : { regressions: readOnly }),
        onProgress: (event) => {
          if (event.type === 'end') progress(event.result, event.index);
          else options.onProgress?.(event);
        },
      }),
    message: (shard): WorkerJob => ({
      kind: 'suite',
      spec,
      open,
      only: chosen.map((p) => p.id),
      runs: options.runs ?? DEFAULT_RUNS,
      seed,
      shard,
      shrink: options.shrink !== false,
      regressions: store?.dirs ?? [],
    }),
    onEvent: (event) => {
      const { result, index } = event as { result: PropertyResult; index: number };
      progress(result, index);
    },
  });
  const merged = mergeSuites(results, outer);
  // Parts store nothing: the counterexample the merged run keeps is stored once, here, as one thread would have.
  const properties_ = merged.properties.map((r) => {
    const c = r.counterexample;
    if (store === undefined || c?.input === undefined || c.file !== undefined || c.case === undefined) return r;
    const file = store.save(r.id, c.input, { seed, ...(c.path === undefined ? {} : { path: c.path }), failure: c.message });
    return file === undefined ? r : { ...r, counterexample: { ...c, file } };
  });
  return { ...merged, properties: properties_ };
}

/** Each property's progress 'end' once every part has finished it, with the merged result. */
function mergedProgress(properties: readonly AnyProperty[], parts: number, seed: number, onProgress: SuiteOptions['onProgress']) {
  const seen = properties.map((): PropertyResult[] => []);
  return (result: PropertyResult, index: number) => {
    const got = seen[index]!;
    got.push(result);
    if (got.length === parts) onProgress?.({ type: 'end', result: mergeProperty(got, seed), index, total: properties.length });
  };
}
