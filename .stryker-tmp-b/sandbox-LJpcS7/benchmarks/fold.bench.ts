/**
 * Fold: the per-step cost of `deriveMessages` on sessions of 100, 1 000 and 10 000
 * events — the reference's cached fold, a naive full refold, and DSH's own Session on the
 * same events. A sample grows a session to N events, then takes ten more steps the way a
 * loop does (append the step's events, derive) and reports the mean derivation time of
 * those steps: the session is as hot in the CPU caches as a live loop's, and ten steps
 * give the timer something to measure.
 */
// @ts-nocheck

import { Session as DshSession, SessionId, decodeStorageRecord, type SessionEvent as DshEvent } from '@deepseek-ai/dsh-session';
import { Session, deriveMessagesFresh } from '../src/fold/index.ts';
import { SessionLog, type SessionEvent } from '../src/log/index.ts';
import { measure, type BenchResult, type Profile } from './_internals/measure.ts';
import { syntheticLog } from './_internals/synthetic-log.ts';

export const FOLD_SIZES = [100, 1000, 10000] as const;

/** One sample: grow a state to N events, then time `derive` after each of the next steps. */
function stepwise<T>(size: number, start: () => T, append: (state: T, events: readonly SessionEvent[]) => void, derive: (state: T, upTo: number) => unknown) {
  const { steps } = syntheticLog(size);
  return () => {
    const state = start();
    let total = 0;
    let upTo = size;
    for (const step of steps) {
      append(state, step);
      upTo += step.length;
      const began = performance.now();
      derive(state, upTo);
      total += performance.now() - began;
    }
    return { overriddenDuration: total / steps.length };
  };
}

export function referenceState(size: number): { log: SessionLog; session: Session } {
  const { header, base } = syntheticLog(size);
  const log = SessionLog.create(header);
  for (const event of base) log.adopt(event);
  const session = new Session(log);
  session.deriveMessages();
  return { log, session };
}

/** The events as DSH's: what `decodeStorageRecord` reads from their stored lines (a plain event passes as it is). */
const dshEvents = (events: readonly SessionEvent[]): DshEvent[] => events.flatMap((event) => decodeStorageRecord(event));

function dshState(size: number): DshSession {
  const { header, base } = syntheticLog(size);
  const session = DshSession.create(SessionId(header.id), dshEvents(base));
  session.deriveMessages();
  return session;
}

/** Appends a step's events to a DSH session the way its loop would. */
function dshAppend(session: DshSession, events: readonly SessionEvent[]): void {
  for (const e of dshEvents(events)) {
    if (!('surfaceOp' in e) || e.surfaceOp === undefined) session.append(e.type, e.data);
    else session.append(e.type, e.data, { surfaceOp: e.surfaceOp, ...(e.sourceEventSeqs === undefined ? {} : { sourceEventSeqs: e.sourceEventSeqs }) });
  }
}

function prefixEnds(size: number): number[] {
  let end = size;
  return syntheticLog(size).steps.map((step) => (end += step.length));
}

export async function foldBenchmarks(profile: Profile): Promise<BenchResult[]> {
  const tasks = FOLD_SIZES.flatMap((size) => {
    const { base, steps } = syntheticLog(size);
    const all = [...base, ...steps.flat()];
    // The prefixes are cut once, before any clock starts: a refold reads the events, it does not copy them.
    const prefixes = new Map(prefixEnds(size).map((end) => [end, all.slice(0, end)]));
    return [
      {
        id: `fold/cached/${size}`,
        fn: stepwise(size, () => referenceState(size), (s, events) => events.forEach((e) => s.log.adopt(e)), (s) => s.session.deriveMessages()),
      },
      { id: `fold/naive/${size}`, fn: stepwise(size, () => prefixes, () => undefined, (p, upTo) => deriveMessagesFresh(p.get(upTo)!)) },
      { id: `fold/dsh/${size}`, fn: stepwise(size, () => dshState(size), dshAppend, (s) => s.deriveMessages()) },
    ];
  });
  return measure({ ...profile, iterations: profile.foldSamples, time: 0 }, tasks);
}
