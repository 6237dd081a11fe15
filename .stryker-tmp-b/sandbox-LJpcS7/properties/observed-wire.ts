/**
 * The bytes that really went out (DESIGN §11). Over the protocol an implementation reports
 * the requests it sent; a client that adds to them on the way (an unlogged block, a
 * re-encoded body) reports clean bytes and passes every property that takes its word. Here
 * the implementation's own model client talks HTTP to a recording proxy (scenario feature
 * `liveModel`), and what the proxy saw is compared with the spec serialization of each
 * request rebuilt from the log.
 */
// @ts-nocheck

import { Agent } from 'undici';
import type { Scenario } from '../src/contract/index.ts';
import { FALLBACK_REPLY } from '../src/contract/index.ts';
import { firstDifference } from '../src/first-difference.ts';
import { dispatcherFetch, startProxy, startScriptedUpstream, type Cassette } from '../src/http/index.ts';
import type { RecordedRequest } from '../src/http/cassette.ts';
import { allowedHeaders } from '../src/http/headers.ts';
import { expectedBoundaries, expectedMessages, expectedRequest, expectedWire, parseLog } from './_internals/oracle.ts';
import { fail, must, PropertyFailure, sameJson } from './_internals/failure.ts';
import { deriveEventMessage } from '../src/fold/index.ts';
import { eventsOf, isEvent, type Message, type SessionEvent } from '../src/log/index.ts';
import { loopProperty } from './_internals/loop-property.ts';
import { jsonCodec } from './_internals/property.ts';
import { SCENARIO_FLOORS, linearScenario, scenarioLabels } from './arbitraries/scenario.ts';

/** Plays `s` with the implementation's model client pointed at a recording proxy in front of a scripted upstream; the proxy's cassette is what went out. */
async function playLive(run: (s: Scenario) => Promise<{ readonly jsonl: string }>, s: Scenario): Promise<{ readonly jsonl: string; readonly cassette: Cassette }> {
  const upstream = await startScriptedUpstream(s.replies, FALLBACK_REPLY);
  const agent = new Agent();
  const proxy = await startProxy({ provider: 'deepseek', upstream: upstream.url, fetch: dispatcherFetch(agent) });
  try {
    const { jsonl } = await run({ ...s, model: { baseUrl: proxy.url } });
    return { jsonl, cassette: proxy.cassette() };
  } finally {
    await proxy.close();
    await agent.close();
    await upstream.close();
  }
}

const bodyOf = (r: RecordedRequest): Uint8Array => (r.b64 !== undefined ? Buffer.from(r.b64, 'base64') : Buffer.from(r.body ?? '', 'utf8'));

export const LOOP_WIRE_OBSERVED = loopProperty({
  id: 'LOOP-WIRE-OBSERVED',
  title: 'every loop request the model client put on the wire equals, byte for byte, the serialization of the request rebuilt from the log, and every other request is a one-shot the log records, reading the messages its log entry says it shadows',
  clause: 'WIRE-1.3 (observed on the wire), RULE-1.2, LOOP-6.2',
  levels: ['loop', 'wire'],
  scenarioFeatures: ['liveModel'],
  weight: 0.5,
  arbitrary: linearScenario,
  labels: scenarioLabels,
  floors: SCENARIO_FLOORS,
  codec: jsonCodec<Scenario>(),
  async check(impl, s) {
    const { jsonl, cassette } = await playLive(async (live) => must(await impl.run(live), 'running the scenario'), s);
    checkObserved(jsonl, cassette);
  },
});

/**
 * Throws a PropertyFailure unless every loop request of the log went out as the spec
 * serializes its rebuild (body byte for byte, path, the headers that matter), in order,
 * and every other request the cassette holds is a one-shot the log records. Returns how
 * many observed requests were loop requests and one-shots.
 */
export function checkObserved(jsonl: string, cassette: Cassette): { readonly loopRequests: number; readonly oneShots: number } {
  let log;
  try {
    log = parseLog(jsonl);
  } catch (error) {
    return fail(`the log the loop wrote does not load: ${(error as Error).message}`);
  }
  const boundaries = expectedBoundaries(log.events);
  const observed = cassette.interactions.flatMap((i) => (i.request === null ? [] : [i.request]));
  // One-shots (a compaction's summary call) go out too; each opens a compaction in the log.
  const oneShots = log.events.filter((e) => e.type === 'compaction/start').length;
  let extras = observed.length - boundaries.length;
  if (extras < 0 || extras > oneShots) {
    fail(`the proxy saw ${observed.length} requests; the log shows ${boundaries.length} loop requests and ${oneShots} compactions (one one-shot each)`, 'a request the log does not record went out, or a logged request never did');
  }
  let next = 0;
  const oneShotBodies: Uint8Array[] = [];
  for (const [k, request] of observed.entries()) {
    const b = boundaries[next];
    if (b === undefined) {
      extras--;
      oneShotBodies.push(bodyOf(request));
      continue;
    }
    const rebuilt = expectedRequest(log, b.seq);
    if (rebuilt === null) fail(`the request of step ${b.turn}.${b.step} (boundary seq ${b.seq}) has no request/header before it: the log cannot rebuild it`);
    const spec = expectedWire(rebuilt);
    const difference = firstDifference(Buffer.from(spec.body, 'utf8'), bodyOf(request));
    if (difference !== undefined && extras > 0) {
      // Not this loop request: the one-shot before it.
      extras--;
      oneShotBodies.push(bodyOf(request));
      continue;
    }
    const what = `observed request #${k + 1}, the request of step ${b.turn}.${b.step} (boundary seq ${b.seq})`;
    if (difference !== undefined) throw new PropertyFailure(`the body of ${what} as it went out differs from the serialization of its reconstruction from the log`, difference, 'the model client sent bytes the log cannot rebuild (an unlogged block, or a body re-encoded after it was reported)');
    const path = new URL(spec.url).pathname;
    if (new URL(request.url).pathname !== path) fail(`${what} went to ${new URL(request.url).pathname}; the spec sends it to ${path}`);
    // The headers that matter: those the spec sets that a cassette keeps (content-type, accept, API versions).
    const wanted = allowedHeaders('request', { 'content-type': 'application/json', ...spec.headers });
    for (const [name, value] of Object.entries(wanted)) {
      if (request.headers[name] !== value) fail(`${what} went out with ${name}: ${request.headers[name] ?? '(none)'}; the spec sends ${value}`);
    }
    next++;
  }
  if (next < boundaries.length) fail(`the log shows ${boundaries.length} loop requests but only ${next} went out`);
  checkOneShots(log.events, oneShotBodies);
  return { loopRequests: next, oneShots: observed.length - next };
}

/**
 * Each one-shot that went out reads no more than its log entry says it summarized (spec
 * §2.3): it goes to the logged model, and no message it reads is a message of the
 * conversation outside the nodes its compaction/summary shadows. Its instructions are not
 * logged (the system message, or messages of the harness's own), so they are not compared;
 * nor is how much of the shadowed history a harness chooses to show.
 */
function checkOneShots(events: readonly SessionEvent[], bodies: readonly Uint8Array[]): void {
  const summaries = events.filter(eventsOf('compaction/summary'));
  bodies.forEach((body, k) => {
    const summary = summaries[k];
    // Without an envelope there is nothing to rebuild against: LOOP-ONE-SHOT-ENVELOPE fails that log.
    const { provider, model } = summary?.data ?? {};
    if (summary === undefined || provider === undefined || model === undefined) return;
    const onWire = (messages: readonly Message[]) => new Set((wireBody(Buffer.from(expectedWire({ provider, model, messages }).body, 'utf8')).messages ?? []).map((m) => JSON.stringify(m)));
    const sent = wireBody(body);
    const what = `the one-shot of the compaction/summary at seq ${summary.seq}`;
    if (sent.model !== model) fail(`${what} went to model ${JSON.stringify(sent.model)}; the log says ${JSON.stringify(model)}`);
    const shadowed = onWire(summary.data.shadowedSeqs.flatMap((seq) => {
      const message = deriveEventMessage(events[seq]!);
      return message === null ? [] : [message];
    }));
    const start = events.find((e) => isEvent(e, 'compaction/start') && e.data.compactionId === summary.data.compactionId);
    const conversation = onWire(expectedMessages(events, start?.seq ?? summary.seq));
    const beyond = (sent.messages ?? []).map((m) => JSON.stringify(m)).find((m) => conversation.has(m) && !shadowed.has(m));
    if (beyond !== undefined) fail(`${what} read a message of the conversation its log entry does not name as shadowed: ${beyond.slice(0, 160)}`, 'a summary call reads what it replaces and its own instructions, nothing else of the history');
  });
}

interface WireBody {
  readonly model?: unknown;
  readonly messages?: ReadonlyArray<{ readonly role?: unknown; readonly content?: unknown }>;
}

function wireBody(body: Uint8Array): WireBody {
  const value: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('a one-shot went out with a body that is not a JSON object');
  return value;
}

export const OBSERVED_WIRE_PROPERTIES = [LOOP_WIRE_OBSERVED];
