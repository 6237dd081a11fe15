/**
 * The parts of a sharded run merged into the run they came from. Case k of a property is
 * the same input in every part (run-suite.ts), so the merge gives what one unsharded run at
 * the same seed gives: a property fails if any part failed, with the failure that comes
 * first in the run's order (stored regressions, then generated cases by index); label counts
 * add up and generator floors are checked on the sum.
 */
import { type PropertyResult, type Shard, type SuiteResult } from './run-suite.ts';
/** What merging needs of one part's result for a property (a PropertyResult, or a run record's result line). */
export type PropertyPart = Pick<PropertyResult, 'id' | 'status' | 'runs' | 'regressions' | 'timeMs' | 'counterexample' | 'statistics' | 'labels' | 'floors'>;
/** One property's parts, in shard order, merged. Keys the merge does not own are taken from the first part. */
export declare function mergeProperty<R extends PropertyPart>(parts: readonly R[], seed: number): R;
/** Parts of one suite run (same implementation, seed, budget and properties), in shard order. `shard` is the part they make up together. */
export declare function mergeSuites(parts: readonly SuiteResult[], shard?: Shard): SuiteResult;
