/**
 * DSH's load path, run for real: the stored log goes through an in-memory backend into
 * DSH's `PersistenceCoordinator.inspect`, which is what a resume runs — version and id
 * checks, legacy refusals, upgrades of older shapes, per-message validation, the
 * unknown-type guard, crash-repair closers and `Session.fromRestore` (spec §5.2–5.3).
 *
 * `inspect` returns the stored events followed by any crash-repair closers. Those are
 * events DSH would append on load, not part of the stored log, so they are cut off here.
 *
 * A version that publishes no `dsh-session-persistence` (0.1.0-rc.7, 0.1.1-rc.2) has no load
 * path at all: there the events are dsh-session's decoding of the stored lines, with the
 * older shapes upgraded as spec §5 says a loader must (by our upgrader: the version has no
 * loader of its own), and no other validation; such a version has no log level, only what
 * the fold of those events gives (Session.append checks each one as the fold grows).
 */
// @ts-nocheck

import type { PersistenceBackend, SessionPersistenceRevision } from '@deepseek-ai/dsh-session-persistence';
import type { SessionEvent as DshEvent } from '@deepseek-ai/dsh-session';
import { LegacyUpgrader, type SessionEvent } from '../../log/index.ts';
import { dshEvents, ours } from './boundary.ts';
import { usePlugin, type DshPackages } from './packages.ts';
import { readStoredLog, type StoredLog } from './storage.ts';

export interface LoadedLog extends StoredLog {
  /** The closers DSH's crash repair would append (turn left open by a torn tail). */
  readonly closers: readonly DshEvent[];
}

export async function loadWithDsh(dsh: DshPackages, text: string): Promise<LoadedLog> {
  const stored = readStoredLog(dsh, text);
  if (dsh.persistence === undefined) {
    // The upgrader reads and rewrites recon's events; DSH reads the upgraded ones as it reads stored lines.
    const events = ours(stored.events);
    const upgraded: SessionEvent[] = [];
    const upgrader = new LegacyUpgrader(stored.meta.id, (seq) => upgraded[seq]);
    for (const event of events) upgraded.push(upgrader.upgrade(event));
    return { ...stored, events: dshEvents(dsh, upgraded), closers: [] };
  }
  const count = stored.events.length;
  const revision = 'memory:1' as SessionPersistenceRevision;
  const backend: PersistenceBackend = {
    name: 'recon-memory',
    // Fresh graphs each read: the coordinator freezes and adopts them in place.
    loadStored: async () => ({ meta: structuredClone(stored.meta), events: structuredClone(stored.events), revision }),
    readStoredRevision: async () => revision,
    appendBatch: async () => {},
    commitRepair: async () => {},
    list: async () => [],
  };
  // A throwaway context per load: the coordinator caches preparations by session id.
  const ctx = new dsh.cordis.Context();
  const unload = await usePlugin(ctx, dsh.session.default);
  try {
    const coordinator = new dsh.persistence.PersistenceCoordinator(ctx, backend);
    const inspection = await coordinator.inspect(stored.meta.id);
    return { meta: inspection.meta, events: inspection.events.slice(0, count), closers: inspection.events.slice(count) };
  } finally {
    await unload();
  }
}
