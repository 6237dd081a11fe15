import { inWorkers } from "./_internals/worker-pool.js";
import { mergeProperty, mergeSuites } from "./merge-shards.js";
import { RegressionStore } from "./regressions.js";
import { DEFAULT_RUNS, runSuite } from "./run-suite.js";
/**
 * Runs the suite on `impl` (already open, in this thread) and, with workers, on
 * implementations the worker threads open from `spec`. Workers run the properties of
 * `properties/index.ts` named by the ids of `properties`.
 */
export async function runSuiteInWorkers(impl, spec, open, properties, options) {
    const workers = options.workers ?? 1;
    if (workers <= 1)
        return runSuite(impl, properties, options);
    const seed = options.seed ?? Date.now() % 2 ** 31;
    const outer = options.shard ?? { index: 1, count: 1 };
    const chosen = options.only === undefined ? properties : properties.filter((p) => options.only.includes(p.id));
    // Part w of N within shard i of n: cases k with k mod nN = (i - 1) + n·w. Part 0 holds shard 1's regressions.
    const parts = Array.from({ length: workers }, (_, w) => ({ index: outer.index + outer.count * w, count: outer.count * workers }));
    const store = options.regressions;
    const readOnly = store === undefined ? undefined : new RegressionStore(store.dirs, undefined);
    const progress = mergedProgress(chosen, workers, seed, options.onProgress);
    const results = await inWorkers({
        jobs: parts,
        count: workers,
        local: (shard) => runSuite(impl, chosen, {
            ...options,
            seed,
            shard,
            ...(readOnly === undefined ? {} : { regressions: readOnly }),
            onProgress: (event) => {
                if (event.type === 'end')
                    progress(event.result, event.index);
                else
                    options.onProgress?.(event);
            },
        }),
        message: (shard) => ({
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
            const { result, index } = event;
            progress(result, index);
        },
    });
    const merged = mergeSuites(results, outer);
    // Parts store nothing: the counterexample the merged run keeps is stored once, here, as one thread would have.
    const properties_ = merged.properties.map((r) => {
        const c = r.counterexample;
        if (store === undefined || c?.input === undefined || c.file !== undefined || c.case === undefined)
            return r;
        const file = store.save(r.id, c.input, { seed, ...(c.path === undefined ? {} : { path: c.path }), failure: c.message });
        return file === undefined ? r : { ...r, counterexample: { ...c, file } };
    });
    return { ...merged, properties: properties_ };
}
/** Each property's progress 'end' once every part has finished it, with the merged result. */
function mergedProgress(properties, parts, seed, onProgress) {
    const seen = properties.map(() => []);
    return (result, index) => {
        const got = seen[index];
        got.push(result);
        if (got.length === parts)
            onProgress?.({ type: 'end', result: mergeProperty(got, seed), index, total: properties.length });
    };
}
