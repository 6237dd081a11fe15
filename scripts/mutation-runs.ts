// How many cases a mutation run gives each property, read by the run (scripts/mutation.ts) and
// by the test Stryker runs (test/mutation/reference.mutation.ts), so that both say the same.

/**
 * The default check's own budget, weights included (a loop property's 0.5 makes its 50 cases):
 * a mutant is a survivor only if `recon check` would pass it too.
 */
export { DEFAULT_RUNS } from '../src/suite/run-suite.ts';
