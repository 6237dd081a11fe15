/**
 * Valid logs with what the session-prefix design wrote into them (dsh-eras §1.1, §3): the
 * logs of session-log.ts with a session prefix in every request/header, composed per loop
 * instance (a resume may carry another, a composition may be empty), and in about half of
 * them compaction under its names before the rename, `compact/*` (payloads unchanged,
 * dsh-eras §1.2). The steps still enter their messages after `step/start`, so these are
 * inputs for readers and folds, which are the same in both designs, not for rebuilding
 * requests, which is not. The expected messages are the generator's own; the expected
 * header is its own too, with the prefix it put in.
 */
// @ts-nocheck

import fc from 'fast-check';
import type { EpochHeader, JsonValue, Message, SessionEvent } from '../../src/log/index.ts';
import { buildLog, logPlan, writeJsonl, type GeneratedLog } from './session-log.ts';
import { anyText } from './text.ts';

const OLD_NAMES: Readonly<Record<string, string>> = { 'compaction/start': 'compact/start', 'compaction/summary': 'compact/summary', 'compaction/end': 'compact/end', 'compaction/prune': 'compact/prune' };

const prefixMessage = (text: string, instance: number, i: number): Message => ({ id: `prefix-${instance}-${i}`, role: 'user', content: [{ type: 'text', text }], source: { kind: 'plugin', plugin: 'session-prefix' } });

const prefixOf = (event: SessionEvent | undefined): readonly Message[] | undefined => (event?.data as { header?: EpochHeader } | undefined)?.header?.messagePrefix;

export const sessionPrefixLog: fc.Arbitrary<GeneratedLog> = fc
  .record({ plan: logPlan, prefixes: fc.array(fc.array(anyText, { maxLength: 2 }), { minLength: 1, maxLength: 4 }), oldNames: fc.boolean() })
  .map(({ plan, prefixes, oldNames }) => {
    const log = buildLog(plan);
    // The stored events and the loaded ones change alike, seq for seq: older shapes touch neither headers nor compaction.
    const inEra = (events: readonly SessionEvent[]): SessionEvent[] => {
      let instance = 0;
      return events.map((event) => {
        if (event.type === 'session/end-seed') instance++;
        const renamed = oldNames ? OLD_NAMES[event.type] : undefined;
        if (renamed !== undefined) return { ...event, type: renamed };
        if (event.type !== 'request/header') return event;
        const texts = prefixes[Math.min(instance, prefixes.length - 1)]!;
        if (texts.length === 0) return event;
        const data = event.data as { header: Record<string, JsonValue> };
        return { ...event, data: { ...data, header: { ...data.header, messagePrefix: texts.map((text, i) => prefixMessage(text, instance, i)) } } as JsonValue };
      });
    };
    const events = inEra(log.events);
    const stored = log.stored === undefined ? undefined : inEra(log.stored);
    const renamed = oldNames && events.some((e) => e.type === 'compact/summary');
    const prefixed = events.some((e) => (prefixOf(e)?.length ?? 0) > 0);
    const expected = log.expected === undefined ? undefined : {
      messagesAt: log.expected.messagesAt,
      headerAt: (k: number): EpochHeader | null => {
        const header = log.expected!.headerAt(k);
        const prefix = prefixOf(events.slice(0, k).findLast((e) => e.type === 'request/header'));
        return header === null || prefix === undefined ? header : { ...header, messagePrefix: prefix };
      },
    };
    const labels = { ...log.stats.labels, 'session prefix': prefixed, 'compact/* names': renamed };
    return { ...log, events, ...(stored === undefined ? {} : { stored }), ...(expected === undefined ? {} : { expected }), stats: { ...log.stats, labels }, jsonl: writeJsonl(log.header, stored ?? events) };
  });
