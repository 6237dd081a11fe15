/**
 * The one way to run the suite: `checkConformance(impl, options)` opens the implementation
 * if given by name, replays stored regressions, runs the generated cases (on worker threads
 * if asked), judges the results against expectations and returns the run record every
 * report is rendered from. The CLI, the benchmarks and the vitest adapter all come here.
 */
import { PROPERTIES } from "../../properties/index.js";
import { openImplementation } from "../conformance/open-implementation.js";
import { ReconError } from "../errors.js";
import { packagePath } from "../_internals/package-root.js";
import { RegressionStore } from "./regressions.js";
import { runSuiteInWorkers } from "./run-in-workers.js";
import { toRunRecord } from "./run-record.js";
/** The package's own stored counterexamples, replayed by every run that names no other store. */
export function packageRegressions() {
    return new RegressionStore([packagePath('corpora/regressions/')], undefined);
}
/**
 * Checks `impl` (an Implementation, or a spec such as `reference`, `mutant:<name>`, `cmd:<command>`)
 * and returns the run. An implementation opened here is closed here; one passed in stays open.
 */
export async function checkConformance(impl, options = {}) {
    const open = options.open ?? { cwd: process.cwd() };
    const spec = options.spec ?? (typeof impl === 'string' ? impl : undefined);
    if ((options.workers ?? 1) > 1 && spec === undefined)
        throw new ReconError('USAGE', 'workers need a spec to open the implementation in each thread (options.spec)');
    const opened = typeof impl === 'string' ? await openImplementation(impl, open) : impl;
    const { properties = PROPERTIES, regressions, expectations, spec: _spec, open: _open, ...suiteOptions } = options;
    const store = regressions === false ? undefined : (regressions ?? packageRegressions());
    const startedAt = new Date();
    try {
        const suite = await runSuiteInWorkers(opened, spec ?? opened.info.name, open, properties, { ...suiteOptions, ...(store === undefined ? {} : { regressions: store }) });
        const judged = expectations === undefined ? undefined : 'content' in expectations ? expectations : { file: '', content: expectations };
        return toRunRecord(suite, spec ?? opened.info.name, judged, startedAt);
    }
    finally {
        if (typeof impl === 'string')
            await opened.close?.();
    }
}
