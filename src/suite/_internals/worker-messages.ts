/** What the pool posts to a worker thread (a job) and what the thread posts back. */
import type { OpenOptions } from '../../conformance/open-implementation.ts';
import type { ErrorCode, ErrorLocation } from '../../errors.ts';
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

/** What a worker thread posts back. */
export type WorkerMessage<R> =
  | { readonly type: 'event'; readonly event: unknown }
  | { readonly type: 'done'; readonly result: R }
  | { readonly type: 'error'; readonly code?: ErrorCode; readonly message: string; readonly hint?: string; readonly location?: ErrorLocation };
