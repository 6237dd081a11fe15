/**
 * The session-prefix era (the earlier design note; dsh-eras §3, §4.1): a loop instance
 * composes request-only messages once, records them in its header snapshots, and sends them
 * before the messages derived from the events before each step's `step/start`. Played with
 * the scenario feature `sessionPrefix`, whose k-th composition of a run has known texts.
 */
// @ts-nocheck

import fc from 'fast-check';
import type { Scenario } from '../src/contract/index.ts';
import { deriveMessagesFresh, foldRequestHeader } from '../src/fold/index.ts';
import { eventsOf, type Message } from '../src/log/index.ts';
import { linearScenario, scenarioLabels } from './arbitraries/scenario.ts';
import { anyText } from './arbitraries/text.ts';
import { fail, must, sameJson } from './_internals/failure.ts';
import { loopProperty } from './_internals/loop-property.ts';
import { expectedBoundaries, expectedRequest, parseLog } from './_internals/oracle.ts';
import { jsonCodec, type AnyProperty } from './_internals/property.ts';
import type { Era } from '../src/fold/index.ts';

/** `scenarios` whose instances compose prefixes of one, several or no messages, different across restarts. */
export function withSessionPrefix(scenarios: fc.Arbitrary<Scenario>): fc.Arbitrary<Scenario> {
  return fc
    .record({ base: scenarios, prefixes: fc.array(fc.array(anyText, { maxLength: 3 }), { minLength: 1, maxLength: 4 }) })
    .map(({ base, prefixes }) => ({ ...base, sessionPrefix: prefixes }));
}

export const prefixScenario: fc.Arbitrary<Scenario> = withSessionPrefix(linearScenario);

/**
 * The suite in an era: in the session-prefix era every property that plays scenarios plays
 * them with a session prefix (feature sessionPrefix), so the whole loop suite holds the
 * implementation to that design, and a property with logs of that design (`arbitraries`)
 * reads those; the current era is the suite as it is. The runner puts each property in the
 * era the implementation declares.
 */
export function inEra(properties: readonly AnyProperty[], era: Era): readonly AnyProperty[] {
  return era === 'current' ? properties : properties.map((p) => forEra(p, era));
}

/** One property in `era` (see `inEra`). */
export function forEra(p: AnyProperty, era: Era): AnyProperty {
  if (era === 'current') return p;
  const own = p.arbitraries?.[era];
  if (own !== undefined) return { ...p, arbitrary: own };
  const features = p.scenarioFeatures ?? [];
  if (p.playsScenarios !== true || features.includes('sessionPrefix')) return p;
  return { ...p, scenarioFeatures: [...features, 'sessionPrefix'], arbitrary: withSessionPrefix(p.arbitrary as fc.Arbitrary<Scenario>) as fc.Arbitrary<unknown> };
}

const textsOf = (messages: readonly Message[]) => messages.map((m) => m.content.map((b) => (b.type === 'text' ? b.text : `<${b.type}>`)).join(''));

export const LOOP_SESSION_PREFIX = loopProperty({
  id: 'LOOP-SESSION-PREFIX',
  title: 'in the session-prefix era every request is its header’s prefix, composed once by its loop instance and logged before its first request, then the messages of the events before its step/start; the prefix is never history, a restart logs its recomposition as a resume snapshot, and a context message appended after a boundary joins the next request',
  clause: 'LOOP-7.1, LOOP-7.2, LOOP-7.3, LOOP-7.4, RULE-2.3, RULE-2.5, REQ-1.2, REQ-2.3',
  levels: ['loop'],
  scenarioFeatures: ['sessionPrefix'],
  weight: 0.5,
  arbitrary: prefixScenario,
  labels: (s) => ({ ...scenarioLabels(s), 'several instances': s.actions.some((a) => a.do === 'restart' || (a.do === 'prompt' && a.crash !== undefined)), 'empty prefix': s.sessionPrefix!.some((p) => p.length === 0), 'prefix changes': new Set(s.sessionPrefix!.map((p) => JSON.stringify(p))).size > 1 }),
  floors: { 'several instances': 0.2, 'empty prefix': 0.1, 'prefix changes': 0.3, injection: 0.2 },
  codec: jsonCodec<Scenario>(),
  async check(impl, s) {
    const run = must(await impl.run(s), 'running the scenario');
    const log = parseLog(run.jsonl);
    const boundaries = expectedBoundaries(log.events);
    if (boundaries.length !== run.requests.length) fail(`the loop sent ${run.requests.length} requests but its log shows ${boundaries.length}`);
    const headers = log.events.filter(eventsOf('request/header'));
    const prefixes = s.sessionPrefix!;
    for (const [i, b] of boundaries.entries()) {
      const what = `the request of step ${b.turn}.${b.step} (boundary seq ${b.seq})`;
      sameJson(`${what} differs from its reconstruction in the session-prefix era (header prefix, then the events before its step/start)`, expectedRequest(log, b.seq), run.requests[i]);
      // The instance is the one whose initial or resume snapshot came last before the boundary.
      const instance = headers.filter((h) => h.seq < b.seq && h.data.reason !== 'change').length - 1;
      const prefix = foldRequestHeader(log.events.slice(0, b.seq))?.messagePrefix ?? [];
      sameJson(`${what} is sent by loop instance ${instance}, whose one composition is the texts ${JSON.stringify(prefixes[instance % prefixes.length])}`, prefixes[instance % prefixes.length], textsOf(prefix));
      sameJson(`${what} does not start with exactly its header’s session prefix`, prefix, run.requests[i]!.messages.slice(0, prefix.length));
    }
    // Composed once per instance: a change snapshot keeps the instance's prefix.
    headers.forEach((h, j) => {
      if (h.data.reason !== 'change' || j === 0) return;
      sameJson(`the change snapshot at seq ${h.seq} carries another session prefix than its instance composed`, headers[j - 1]!.data.header.messagePrefix ?? [], h.data.header.messagePrefix ?? []);
    });
    const history = deriveMessagesFresh(log.events).map((m) => m.id);
    const leaked = headers.flatMap((h) => h.data.header.messagePrefix ?? []).find((m) => history.includes(m.id));
    if (leaked !== undefined) fail(`the session prefix message ${leaked.id} is in the derived history: the prefix is request-only`);
  },
});

export const SESSION_PREFIX_PROPERTIES = [LOOP_SESSION_PREFIX];
