/**
 * Valid generated logs exercise the whole vocabulary: every field of every event type
 * (properties/arbitraries/vocabulary.ts, held to src/log/types.ts by the compiler) present
 * and absent and in each value class listed, every type a v0 reader knows, and the
 * ignorable marker on every typed one. What is counted is read from the generated events,
 * so a generator that stops writing a field fails here, as the rule-enumeration test fails
 * for a rule without a fault class.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLog, logPlan } from '../../properties/arbitraries/session-log.ts';
import { sessionPrefixLog } from '../../properties/arbitraries/session-prefix-log.ts';
import { RC8_TYPES, SESSION_PREFIX_TYPES, SHAPES, observeLog, wantedClasses, type Observed } from '../../properties/arbitraries/vocabulary.ts';
import { isKnownEventType, isTyped } from '../../src/log/event-types.ts';
import type { SessionEvent } from '../../src/log/index.ts';

const current: Observed = new Map();
for (const log of fc.sample(logPlan, { numRuns: 300, seed: 2121 }).map((plan) => buildLog(plan))) observeLog(current, log.header, log.events);
// What the current logs and the session-prefix logs hold together.
const both: Observed = new Map([...current].map(([at, set]) => [at, new Set(set)]));
for (const log of fc.sample(sessionPrefixLog, { numRuns: 150, seed: 2121 })) observeLog(both, log.header, log.events);

const seen = (observed: Observed, at: string) => observed.get(at) ?? new Set<string>();

describe('the vocabulary table', () => {
  it('lists the event types a v0 reader knows, and every typed one of them has its payload table', () => {
    expect([...RC8_TYPES, ...SESSION_PREFIX_TYPES].filter((type) => !isKnownEventType(type))).toEqual([]);
    expect(new Set(RC8_TYPES).size).toBe(48);
    const typed = [...RC8_TYPES, ...SESSION_PREFIX_TYPES].filter((type) => isTyped({ type } as SessionEvent));
    expect(typed.filter((type) => !Object.hasOwn(SHAPES, `data ${type}`))).toEqual([]);
  });
});

describe('valid generated logs', () => {
  it('give every field of the vocabulary each of its value classes, an optional one present and absent', () => {
    const missing = [...wantedClasses()].flatMap(([at, classes]) => classes.filter((cls) => !seen(both, at).has(cls)).map((cls) => `${at}: ${cls}`));
    expect(missing).toEqual([]);
  });

  it('hold no field the vocabulary does not list', () => {
    expect([...seen(both, 'unlisted')]).toEqual([]);
  });

  it('hold every type of DSH rc.8’s vocabulary in current-era logs, and the session-prefix era’s in its logs', () => {
    expect(RC8_TYPES.filter((type) => !seen(current, 'types').has(type))).toEqual([]);
    const written = SESSION_PREFIX_TYPES.filter((type) => !Object.hasOwn(SHAPES[`data ${type}` as keyof typeof SHAPES], 'outside'));
    expect(written.filter((type) => !seen(both, 'types').has(type))).toEqual([]);
  });

  it('mark events of every typed type ignorable, surface types included, and put prototype keys and every number class into plugin payloads', () => {
    const typed = RC8_TYPES.filter((type) => isTyped({ type } as SessionEvent));
    expect(typed.filter((type) => !seen(current, 'types marked ignorable').has(type))).toEqual([]);
    expect(['prototype keys', 'zero', 'negative', 'fractional'].filter((cls) => !seen(current, 'plugin data').has(cls))).toEqual([]);
  });
});
