/** What the suite posts to a worker thread: its part of a run, or one mutant. */
// @ts-nocheck

import type { OpenOptions } from '../../conformance/open-implementation.ts';
import type { Shard } from '../run-suite.ts';

export type WorkerJob =
  | {
      readonly kind: 'suite';
      readonly spec: string;
      readonly open: OpenOptions;
      readonly only: readonly string[];
      readonly runs: number;
      readonly seed: number;
      readonly shard: Shard;
      readonly shrink: boolean;
      /** Read only: the pool's caller stores the counterexample the merged run keeps. */
      readonly regressions: readonly string[];
    }
  | { readonly kind: 'mutant'; readonly name: string; readonly runs?: number; readonly seed: number; readonly only?: readonly string[] };

/** The worker module that runs a WorkerJob. */
export const SUITE_WORKER = new URL('./worker.ts', import.meta.url);
