/**
 * Fold: the cost of one step's `deriveMessages` on sessions of 100, 1 000 and 10 000
 * events — the reference's cached fold, a naive full refold, and DSH's own Session on
 * the same events. Each sample is one step on a fresh session that has exactly N events
 * and a warm cache: the session is prepared, and the step appended, before the clock starts.
 */
import { Session as DshSession, type SessionEvent as DshEvent } from '@deepseek-ai/dsh-session';
import { Session, deriveMessagesFresh } from '../src/fold/index.ts';
import { SessionLog, type SessionEvent } from '../src/log/index.ts';
import { measure, type BenchResult, type Profile } from './_internals/measure.ts';
import { syntheticLog } from './_internals/synthetic-log.ts';

export const FOLD_SIZES = [100, 1000, 10000] as const;

function referenceState(size: number): { log: SessionLog; session: Session } {
  const { header, base } = syntheticLog(size);
  const log = SessionLog.create(header);
  for (const event of base) log.adopt(event);
  const session = new Session(log);
  session.deriveMessages();
  return { log, session };
}

function dshState(size: number): DshSession {
  const { header, base } = syntheticLog(size);
  const session = DshSession.create(header.id as never, base as unknown as DshEvent[]);
  session.deriveMessages();
  return session;
}

/** Appends the next step's events to a DSH session the way its loop would. */
function dshAppend(session: DshSession, events: readonly SessionEvent[]): void {
  for (const e of events) {
    const append = session.append as (type: string, data: unknown, intent?: unknown) => unknown;
    if (e.surfaceOp === undefined) append.call(session, e.type, e.data);
    else append.call(session, e.type, e.data, { surfaceOp: e.surfaceOp, ...(e.sourceEventSeqs === undefined ? {} : { sourceEventSeqs: e.sourceEventSeqs }) });
  }
}

export async function foldBenchmarks(profile: Profile): Promise<BenchResult[]> {
  const samples = profile.name === 'quick' ? 60 : 300;
  const tasks = FOLD_SIZES.flatMap((size) => {
    const { base, next } = syntheticLog(size);
    const all = [...base, ...next];
    return [
      {
        id: `fold/cached/${size}`,
        fn: () => {
          const { log, session } = referenceState(size);
          for (const event of next) log.adopt(event);
          const start = performance.now();
          session.deriveMessages();
          return { overriddenDuration: performance.now() - start };
        },
      },
      { id: `fold/naive/${size}`, fn: () => deriveMessagesFresh(all) },
      {
        id: `fold/dsh/${size}`,
        fn: () => {
          const session = dshState(size);
          dshAppend(session, next);
          const start = performance.now();
          session.deriveMessages();
          return { overriddenDuration: performance.now() - start };
        },
      },
    ];
  });
  return measure({ ...profile, iterations: samples, time: 0 }, tasks);
}
