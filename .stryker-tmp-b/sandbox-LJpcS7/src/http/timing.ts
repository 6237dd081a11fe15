/**
 * Replaying a response body as it arrived: each recorded chunk after the gap recorded
 * before it, scaled by a speed factor. The clock is injected, so tests replay on a
 * virtual one and never assert on wall time.
 */
// @ts-nocheck

import { setTimeout as wait } from 'node:timers/promises';
import { chunkBytes, type RecordedResponse } from './cassette.ts';

export interface ReplayTiming {
  /** 2 replays twice as fast; Infinity sends every chunk at once. Default 1. */
  readonly speed?: number;
  /** Waits `ms` milliseconds. Default: a real timer. */
  readonly sleep?: (ms: number) => Promise<void>;
}

export async function* timedChunks(response: RecordedResponse, timing: ReplayTiming = {}): AsyncGenerator<Uint8Array> {
  const speed = timing.speed ?? 1;
  const sleep = timing.sleep ?? ((ms: number) => wait(ms));
  let previous = 0;
  for (const chunk of response.chunks) {
    const gap = (chunk.t - previous) / speed;
    previous = chunk.t;
    if (gap > 0) await sleep(gap);
    yield chunkBytes(chunk);
  }
}
