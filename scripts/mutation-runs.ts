// How many cases a mutation run gives each property, read by the run (scripts/mutation.ts) and
// by the test Stryker runs (test/mutation/reference.mutation.ts), so that both say the same.

// A loop property's weight halves it (properties/_internals/loop-property.ts): 50 gives its 25 cases,
// half the default check's.
export const DEFAULT_RUNS = 50;

/**
 * Every property but the loop's runs twice the budget, 100 cases at the default: the default
 * check's own budget. They are the cheap ones (all 35 take 13 s at 100 cases on one core; the
 * loop's play whole scenarios), and mutants the suite kills only at 100 cases are not survivors.
 */
export const quickRuns = (runs: number): number => 2 * runs;

/** Whether a property of these levels runs `quickRuns`: any that plays no loop scenario. */
export const isQuick = (levels: readonly string[]): boolean => !levels.includes('loop');
