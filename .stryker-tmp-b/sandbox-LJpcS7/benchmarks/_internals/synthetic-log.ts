/**
 * Deterministic logs of a given length, shaped like real agent sessions: two-step turns
 * with reasoning, text and a tool call streamed as delta runs, usage on every step, a
 * compaction every 100 turns (never in the steps after a benchmark size) and a resume every 40. Built by the property generators'
 * builder, so benchmarks and properties exercise the same shapes.
 */
// @ts-nocheck

import { buildLog, writeJsonl, type GeneratedLog, type LogPlan } from '../../properties/arbitraries/session-log.ts';
import { deepFreeze, type SessionEvent } from '../../src/log/index.ts';

type TurnPlan = LogPlan['turns'][number];

/** The plan of synthetic turn `t` (0-based). */
export function syntheticTurn(t: number): TurnPlan {
  const step = (calls: number) => ({
    injects: [],
    header: 'keep' as const,
    reply: { reasoning: `Thinking about step ${t}.`, text: calls > 0 ? `Let me read file ${t}.` : `File ${t} is fine.`, calls, deltas: 5 },
    usage: { input: 120 + t, read: 64 * t },
    noise: t % 3 === 0 ? (['context'] as const) : [],
  });
  return { prompt: `Task ${t}: check file ${t} and report.`, steps: [step(1), step(0)], compactKeep: t % 100 === 90 ? 4 : null, trimPick: null, resume: t % 40 === 39, end: 'completed' };
}

export interface SyntheticLog {
  /** The first `events` events, as canonical JSONL (delta runs packed). */
  readonly jsonl: string;
  readonly header: GeneratedLog['header'];
  /** The base events, then the events of each of the steps that follow them. */
  readonly base: readonly SessionEvent[];
  readonly steps: ReadonlyArray<readonly SessionEvent[]>;
}

/** How many steps past the base a synthetic log carries. */
const NEXT_STEPS = 10;

const cache = new Map<number, SyntheticLog>();

export function syntheticLog(events: number): SyntheticLog {
  const hit = cache.get(events);
  if (hit !== undefined) return hit;
  // About fifty events a turn; build enough for the base and the steps after it.
  const full = buildLog({ turns: Array.from({ length: Math.ceil(events / 40) + NEXT_STEPS }, (_, t) => syntheticTurn(t)) });
  // Deep-frozen, as a SessionLog's events are: the benchmarks `adopt` them, and an unfrozen
  // event would reach the log's rules in shapes a loaded log never has.
  const frozen = full.events.map((event) => deepFreeze(event));
  const base = frozen.slice(0, events);
  const steps: SessionEvent[][] = [];
  for (let from = events; steps.length < NEXT_STEPS; ) {
    const end = frozen.findIndex((e, i) => i >= from && e.type === 'step/end');
    steps.push(frozen.slice(from, end + 1));
    from = end + 1;
  }
  const log = { jsonl: writeJsonl(full.header, base), header: full.header, base, steps };
  cache.set(events, log);
  return log;
}
