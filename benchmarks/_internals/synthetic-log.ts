/**
 * Deterministic logs of a given length, shaped like real agent sessions: two-step turns
 * with reasoning, text and a tool call streamed as delta runs, usage on every step, a
 * compaction every 25 turns and a resume every 40. Built by the property generators'
 * builder, so benchmarks and properties exercise the same shapes.
 */
import { buildLog, writeJsonl, type GeneratedLog, type LogPlan } from '../../properties/arbitraries/session-log.ts';
import type { SessionEvent } from '../../src/log/index.ts';

type TurnPlan = LogPlan['turns'][number];

function turn(t: number): TurnPlan {
  const step = (calls: number) => ({
    injects: [],
    header: 'keep' as const,
    reply: { reasoning: `Thinking about step ${t}.`, text: calls > 0 ? `Let me read file ${t}.` : `File ${t} is fine.`, calls, deltas: 5 },
    usage: { input: 120 + t, read: 64 * t },
    noise: t % 3 === 0 ? (['context'] as const) : [],
  });
  return { prompt: `Task ${t}: check file ${t} and report.`, steps: [step(1), step(0)], compactKeep: t > 0 && t % 25 === 0 ? 4 : null, trimPick: null, resume: t % 40 === 39, end: 'completed' };
}

export interface SyntheticLog {
  /** The first `events` events, as canonical JSONL (delta runs packed). */
  readonly jsonl: string;
  readonly header: GeneratedLog['header'];
  /** The base events, then `next`: the events of the step that follows them. */
  readonly base: readonly SessionEvent[];
  readonly next: readonly SessionEvent[];
}

const cache = new Map<number, SyntheticLog>();

export function syntheticLog(events: number): SyntheticLog {
  const hit = cache.get(events);
  if (hit !== undefined) return hit;
  // About fifty events a turn; build enough for the base and one more whole step.
  const full = buildLog({ turns: Array.from({ length: Math.ceil(events / 40) + 2 }, (_, t) => turn(t)) });
  const base = full.events.slice(0, events);
  const end = full.events.findIndex((e, i) => i >= events && e.type === 'step/end');
  const log = { jsonl: writeJsonl(full.header, base), header: full.header, base, next: full.events.slice(events, end + 1) };
  cache.set(events, log);
  return log;
}
