/**
 * A live DSH `Session` grown through a log by `Session.append`, one event at a time.
 *
 * Why not `Session.create(id, seed)`: a seeded session appends `session/end-seed` (spec
 * §1.2), which would put an event into the log that the conformance operations did not
 * ask for and shift every later seq. Appending the stored events instead rebuilds the
 * same log, and the fold caches grow exactly as they do in a live loop. `Session.append`
 * stamps `Date.now()`; the clock is pinned to the stored (or given) time for the call.
 * It cannot set `ignorable` (its signature has no such field), so that marker is lost.
 */
// @ts-nocheck

import type { Session, SessionEvent as DshEvent, SessionHeader as DshHeader } from '@deepseek-ai/dsh-session';
import { appendAny, type AppendRequest } from './boundary.ts';
import type { DshPackages } from './packages.ts';

export interface TimedAppend extends AppendRequest {
  readonly time: number;
}

export function newSession(dsh: DshPackages, meta: DshHeader): Session {
  return dsh.session.Session.create(meta.id, undefined, meta);
}

/** `session.append` with `Date.now()` pinned to `time`; throws what DSH throws. */
export function appendAt(session: Session, event: TimedAppend): DshEvent {
  const realNow = Date.now;
  Date.now = () => event.time;
  try {
    return appendAny(session, event);
  } finally {
    Date.now = realNow;
  }
}

/** Grows `session` to `length` events of `events`. */
export function growTo(session: Session, events: readonly DshEvent[], length: number): void {
  while (session.events.length < Math.min(length, events.length)) appendAt(session, events[session.events.length]!);
}
