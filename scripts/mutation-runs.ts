// How many cases a mutation run gives each property, read by the run (scripts/mutation.ts) and
// by the test Stryker runs (test/mutation/reference.mutation.ts), so that both say the same.

export const DEFAULT_RUNS = 25;

/**
 * The log's properties are the suite's cheapest (all of them: 10 s at 100 cases on one core):
 * they run four times as many cases, the default check's budget at the default runs.
 */
export const logRuns = (runs: number): number => 4 * runs;
