/** Properties of the fold: derived messages and the folded request header (spec §3). */
// @ts-nocheck

import { canonicalHeader } from '../src/fold/index.ts';
import { isEvent, type EpochHeader, type EventOf } from '../src/log/index.ts';
import { buildLog, eventCount, logPlan, prefixJsonl, sessionLog, writeJsonl, type GeneratedLog } from './arbitraries/session-log.ts';
import { sessionPrefixLog } from './arbitraries/session-prefix-log.ts';
import { firstUnfrozen } from './_internals/frozen.ts';
import { LOG_FLOORS, logCodec, logLabels } from './_internals/codecs.ts';
import { fail, must, sameJson } from './_internals/failure.ts';
import { expectedHeader, expectedMessages } from './_internals/oracle.ts';
import { defineProperty, jsonCodec } from './_internals/property.ts';

/** The prefixes after each surface event: where the derivation changes, replaces included. */
function surfacePrefixes(log: GeneratedLog): number[] {
  const prefixes = log.events.filter((e) => e.surfaceOp !== undefined).map((e) => e.seq + 1);
  return [0, ...prefixes, log.events.length].filter((k, i, all) => all.indexOf(k) === i).sort((a, b) => a - b);
}

/**
 * A live fold is read whenever its user asks, not after each event: a sparser schedule than
 * `prefixes` (about one read in three, the last always), drawn from the log's bytes, so that
 * several events of any kinds fall between two reads.
 */
function sparseReads(prefixes: readonly number[], jsonl: string): number[] {
  let h = 0x811c9dc5;
  for (let i = 0; i < jsonl.length; i++) h = Math.imul(h ^ jsonl.charCodeAt(i), 0x01000193);
  return prefixes.filter((_, i) => {
    h = Math.imul(h ^ i, 0x01000193) >>> 0;
    return i === prefixes.length - 1 || (h >>> 8) % 3 === 0;
  });
}

export const FOLD_CACHED_EQUALS_FRESH = defineProperty({
  id: 'FOLD-CACHED-EQUALS-FRESH',
  title: 'the live fold, grown through the log and read after every surface event or more rarely, derives at every prefix what a fresh fold of that prefix derives, replaces included',
  clause: 'FOLD-3.1 (live cache equals a fresh fold), FOLD-2.1, RULE-1.3',
  levels: ['fold'],
  arbitrary: sessionLog(),
  arbitraries: { 'session-prefix': sessionPrefixLog },
  labels: logLabels,
  floors: LOG_FLOORS,
  codec: logCodec,
  async check(impl, log) {
    const prefixes = surfacePrefixes(log);
    const sparse = sparseReads(prefixes, log.jsonl);
    const [grown, rarely, ...fromScratch] = await Promise.all([
      impl.deriveMessages(log.jsonl, prefixes),
      impl.deriveMessages(log.jsonl, sparse),
      ...prefixes.map((k) => impl.deriveMessages(prefixJsonl(log, k), [k])),
    ]);
    const live = must(grown!, 'deriving messages along the log');
    const fresh = prefixes.map((k, i) => must(fromScratch[i]!, `deriving the messages of the first ${k} events from a fresh load`)[0]);
    for (const [i, k] of prefixes.entries()) sameJson(`after ${k} events, the live fold differs from a fresh fold of the same prefix`, fresh[i], live[i]);
    const sparseLive = must(rarely!, 'deriving messages along the log, read more rarely');
    for (const [j, k] of sparse.entries()) {
      sameJson(`after ${k} events, a live fold read only at ${sparse.join(', ')} differs from a fresh fold of the same prefix`, fresh[prefixes.indexOf(k)], sparseLive[j]);
    }
  },
});

export const FOLD_MATCHES_SPEC = defineProperty({
  id: 'FOLD-MATCHES-SPEC',
  title: 'the derived messages are the projection of the surface the log was written with: user/message data, non-empty assistant messages, tool results, in surface order, upgraded older shapes included',
  clause: 'FOLD-1.1, FOLD-1.2, FOLD-2.1, FOLD-2.2 (projection of the surface), LOG-4.1, LOG-8.4 (older shapes)',
  levels: ['fold'],
  arbitrary: sessionLog(),
  arbitraries: { 'session-prefix': sessionPrefixLog },
  labels: logLabels,
  floors: LOG_FLOORS,
  codec: logCodec,
  async check(impl, log) {
    const prefixes = surfacePrefixes(log);
    const derived = must(await impl.deriveMessages(log.jsonl, prefixes), 'deriving messages along the log');
    // The oracle is the generator's own record of the messages it wrote (a stored regression has none: then the spec's fold).
    const expected = (k: number) => log.expected?.messagesAt(k) ?? expectedMessages(log.events, k);
    for (const [i, k] of prefixes.entries()) sameJson(`after ${k} events, the derived messages differ from the messages the log was written with`, expected(k), derived[i]);
  },
});

export const FOLD_NOISE_INVARIANT = defineProperty({
  id: 'FOLD-NOISE-INVARIANT',
  title: 'log-only events (chunks, boundaries, headers, todos, titles, ignorable events) never change the derived messages',
  clause: 'FOLD-1.3, LOG-4.1',
  levels: ['fold'],
  // Without older shapes: an upgraded pre-identity message takes its id from its seq, which noise moves.
  arbitrary: logPlan.map((plan) => ({ noisy: buildLog({ ...plan, legacy: null }).jsonl, quiet: buildLog({ ...plan, legacy: null }, { noise: false }).jsonl })),
  codec: jsonCodec<{ noisy: string; quiet: string }>(),
  async check(impl, { noisy, quiet }) {
    const [withNoise, without] = await Promise.all([impl.deriveMessages(noisy, [eventCount(noisy)]), impl.deriveMessages(quiet, [eventCount(quiet)])]);
    const a = must(withNoise, 'deriving the messages of the log with noise')[0];
    const b = must(without, 'deriving the messages of the same log without noise')[0];
    sameJson('log-only events changed the derived messages', b, a);
  },
});

export const FOLD_FROZEN = defineProperty({
  id: 'FOLD-FROZEN',
  title: 'derived messages are deep-frozen and shared: mutating one throws and changes nothing the fold returns later',
  clause: 'FOLD-3.2, LOG-6.4',
  levels: ['fold'],
  inProcess: true,
  arbitrary: sessionLog(),
  codec: logCodec,
  async check(impl, log) {
    const [messages] = must(await impl.deriveMessages(log.jsonl, [log.events.length]), 'deriving messages');
    for (const message of messages!) {
      const open = firstUnfrozen(message, 'message');
      if (open !== undefined) fail(`a derived message is not frozen at ${open}`);
    }
    const first = messages![0] as { content: unknown[] } | undefined;
    if (first !== undefined) {
      let threw = false;
      try {
        first.content.push({ type: 'text', text: 'mutation' });
      } catch (error) {
        threw = error instanceof TypeError;
      }
      if (!threw) fail('pushing onto a derived message content did not throw a TypeError');
    }
    const again = must(await impl.deriveMessages(log.jsonl, [log.events.length]), 'deriving messages again')[0];
    sameJson('the derivation changed after a mutation attempt', messages, again);
  },
});

/** The prefixes right after each request/header: where the folded header changes. */
function headerPrefixes(log: GeneratedLog): number[] {
  return [0, ...log.events.filter((e) => e.type === 'request/header').map((e) => e.seq + 1), log.events.length];
}

export const FOLD_HEADER_LATEST = defineProperty({
  id: 'FOLD-HEADER-LATEST',
  title: 'the folded header is the canonical form of the latest request/header snapshot, as the log was written, however rarely the fold is read, and canonical snapshots fold to themselves',
  clause: 'FOLD-4.1, FOLD-4.2 (canonical latest snapshot), FOLD-4.4',
  levels: ['fold'],
  arbitrary: sessionLog(),
  arbitraries: { 'session-prefix': sessionPrefixLog },
  labels: logLabels,
  codec: logCodec,
  async check(impl, log) {
    const prefixes = headerPrefixes(log);
    // The oracle is the header the generator meant at each point (a stored regression has none: then the spec's fold).
    const expected = (k: number) => (log.expected === undefined ? expectedHeader(log.events, k) : log.expected.headerAt(k));
    // Canonicalisation is idempotent: writing every snapshot in canonical form folds the same.
    const canonicalEvents = log.events.map((e) => (isEvent(e, 'request/header') ? canonicalized(e, log.expected?.headerAt(e.seq + 1)) : e));
    const sparse = sparseReads(prefixes, log.jsonl);
    const [asStored, rarely, asCanonical] = await Promise.all([
      impl.foldRequestHeader(log.jsonl, prefixes),
      impl.foldRequestHeader(log.jsonl, sparse),
      impl.foldRequestHeader(writeJsonl(log.header, canonicalEvents, false), prefixes),
    ]);
    const folded = must(asStored, 'folding the request header along the log');
    for (const [i, k] of prefixes.entries()) sameJson(`after ${k} events, the folded header is not the canonical form of the latest snapshot`, expected(k), folded[i]);
    const sparseFolded = must(rarely, 'folding the request header along the log, read more rarely');
    for (const [j, k] of sparse.entries()) sameJson(`after ${k} events, a header fold read only at ${sparse.join(', ')} is not the canonical form of the latest snapshot`, expected(k), sparseFolded[j]);
    const again = must(asCanonical, 'folding the canonicalised log');
    sameJson('folding canonical snapshots changed the folded headers', folded, again);
  },
});

function canonicalized(event: EventOf<'request/header'>, known: EpochHeader | null | undefined): EventOf<'request/header'> {
  return { ...event, data: { ...event.data, header: known ?? canonicalHeader(event.data.header) } };
}

export const FOLD_PROPERTIES = [FOLD_CACHED_EQUALS_FRESH, FOLD_MATCHES_SPEC, FOLD_NOISE_INVARIANT, FOLD_FROZEN, FOLD_HEADER_LATEST];
