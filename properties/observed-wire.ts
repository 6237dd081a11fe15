/**
 * The bytes that really went out (DESIGN §11). Over the protocol an implementation reports
 * the requests it sent; a client that adds to them on the way (an unlogged block, a
 * re-encoded body) reports clean bytes and passes every property that takes its word. Here
 * the implementation's own model client talks HTTP to a recording proxy (scenario feature
 * `liveModel`), and what the proxy saw is compared with the spec serialization of each
 * request rebuilt from the log.
 */
import { Agent } from 'undici';
import type { Scenario } from '../src/contract/index.ts';
import { FALLBACK_REPLY } from '../src/contract/index.ts';
import { firstDifference } from '../src/first-difference.ts';
import { dispatcherFetch, startProxy, startScriptedUpstream, type Cassette } from '../src/http/index.ts';
import type { RecordedRequest } from '../src/http/cassette.ts';
import { expectedBoundaries, expectedMessages, expectedRequest, expectedWire, parseLog, specHeaders, type ParsedLog } from './_internals/oracle.ts';
import { fail, must, PropertyFailure, sameJson } from './_internals/failure.ts';
import { deriveEventMessage } from '../src/fold/index.ts';
import { eventsOf, isEvent, type EventOf, type Message } from '../src/log/index.ts';
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
  title: 'every loop request the model client put on the wire equals the serialization of the request rebuilt from the log (body byte for byte, method, path, every header the spec gives), and every other request is a one-shot the log records, sent as its logged envelope says (model, max_tokens, the compaction mark) and reading the messages its log entry says it shadows',
  clause: 'WIRE-1.3 (observed on the wire), RULE-1.2, WIRE-2.5 (headers), LOOP-6.2, LOOP-6.4 (one-shot envelope on the wire)',
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
 * serializes its rebuild (body byte for byte, method, path, every header the spec gives),
 * in order, and every other request the cassette holds is a one-shot the log records, sent
 * as its logged envelope says. Returns how many observed requests were loop requests and one-shots.
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
  const oneShotRequests: Array<{ readonly index: number; readonly request: RecordedRequest }> = [];
  for (const [k, request] of observed.entries()) {
    const b = boundaries[next];
    if (b === undefined) {
      extras--;
      oneShotRequests.push({ index: k, request });
      continue;
    }
    const rebuilt = expectedRequest(log, b.seq);
    if (rebuilt === null) fail(`the request of step ${b.turn}.${b.step} (boundary seq ${b.seq}) has no request/header before it: the log cannot rebuild it`);
    const spec = expectedWire(rebuilt);
    const difference = firstDifference(Buffer.from(spec.body, 'utf8'), bodyOf(request));
    if (difference !== undefined && extras > 0) {
      // Not this loop request: the one-shot before it.
      extras--;
      oneShotRequests.push({ index: k, request });
      continue;
    }
    const what = `observed request #${k + 1}, the request of step ${b.turn}.${b.step} (boundary seq ${b.seq})`;
    if (difference !== undefined) throw new PropertyFailure(`the body of ${what} as it went out differs from the serialization of its reconstruction from the log`, difference, 'the model client sent bytes the log cannot rebuild (an unlogged block, or a body re-encoded after it was reported)');
    sameJson(`the method, path or headers of ${what} as it went out differ from the serialization of its reconstruction from the log`, outside(spec.method, spec.url, spec.headers), outside(request.method, request.url, request.headers), 'every header spec §8.1 gives (the session id, the compaction mark) goes out with the value the log implies, and none it does not');
    next++;
  }
  if (next < boundaries.length) fail(`the log shows ${boundaries.length} loop requests but only ${next} went out`);
  checkOneShots(log, oneShotRequests);
  return { loopRequests: next, oneShots: observed.length - next };
}

/** What a request is besides its body: method, path (the base URL is the proxy's) and the headers of spec §8.1 (WIRE-2.5). */
const outside = (method: string, url: string, headers: Readonly<Record<string, string>>) => ({ method: method.toUpperCase(), path: new URL(url).pathname, headers: specHeaders(headers) });

/**
 * Each one-shot that went out is the call its log entry describes (spec §2.3, LOOP-6.4):
 * to the logged provider's endpoint, as a compaction (`x-deepseek-harness-compact: 1`),
 * with the logged model and `max_tokens` exactly when the envelope logs `maxTokens`, that
 * value, and with the session's own id when it carries one; and it reads no more than the
 * nodes its compaction/summary shadows. Its instructions are not logged (the system
 * message, or messages of the harness's own), so they are not compared; nor is how much of
 * the shadowed history a harness chooses to show, nor what the envelope does not hold
 * (reasoning effort, tools).
 */
function checkOneShots(log: ParsedLog, sent: ReadonlyArray<{ readonly index: number; readonly request: RecordedRequest }>): void {
  const { events } = log;
  const starts = events.filter(eventsOf('compaction/start'));
  const spec = expectedWire({ provider: 'deepseek', model: '', messages: [], purpose: 'compaction' });
  sent.forEach(({ index, request }, k) => {
    const start = starts[k];
    const summary = events.find((e): e is EventOf<'compaction/summary'> => isEvent(e, 'compaction/summary') && e.data.compactionId === start?.data.compactionId);
    const body = wireBody(bodyOf(request));
    const what = `observed request #${index + 1}, the one-shot of the compaction ${summary === undefined ? `opened at seq ${start?.seq}` : `summarized at seq ${summary.seq}`}`;
    const headers = specHeaders(request.headers);
    const session = headers['x-deepseek-harness-session-id'];
    // The session id is not part of the envelope: a one-shot may go without it, never with another session's.
    const expected = { ...specHeaders(spec.headers), ...(session === undefined ? {} : { 'x-deepseek-harness-session-id': log.id }) };
    sameJson(`the method, path or headers of ${what} differ from a compaction call's`, outside(spec.method, spec.url, specHeaders(expected)), outside(request.method, request.url, headers), 'a summary call goes out marked x-deepseek-harness-compact: 1, with its own session id or none');
    // Without an envelope there is nothing to rebuild against: LOOP-ONE-SHOT-ENVELOPE fails that log.
    const { provider, model, maxTokens } = summary?.data ?? {};
    if (summary === undefined || provider === undefined || model === undefined) return;
    if (provider !== 'deepseek') fail(`${what} went out on DeepSeek's API; its log entry says provider ${JSON.stringify(provider)}`);
    const envelope = (b: WireBody) => ({ model: b.model, stream: b.stream, stream_options: b.stream_options, ...(Object.hasOwn(b, 'max_tokens') ? { max_tokens: b.max_tokens } : {}) });
    sameJson(`${what} went out with another model, max_tokens or stream options than its logged envelope`, { model, stream: true, stream_options: { include_usage: true }, ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }) }, envelope(body), 'a one-shot logs the envelope it was sent with (provider, model, maxTokens), so the call can be rebuilt');
    const onWire = (messages: readonly Message[]) => new Set((wireBody(Buffer.from(expectedWire({ provider, model, messages }).body, 'utf8')).messages ?? []).map((m) => JSON.stringify(m)));
    const shadowed = onWire(summary.data.shadowedSeqs.flatMap((seq) => {
      const message = deriveEventMessage(events[seq]!);
      return message === null ? [] : [message];
    }));
    const conversation = onWire(expectedMessages(events, start?.seq ?? summary.seq));
    const beyond = (body.messages ?? []).map((m) => JSON.stringify(m)).find((m) => conversation.has(m) && !shadowed.has(m));
    if (beyond !== undefined) fail(`${what} read a message of the conversation its log entry does not name as shadowed: ${beyond.slice(0, 160)}`, 'a summary call reads what it replaces and its own instructions, nothing else of the history');
    // How much of it a harness shows is its own; that it shows some is not (LOOP-6.2).
    if (shadowed.size > 0 && !(body.messages ?? []).some((m) => shadowed.has(JSON.stringify(m)))) fail(`${what} read none of the ${shadowed.size} messages its log entry names as shadowed`, 'a summary call reads the messages it replaces (LOOP-6.2)');
  });
}

interface WireBody {
  readonly model?: unknown;
  readonly messages?: ReadonlyArray<{ readonly role?: unknown; readonly content?: unknown }>;
  readonly stream?: unknown;
  readonly stream_options?: unknown;
  readonly max_tokens?: unknown;
}

function wireBody(body: Uint8Array): WireBody {
  const value: unknown = JSON.parse(Buffer.from(body).toString('utf8'));
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail('a one-shot went out with a body that is not a JSON object');
  return value;
}

export const OBSERVED_WIRE_PROPERTIES = [LOOP_WIRE_OBSERVED];
