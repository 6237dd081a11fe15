// The property suite as the only test of a Stryker run: one test per property and era,
// against the reference in process, at a fixed seed, without shrinking (a mutant only needs
// to fail). Stryker mutates the reference as the implementation under test; the suite itself
// (properties, oracles, generators, runner) is loaded from the unmutated checkout, as it is
// when it checks any other implementation. Outside a Stryker sandbox both are the same files.
//
// Mocha runs it (stryker.config.json): its Stryker runner loads the files once per worker and
// switches mutants at run time, where a runner that starts a fresh worker per mutant would
// import the whole suite again for every one of thousands of mutants.
import { strict as assert } from 'node:assert';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { referenceImplementation } from '../../src/conformance/reference/reference-implementation.ts';

type Mocha = { describe(title: string, body: () => void): void; it(title: string, body: () => Promise<void>): void };
const { describe, it } = globalThis as unknown as Mocha;

const here = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sandbox = /^(.*)[\\/]\.stryker-tmp[\\/][^\\/]+$/.exec(here);
const suiteRoot = sandbox?.[1] ?? here;
const from = (path: string) => import(pathToFileURL(resolve(suiteRoot, path)).href);
const { PROPERTIES, forEra } = (await from('properties/index.ts')) as typeof import('../../properties/index.ts');
const { declaredEra } = (await from('src/contract/implementation.ts')) as typeof import('../../src/contract/implementation.ts');
// The default check's own budget, weights included (a loop property's 0.5 makes its 50 cases):
// a mutant is a survivor only if `recon check` would pass it too.
const { DEFAULT_RUNS, notApplicable, runSuite } = (await from('src/suite/run-suite.ts')) as typeof import('../../src/suite/run-suite.ts');
const { packageRegressions } = (await from('src/suite/check-conformance.ts')) as typeof import('../../src/suite/check-conformance.ts');

const RUNS = Number(process.env.RECON_MUTATION_RUNS ?? DEFAULT_RUNS);
const SEED = Number(process.env.RECON_MUTATION_SEED ?? 1);
const regressions = packageRegressions();

for (const era of ['current', 'session-prefix'] as const) {
  const impl = referenceImplementation(era === 'current' ? {} : { info: { era } });
  describe(`reference, ${era} era`, () => {
    for (const property of PROPERTIES) {
      // A property the era leaves as it is runs once, in the current era.
      if (era !== 'current' && forEra(property, era) === property) continue;
      if (notApplicable(impl.info, forEra(property, declaredEra(impl.info))) !== undefined) continue;
      it(property.id, async () => {
        const run = await runSuite(impl, [property], { runs: RUNS, seed: SEED, regressions, shrink: false });
        const result = run.properties[0]!;
        assert.equal(result.status, 'pass', JSON.stringify(result.counterexample ?? {}).slice(0, 2000));
      });
    }
  });
}
