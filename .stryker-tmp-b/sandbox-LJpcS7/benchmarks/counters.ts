/**
 * Exact counters beside the timings: deterministic, so tests assert them exactly and a
 * change in them is a change in the algorithm, never noise.
 */
// @ts-nocheck

import { runScenario } from '../src/conformance/index.ts';
import { deriveMessagesFresh, foldSurface } from '../src/fold/index.ts';
import { firstDifference } from '../src/first-difference.ts';
import { CHECK_SCENARIO } from './check-overhead.bench.ts';
import { referenceState } from './fold.bench.ts';
import { syntheticLog } from './_internals/synthetic-log.ts';

export interface FoldCounters {
  readonly events: number;
  /** Surface nodes the cached fold projects for one more step; the naive refold projects all of them. */
  readonly cachedNodesPerStep: number;
  readonly naiveNodesPerStep: number;
  /** Events a naive refold walks for one step (all of them); the cached fold walks none. */
  readonly naiveEventsRefolded: number;
  readonly messages: number;
}

export function foldCounters(size: number): FoldCounters {
  const { base, steps } = syntheticLog(size);
  const next = steps[0]!;
  const { log, session } = referenceState(size);
  const before = session.counters.nodesProjected;
  for (const event of next) log.adopt(event);
  const messages = session.deriveMessages().length;
  const all = [...base, ...next];
  if (deriveMessagesFresh(all).length !== messages) throw new Error('the cached and the fresh fold disagree');
  return {
    events: size,
    cachedNodesPerStep: session.counters.nodesProjected - before,
    naiveNodesPerStep: foldSurface(all).length,
    naiveEventsRefolded: all.length,
    messages,
  };
}

export interface PrefixCounters {
  readonly requests: number;
  readonly bodyBytes: number;
  /** Bytes of each request body that repeat the previous body from its first byte. */
  readonly prefixBytesReused: number;
  readonly reuse: number;
}

/** How much of each wire body the previous one already sent, byte for byte: what a prefix cache can read. */
export async function prefixCounters(): Promise<PrefixCounters> {
  const run = await runScenario(CHECK_SCENARIO);
  let reused = 0;
  let total = 0;
  run.wire.forEach((wire, i) => {
    const bytes = Buffer.byteLength(wire.body);
    total += bytes;
    if (i > 0) reused += firstDifference(run.wire[i - 1]!.body, wire.body, 0)?.offset ?? bytes;
  });
  return { requests: run.wire.length, bodyBytes: total, prefixBytesReused: reused, reuse: reused / total };
}
