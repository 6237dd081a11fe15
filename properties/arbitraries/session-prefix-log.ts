/**
 * Valid logs with what the session-prefix design wrote into them (dsh-eras §1.1, §3): the
 * logs of session-log.ts with a session prefix in every request/header, composed per loop
 * instance (a resume may carry another, a composition may be empty), and in about half of
 * them compaction under its names before the rename, `compact/*` (payloads unchanged,
 * dsh-eras §1.2). An empty composition is left out or, as a writer that always writes the
 * list stores it, written as `[]`, which the canonical snapshot drops (spec §3.3). The
 * steps still enter their messages after `step/start`, so these are
 * inputs for readers and folds, which are the same in both designs, not for rebuilding
 * requests, which is not. The expected messages are the generator's own; the expected
 * header is its own too, with the prefix it put in.
 */
import fc from 'fast-check';
import type { EpochHeader, JsonValue, Message, SessionEvent } from '../../src/log/index.ts';
import { buildLog, freeJson, logPlan, writeJsonl, type GeneratedLog } from './session-log.ts';
import { anyText } from './text.ts';

const OLD_NAMES: Readonly<Record<string, string>> = { 'compaction/start': 'compact/start', 'compaction/summary': 'compact/summary', 'compaction/end': 'compact/end', 'compaction/prune': 'compact/prune' };

/** A prefix message may have any role a request message has but tool (spec §2.2 messagePrefix). */
const PREFIX_ROLES = ['user', 'system', 'assistant'] as const;

const prefixMessage = (text: string, instance: number, i: number): Message => ({ id: `prefix-${instance}-${i}`, role: PREFIX_ROLES[(instance + i) % PREFIX_ROLES.length]!, content: [{ type: 'text', text }], source: { kind: 'plugin', plugin: 'session-prefix' } });

/**
 * A prefix message as the era first stored it, before messages had identities: {role, content,
 * provenance?}. A reader gives it the id of its position and a session-prefix source that keeps
 * the provenance's fields (dsh-eras §3); `stored` says which of the two forms to write.
 */
function preIdentityPrefix(message: Message, sessionId: string, i: number, provenance: JsonValue | null, stored: boolean): JsonValue {
  const { role, content } = message;
  const fields = provenance !== null && typeof provenance === 'object' && !Array.isArray(provenance) ? provenance : {};
  if (stored) return { role, content, ...(provenance === null ? {} : { provenance }) } as JsonValue;
  return { id: `legacy-prefix:${sessionId}:${i}`, role, content, source: { ...fields, kind: 'session-prefix' } } as JsonValue;
}

const prefixOf = (event: SessionEvent | undefined): readonly Message[] | undefined => (event?.data as { header?: EpochHeader } | undefined)?.header?.messagePrefix;

/**
 * A `compact/*` payload: the older one without `compactionId` (it came later, dsh-eras §1.2),
 * or the later one whose summary also carries its turn.
 */
function compactPayload(type: string, data: JsonValue, older: boolean): JsonValue {
  const { compactionId: _id, ...rest } = data as Record<string, JsonValue>;
  if (older) return type === 'compact/prune' ? data : rest;
  return type === 'compact/summary' ? { ...(data as Record<string, JsonValue>), turn: 1 } : data;
}

export const sessionPrefixLog: fc.Arbitrary<GeneratedLog> = fc
  .record({
    plan: logPlan,
    prefixes: fc.array(fc.array(anyText, { maxLength: 2 }), { minLength: 1, maxLength: 4 }),
    oldNames: fc.boolean(),
    oldPayload: fc.boolean(),
    // The prefix messages stored before messages had identities, with or without a provenance.
    preIdentity: fc.option(fc.option(freeJson, { nil: null }), { freq: 2, nil: undefined }),
    emptyWritten: fc.boolean(),
  })
  .map(({ plan, prefixes, oldNames, oldPayload, preIdentity, emptyWritten }) => {
    const log = buildLog(plan);
    // The stored events and the loaded ones change alike, seq for seq, but for the prefix messages of the pre-identity form.
    const inEra = (events: readonly SessionEvent[], asStored = false): SessionEvent[] => {
      let instance = 0;
      return events.map((event) => {
        if (event.type === 'session/end-seed') instance++;
        const renamed = oldNames ? OLD_NAMES[event.type] : undefined;
        if (renamed !== undefined) return { ...event, type: renamed, data: compactPayload(renamed, event.data, oldPayload) };
        if (event.type !== 'request/header') return event;
        const texts = prefixes[Math.min(instance, prefixes.length - 1)]!;
        if (texts.length === 0 && !emptyWritten) return event;
        const data = event.data as { header: Record<string, JsonValue> };
        const messages = texts.map((text, i) => prefixMessage(text, instance, i));
        const prefix = preIdentity === undefined ? messages : messages.map((m, i) => preIdentityPrefix(m, log.header.id, i, preIdentity, asStored));
        return { ...event, data: { ...data, header: { ...data.header, messagePrefix: prefix } } as JsonValue };
      });
    };
    const events = inEra(log.events);
    const stored = log.stored === undefined && preIdentity === undefined ? undefined : inEra(log.stored ?? log.events, true);
    const renamed = oldNames && events.some((e) => e.type === 'compact/summary');
    const prefixed = events.some((e) => (prefixOf(e)?.length ?? 0) > 0);
    const expected = log.expected === undefined ? undefined : {
      messagesAt: log.expected.messagesAt,
      headerAt: (k: number): EpochHeader | null => {
        const header = log.expected!.headerAt(k);
        const prefix = prefixOf(events.slice(0, k).findLast((e) => e.type === 'request/header'));
        return header === null || prefix === undefined || prefix.length === 0 ? header : { ...header, messagePrefix: prefix };
      },
    };
    const emptyPrefix = events.some((e) => prefixOf(e)?.length === 0);
    const labels = { ...log.stats.labels, 'session prefix': prefixed, 'session prefix written empty': emptyPrefix, 'compact/* names': renamed, 'pre-identity prefix': prefixed && preIdentity !== undefined };
    return { ...log, events, ...(stored === undefined ? {} : { stored }), ...(expected === undefined ? {} : { expected }), stats: { ...log.stats, labels }, jsonl: writeJsonl(log.header, stored ?? events) };
  });
