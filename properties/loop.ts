/** Properties of the live loop, driven by generated scenarios (spec §4, §6, §7.4; DESIGN §1, §5). */
import fc from 'fast-check';
import { FALLBACK_REPLY, declaredEra, playedFeatures, scenarioToolOutput, type HeaderChange, type ImplementationAt, type LoopRun, type RouteConfig, type Scenario, type ScenarioReply } from '../src/contract/index.ts';
import { loopProperty } from './_internals/loop-property.ts';
import { buildRequest, explainingEvent, foldRequestHeader, foldSurface, headerEquals, prefixBreak, type BrokenPart, type RequestBoundary } from '../src/fold/index.ts';
import { eventsOf, isEvent, isTyped, type ContentBlock, type EpochHeader, type EventOf, type StreamChunk, type InboxSpliceData, type Message, type SessionEvent, type StepData, type ToolSpec, type TurnEndReason } from '../src/log/index.ts';
import { SCENARIO_FLOORS, forkingScenario, scenario, scenarioLabels } from './arbitraries/scenario.ts';
import { timedLabels, timedScenario } from './arbitraries/timed-scenario.ts';
import { fail, must, sameJson, sameText } from './_internals/failure.ts';
import { firstUnfrozen } from './_internals/frozen.ts';
import { expectedBoundaries, expectedHeader, expectedMessages, expectedRequest, expectedWire, parseLog, specHeaders, type ParsedLog } from './_internals/oracle.ts';
import type { WireRequest } from '../src/wire/index.ts';
import { defineProperty, jsonCodec, type Property } from './_internals/property.ts';
import { checkExtends } from './request.ts';

/**
 * What the loop did over one log: the session's, up to its first fork, then each fork
 * child's (scenario feature `fork`). `run` holds the requests sent over this log and
 * `boundaries` the ones this log wrote itself (a child's inherited ones are its parent's);
 * `actions` are the scenario's actions played over it, the fork that opened it first.
 */
interface Stretch {
  /** 0 for the session's own log, k for the child of its k-th fork. */
  readonly index: number;
  readonly run: LoopRun;
  readonly log: ParsedLog;
  readonly boundaries: readonly RequestBoundary[];
  /** Every boundary the log shows, inherited ones included. */
  readonly allBoundaries: readonly RequestBoundary[];
  readonly actions: Scenario['actions'];
  /** The scenario's actions before this stretch. */
  readonly before: Scenario['actions'];
  /** The seq from which the log is this stretch's own: 0, or a child's seed length. */
  readonly live: number;
  /** The seq of the end-seed that closes a child's seed, where its first loop instance starts (0 for the session's own log). */
  readonly from: number;
  /**
   * In a fork child, the actions that may have moved the header since the last snapshot its log
   * holds, and whether they start at the prompt that logged it (else nothing places it).
   */
  readonly carried: { readonly actions: Scenario['actions']; readonly fromPrompt: boolean };
}

/** Runs the scenario and reads every log it wrote; each must load and show one boundary of its own per request sent over it. */
async function observe(impl: ImplementationAt<'loop'>, s: Scenario): Promise<{ readonly run: LoopRun; readonly stretches: readonly Stretch[] }> {
  const run = must(await impl.run(s), 'running the scenario');
  const forks = run.forks ?? [];
  const forkAt = s.actions.flatMap((a, i) => (a.do === 'fork' ? [i] : []));
  if (forks.length !== forkAt.length) fail(`the scenario forks ${forkAt.length} times but the run reports ${forks.length} forked logs`);
  const lengths: number[] = [];
  const carried: Stretch['carried'][] = [];
  const stretches = [...forks.map((f) => f.jsonl), run.jsonl].map((jsonl, k): Stretch => {
    const over = k === 0 ? 'the session' : `fork child ${k}`;
    let log: ParsedLog;
    try {
      log = parseLog(jsonl);
    } catch (error) {
      return fail(`the log the loop wrote over ${over} does not load: ${(error as Error).message}`);
    }
    lengths.push(log.events.length);
    const live = k === 0 ? 0 : forks[k - 1]!.boundary;
    if (k > 0 && log.header.seedLength !== live) fail(`the run reports fork ${k} cut at boundary ${live}, but the child's header gives seed length ${String(log.header.seedLength)}`);
    const from = k === 0 ? 0 : log.events[live]?.type === 'session/end-seed' ? live : live - 1;
    const first = k === 0 ? 0 : forks[k - 1]!.requests;
    const end = forks[k]?.requests ?? run.requests.length;
    const allBoundaries = expectedBoundaries(log.events);
    const boundaries = allBoundaries.filter((b) => b.seq > live);
    const own = { requests: run.requests.slice(first, end), wire: run.wire.slice(first, end), jsonl };
    if (boundaries.length !== own.requests.length) {
      fail(`the loop sent ${own.requests.length} requests over ${over} but its log shows ${boundaries.length} dispatched requests of its own (a one-shot counted as a loop request, or a request the log does not show)`);
    }
    const start = k === 0 ? 0 : forkAt[k - 1]!;
    carried.push(carriedInto(k, s.actions, forkAt, k > 0 && live === lengths[k - 1], carried[k - 1]));
    return { index: k, run: own, log, boundaries, allBoundaries, actions: s.actions.slice(start, forkAt[k] ?? s.actions.length), before: s.actions.slice(0, start), live, from, carried: carried[k]! };
  });
  return { run, stretches };
}

/**
 * A child cut before its parent's end may hold a snapshot from any earlier action on. A child
 * holding its parent's whole log holds the parent's last snapshot: the one its last prompt
 * logged, or, when the parent prompted nothing, whatever the parent itself held.
 */
function carriedInto(k: number, actions: Scenario['actions'], forkAt: readonly number[], wholeParent: boolean, parents: Stretch['carried'] | undefined): Stretch['carried'] {
  if (k === 0) return { actions: [], fromPrompt: false };
  const start = forkAt[k - 1]!;
  if (!wholeParent) return { actions: actions.slice(0, start), fromPrompt: false };
  const parent = actions.slice(k === 1 ? 0 : forkAt[k - 2]!, start);
  const lastPrompt = parent.findLastIndex((a) => a.do === 'prompt');
  if (lastPrompt >= 0) return { actions: parent.slice(lastPrompt), fromPrompt: true };
  return { actions: [...parents!.actions, ...parent], fromPrompt: parents!.fromPrompt };
}

const common = {
  levels: ['loop'] as const,
  weight: 0.5,
  arbitrary: scenario,
  labels: scenarioLabels,
  codec: jsonCodec<Scenario>(),
};


/** A request by where its log shows it; in a fork child's log, named with the child. */
const at = (b: RequestBoundary, child?: string) => `the request of step ${b.turn}.${b.step} (boundary seq ${b.seq}${child === undefined ? '' : ` of fork child ${child}`})`;
const childOf = (stretch: Stretch) => (stretch.index > 0 ? stretch.log.id : undefined);

/** A URL's path; a URL that does not parse is compared whole. */
const pathOf = (url: string): string => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/** Actions that change the header the next request is built with (a prompt may change it during its turn). */
const changesHeader = (a: Scenario['actions'][number]) => a.do === 'setSystem' || a.do === 'registerTool' || a.do === 'override' || (a.do === 'prompt' && a.change !== undefined);

/** Whether a surface replace was logged in `events[from, to)`. */
const replacedIn = (events: readonly SessionEvent[], from: number, to: number) => explainingEvent(events, from, to, 'messages') !== undefined;

export const LOOP_RECONSTRUCT = loopProperty({
  ...common,
  id: 'LOOP-RECONSTRUCT',
  title: 'every step the loop opened sent its request, and every request it sent equals the request rebuilt from a fresh fold of its log at that request’s boundary',
  clause: 'RULE-1.1, RULE-1.3 (rebuilt from a fresh fold), REQ-2.1, REQ-2.2, REQ-2.4, RULE-2.2, LOOP-3.3, LOOP-3.5 (config seeds), LOOP-4.4 (retries), LOOP-5.4 (after a torn restart)',
  floors: { ...SCENARIO_FLOORS, 'tool calls': 0.5, compaction: 0.2, restart: 0.2, injection: 0.2, 'system change': 0.2, fork: 0.1 },
  async check(impl, s) {
    for (const stretch of (await observe(impl, s)).stretches) {
      const { run, log, boundaries } = stretch;
      const unsent = stepsThatSentNothing(stretch);
      if (unsent !== undefined) fail(`the step opened at seq ${unsent} of ${childOf(stretch) === undefined ? 'the session' : `fork child ${childOf(stretch)}`} ended before any request went out`, 'the scripted model fails only requests it was sent: a step that sends nothing failed in the harness before its dispatch');
      boundaries.forEach((b, i) => sameJson(`${at(b, childOf(stretch))} differs from its reconstruction from the log`, expectedRequest(log, b.seq), run.requests[i]));
    }
  },
});

/** The seq of the first step/start of the stretch's own whose step ended with no request boundary in it. */
function stepsThatSentNothing({ log, allBoundaries, live }: Stretch): number | undefined {
  for (const start of log.events.filter((e) => e.seq >= live && e.type === 'step/start')) {
    const end = log.events.find((e) => e.seq > start.seq && e.type === 'step/end');
    if (end !== undefined && !allBoundaries.some((b) => b.seq > start.seq && b.seq < end.seq)) return start.seq;
  }
  return undefined;
}

export const LOOP_WIRE_RECONSTRUCT = loopProperty({
  ...common,
  id: 'LOOP-WIRE-RECONSTRUCT',
  title: 'every request the loop sent equals the serialization of the request rebuilt from its log: the body byte for byte, the method, the path and every header the spec gives by value',
  clause: 'RULE-1.2 (wire bytes), REQ-2.1, WIRE-2.5 (headers)',
  // Wire bytes are only the harness's own when it has a wire level.
  levels: ['loop', 'wire'] as const,
  floors: SCENARIO_FLOORS,
  async check(impl, s) {
    for (const stretch of (await observe(impl, s)).stretches) {
      const { run, log, boundaries } = stretch;
      boundaries.forEach((b, i) => {
        const rebuilt = expectedRequest(log, b.seq);
        if (rebuilt === null) fail(`${at(b, childOf(stretch))} has no request/header before it: the log cannot rebuild it`);
        const spec = expectedWire(rebuilt);
        const sent = run.wire[i]!;
        sameText(`the body of ${at(b, childOf(stretch))} differs from the serialization of its reconstruction`, spec.body, sent.body);
        // The base URL is the deployment's; method, path and the headers the spec gives are the request's.
        const outside = (w: WireRequest) => ({ method: w.method, path: pathOf(w.url), headers: specHeaders(w.headers) });
        sameJson(`the method, path or headers of ${at(b, childOf(stretch))} differ from the serialization of its reconstruction`, outside(spec), outside(sent));
      });
    }
  },
});

export const LOOP_PREFIX_STABLE = loopProperty({
  ...common,
  id: 'LOOP-PREFIX-STABLE',
  title: 'each request the loop sent extends the previous one unless a header change or resume, or a replace, is logged between them',
  clause: 'REQ-3.1, RULE-1.4, LOOP-6.3 (a compaction explains its break)',
  async check(impl, s) {
    for (const stretch of (await observe(impl, s)).stretches) {
      const { run, log, boundaries } = stretch;
      for (let i = 1; i < run.requests.length; i++) checkExtends(log.events, run.requests[i - 1]!, run.requests[i]!, boundaries[i - 1]!.seq, boundaries[i]!.seq, at(boundaries[i]!, childOf(stretch)));
    }
  },
});

/** Loop instances: from seq 0, and from each session/end-seed (a new instance over the persisted log). */
function instances(events: readonly SessionEvent[]): Array<[number, number]> {
  const starts = [0, ...events.filter((e) => e.type === 'session/end-seed').map((e) => e.seq)];
  return starts.map((start, i) => [start, starts[i + 1] ?? events.length]);
}

export const LOOP_HEADER_DISCIPLINE = loopProperty({
  ...common,
  id: 'LOOP-HEADER-DISCIPLINE',
  title: 'one request/header per loop instance (initial, then resume) plus one per real change, and none otherwise',
  clause: 'LOOP-3.1, LOOP-3.2 (one per instance, one per real change), FOLD-4.3, LOOP-6.3',
  async check(impl, s) {
    for (const stretch of (await observe(impl, s)).stretches) checkHeaderDiscipline(stretch);
  },
});

function checkHeaderDiscipline({ log, allBoundaries, actions, live }: Stretch): void {
  // A fork child's inherited snapshots are its parent's: counted there.
  const changers = actions.filter(changesHeader).length;
  const changes = log.events.filter((e) => e.seq >= live && isEvent(e, 'request/header') && e.data.reason === 'change').length;
  if (changes > changers) {
    fail(`the loop logged ${changes} "change" snapshots, but the scenario changed the system prompt, the tools or the config only ${changers} times`, 'a snapshot is owed only when the rendered header really changed (a clock or a re-sort in the prompt is not a change the user made)');
  }
  let previous: EpochHeader | undefined;
  for (const [start, end] of instances(log.events)) {
    const headers = log.events.slice(start, end).filter(eventsOf('request/header'));
    const sent = allBoundaries.filter((b) => b.seq > start && b.seq < end);
    if (sent.length === 0) {
      if (headers.length > 0) fail(`a loop instance that sent nothing logged ${headers.length} request/header snapshots`);
      continue;
    }
    const first = headers[0];
    if (first === undefined || first.seq > sent[0]!.seq) fail(`the first request of the loop instance starting at seq ${start} has no request/header before it`);
    headers.forEach((event, i) => {
      const { header, reason } = event.data;
      const owed = i === 0 ? (previous === undefined ? 'initial' : 'resume') : 'change';
      if (reason !== owed) fail(`the request/header at seq ${event.seq} has reason "${reason}"; it must be "${owed}"`);
      if (i > 0 && headerEquals(previous, header)) fail(`the request/header at seq ${event.seq} logs a "change" that equals the previous snapshot`, 'a snapshot is logged only when headerEquals says the header changed');
      previous = header;
    });
  }
}

export const LOOP_LATE_INJECTION = loopProperty({
  ...common,
  id: 'LOOP-LATE-INJECTION',
  title: 'context injected while a request is in flight joins the next step’s request, never the one in flight nor a retry of it',
  clause: 'LOOP-2.3',
  floors: { injection: 0.2 },
  async check(impl, s) {
    const { stretches } = await observe(impl, s);
    for (const stretch of stretches) checkLateInjection(stretch, entersFirst(impl.info, s), stretch.index === stretches.length - 1);
  },
});

/** The events that log `text` as injected context: an `agent/inbox/spliced` into next-step, or (the session-prefix era) a `context/message`. */
function injectionsOf(events: readonly SessionEvent[], text: string, asContext: boolean): SessionEvent[] {
  // An empty text may be logged as a message with no block.
  const holds = (m: Message) => m.role === 'user' && m.content.map((b) => (b.type === 'text' ? b.text : '\u0000')).join('') === text;
  return events.filter((e) => (asContext ? isEvent(e, 'context/message') && holds(e.data.message) : isEvent(e, 'agent/inbox/spliced') && e.data.target === 'next-step' && e.data.inserted.some(holds)));
}

function checkLateInjection(stretch: Stretch, prefixEra: boolean | undefined, lastStretch: boolean): void {
  const { run, log, boundaries, actions, live } = stretch;
  const where = (b: RequestBoundary) => at(b, childOf(stretch));
  // The history only: a session prefix (the session-prefix era) is the header's, not the conversation's.
  const history = (i: number) => (run.requests[i]?.messages ?? []).slice(foldRequestHeader(log.events.slice(0, boundaries[i]?.seq ?? 0))?.messagePrefix?.length ?? 0);
  const copies = (i: number, text: string) => history(i).filter((m) => m.role === 'user' && m.content.some((b) => b.type === 'text' && b.text === text)).length;
  // The turns this log ran itself: a fork child's go on from the turns it inherited.
  const own = log.events.filter((e) => e.seq >= live);
  const turns = own.filter(eventsOf('turn/start')).map((e) => e.data.turn);
  const prompts = actions.filter((a) => a.do === 'prompt');
  // Prompt j starts turn j, as long as every turn before ended normally (a failed turn may leave work for an extra turn).
  for (const [j, prompt] of prompts.entries()) {
    const turn = turns[j];
    if (turn === undefined) break;
    const inTurn = boundaries.map((b, i) => [b, i] as const).filter(([b]) => b.turn === turn).map(([, i]) => i);
    const n = prompt.inject === undefined ? undefined : inTurn[prompt.inject.duringRequest - 1];
    if (n !== undefined && prompt.inject !== undefined) {
      const text = prompt.inject.text;
      // Logged in its era's form (LOOP-2.1, LOOP-7.4): into the next-step inbox, or at once as a context message; never the other.
      if (prefixEra !== undefined) {
        const other = injectionsOf(own, text, !prefixEra)[0];
        if (other !== undefined) fail(`text injected during ${where(boundaries[n]!)} is logged at seq ${other.seq} as ${prefixEra ? 'a next-step inbox splice; the session-prefix prefixEra appends it at once as a context/message (LOOP-7.4)' : 'a context/message; it waits in the next-step inbox (LOOP-2.1, LOOP-2.3)'}`);
        // While the request is in flight: its boundary may be the first chunk, logged after the injection.
        const logged = injectionsOf(own, text, prefixEra).find((e) => e.seq > (boundaries[n - 1]?.seq ?? -1));
        const nextBoundary = boundaries[n + 1]?.seq ?? Infinity;
        if (prompt.crash === undefined && (logged === undefined || logged.seq > nextBoundary)) fail(`text injected during ${where(boundaries[n]!)} is not logged as ${prefixEra ? 'a context/message' : 'a next-step inbox splice'} before the next request`);
      }
      const before = n === 0 ? 0 : copies(n - 1, text);
      // The request in flight and every retry of it: a retry repeats that attempt, in the same step (spec §4.3 item 4, §4.5).
      const { turn: t, step } = boundaries[n]!;
      for (let k = n; k < boundaries.length && boundaries[k]!.turn === t && boundaries[k]!.step === step; k++) {
        const replaced = n > 0 && replacedIn(log.events, boundaries[n - 1]!.seq, boundaries[k]!.seq);
        if (!replaced && copies(k, text) > before) fail(`text injected during ${where(boundaries[n]!)} joined ${k === n ? 'that same request' : `${where(boundaries[k]!)}, a retry of it`}`, 'an injection must wait in the next-step inbox for the next step');
      }
      // The next step's first request: a retry repeats the attempt in flight (spec §4.5), the inbox waits for the next step.
      const next = boundaries.findIndex((b, k) => k > n && b.attempt === 0);
      if (next > 0 && !replacedIn(log.events, boundaries[n]!.seq, boundaries[next]!.seq) && copies(next, text) <= copies(n, text)) fail(`text injected during ${where(boundaries[n]!)} is missing from the next step's request`);
      // It must join a later request (the scenario contract): a turn that ends with it still waiting leaves work for another (LOOP-2.1).
      if (next < 0 && lastStretch && prompt.crash === undefined && prefixEra !== true) fail(`text injected during ${where(boundaries[n]!)} joins no later request`, 'an injection waits in the next-step inbox until a step claims it');
    }
    const end = own.filter(eventsOf('turn/end')).find((e) => e.data.turn === turn);
    if (end?.data.reason?.kind !== 'completed') break;
  }
}

export const LOOP_ONE_SHOT_ENVELOPE = loopProperty({
  ...common,
  id: 'LOOP-ONE-SHOT-ENVELOPE',
  title: 'a compaction logs its one-shot envelope (provider, model) before the replace that cites it, and is not a loop request',
  clause: 'LOOP-6.1, LOOP-6.2 (compaction is a logged one-shot)',
  floors: { compaction: 0.2 },
  async check(impl, s) {
    for (const { log, live } of (await observe(impl, s)).stretches) {
      for (const event of log.events) {
        if (event.seq < live || !isEvent(event, 'compaction/summary')) continue;
        const summary = event.data;
        if (typeof summary.provider !== 'string' || summary.provider === '' || typeof summary.model !== 'string' || summary.model === '') {
          fail(`the compaction/summary at seq ${event.seq} does not log the provider and model of its one-shot call`);
        }
        const replacement = log.events.find((e) => e.seq > event.seq && typeof e.surfaceOp === 'object' && e.sourceEventSeqs?.includes(event.seq));
        if (replacement === undefined) fail(`no surface replace cites the compaction/summary at seq ${event.seq}`);
      }
    }
  },
});

/**
 * The seq of the `session/end-seed` each restart action opened its loop instance at, or
 * undefined where the log cannot say. Re-opening a log that already ends with `end-seed`
 * adds none (spec §1.2): a restart after an instance that wrote nothing shares the marker of
 * the restart before it. A prompt always writes; a compaction writes only when there is
 * something to summarize, and a prompt's crash happens only when its turn reaches the
 * request it names, so an instance whose only writer was a compaction, or that follows a
 * crash, is decided by the marker count, once that leaves a single way to read it. The
 * instances a crash opened are told apart by the repair they start with (`turn/end`
 * interrupted just before their marker, spec §4.5).
 */
function restartStarts(actions: Scenario['actions'], events: readonly SessionEvent[], from: number): Map<number, number> {
  const repaired = (seq: number) => {
    const before = events[seq - 1];
    return before !== undefined && isEvent(before, 'turn/end') && before.data.reason?.kind === 'interrupted';
  };
  // A fork child's own markers only: those it inherited, and the one closing its seed, are its parent's.
  const seeds = events.filter((e) => e.type === 'session/end-seed' && e.seq > from && !repaired(e.seq)).map((e) => e.seq);
  // Per restart: true (opens a new marker), false (shares the last one), undefined (cannot say).
  const opens: Array<[number, boolean | undefined]> = [];
  let wrote: boolean | undefined = false;
  for (const [i, action] of actions.entries()) {
    if (action.do === 'prompt') wrote = action.crash === undefined ? true : undefined;
    else if (action.do === 'compact' && wrote === false) wrote = undefined;
    // The fork that opens a child's stretch opens its first instance, at the marker closing the seed.
    else if (action.do === 'fork') wrote = false;
    else if (action.do === 'restart') {
      opens.push([i, wrote]);
      wrote = false;
    }
  }
  const sure = opens.filter(([, o]) => o === true).length;
  const unsure = opens.filter(([, o]) => o === undefined).length;
  const extra = seeds.length - sure;
  // Either every unsure restart opened a marker or none did; anything else stays unknown.
  const resolved = unsure === 0 ? undefined : extra === unsure ? true : extra === 0 ? false : undefined;
  const starts = new Map<number, number>();
  let index = -1;
  for (const [i, o] of opens) {
    const opened = o ?? resolved;
    if (opened === undefined) break;
    if (!opened) continue; // it shares a marker, with a restart before it or a crash: not a fresh resume of its own
    const seq = seeds[++index];
    if (seq === undefined) break;
    starts.set(i, seq);
  }
  return starts;
}

export const LOOP_RESUME_ALIGNED = loopProperty({
  ...common,
  id: 'LOOP-RESUME-ALIGNED',
  title: 'a new loop instance logs a resume snapshot whose every part nothing changed equals the last one, and stays cache-aligned where nothing changed: its first request extends the last one before it',
  clause: 'LOOP-5.1 (resume snapshot, cache-aligned), LOOP-5.2, LOOP-3.3, LOOP-3.5, LOG-9.1, RULE-1.5',
  floors: { restart: 0.2 },
  async check(impl, s) {
    for (const stretch of (await observe(impl, s)).stretches) checkResumeAligned(stretch);
  },
});

function checkResumeAligned({ run, log, boundaries, actions, before: earlier, from, index, carried: inheritedActions }: Stretch): void {
  const starts = restartStarts(actions, log.events, from);
  const isPrompt = (a: Scenario['actions'][number]) => a.do === 'prompt';
  for (const [i, action] of actions.entries()) {
    // A fork child's first instance is a new instance over a persisted log too: it resumes at the marker closing its seed.
    const start = action.do === 'restart' ? starts.get(i) : action.do === 'fork' && i === 0 && index > 0 ? from : undefined;
    if (start === undefined) continue;
    // Each part of the header with nothing new to apply — no drift, no change to it since the
    // last prompt or before the next one — must come back exactly as it left.
    const lastPrompt = actions.slice(0, i).findLastIndex(isPrompt);
    const nextPrompt = actions.findIndex((a, j) => j > i && a.do === 'prompt');
    // In a fork child before its first prompt the last snapshot is the one it inherited: what may
    // have moved the header since is what carriedInto reaches back to.
    const inherited = lastPrompt < 0 && index > 0;
    const carried = inherited ? inheritedActions.actions : [];
    const around = [...carried.filter((a) => !isPrompt(a)), ...actions.slice(lastPrompt + 1, nextPrompt < 0 ? undefined : nextPrompt)];
    const previous = inherited ? (inheritedActions.fromPrompt ? carried[0] : undefined) : actions[lastPrompt];
    if (previous?.do === 'prompt' && previous.crash !== undefined) continue;
    const before = boundaries.findLastIndex((b) => b.seq < start);
    const after = boundaries.findIndex((b) => b.seq > start);
    if (after < 0 || (before < 0 && !inherited)) continue;
    const resume = log.events.slice(start, boundaries[after]!.seq).find(eventsOf('request/header'));
    const last = log.events.slice(0, start).findLast(eventsOf('request/header'));
    if (resume === undefined || last === undefined) continue;
    const changes = [...around, ...carried.flatMap((a) => (a.do === 'prompt' && a.change !== undefined ? [a.change.action] : [])), ...(previous?.do === 'prompt' && previous.change !== undefined ? [previous.change.action] : [])];
    // Config from the request hook is the old instance's own (spec §4, §10 item 7): a new
    // instance drops it and its hook re-applies what is active, so after any override the
    // resume may legitimately differ, whether the override came between turns or inside one.
    const hooked = [...earlier, ...actions.slice(0, i)].some((a) => a.do === 'override' || (a.do === 'prompt' && a.change?.action.do === 'override'));
    // Restarts and forks next to this one (no prompt between them) bring their own route or system.
    const restarts = around.filter((a) => a.do === 'restart' || a.do === 'fork');
    const rerouted = restarts.some((a) => a.route !== undefined);
    // What the first request after the restart must extend: the last one before it, or in a child that sent none, what its log says at the restart.
    const { header: lastHeader } = last.data;
    const previousRequest = before >= 0 ? run.requests[before]! : buildRequest(lastHeader, expectedMessages(log.events, start), log.id);
    const drift: Record<BrokenPart | 'config', boolean> = {
      model: rerouted,
      config: rerouted || hooked || changes.some((a) => a.do === 'override'),
      system: restarts.some((a) => a.system !== undefined) || changes.some((a) => a.do === 'setSystem'),
      tools: changes.some((a) => a.do === 'registerTool'),
      // A new instance may compose another session prefix: its resume snapshot logs it.
      prefix: true,
      messages: replacedIn(log.events, before >= 0 ? boundaries[before]!.seq : start, boundaries[after]!.seq),
    };
    const { header: resumed } = resume.data;
    const why = (part: string) => `the ${part} of the resume snapshot at seq ${resume.seq} differs from the last snapshot although nothing changed it`;
    if (!drift.system) sameJson(why('system prompt'), lastHeader.system, resumed.system);
    if (!drift.tools) sameJson(why('tools'), lastHeader.tools, resumed.tools);
    if (!Object.values(drift).some(Boolean) && !headerEquals(lastHeader, resumed)) sameJson(why('config'), lastHeader, resumed);
    // Cache alignment does not look at config beyond the route: checked for every part nothing changed.
    const part = JSON.stringify(lastHeader.messagePrefix ?? []) !== JSON.stringify(resumed.messagePrefix ?? []) ? 'prefix' : prefixBreak(previousRequest, run.requests[after]!);
    if (part !== undefined && !drift[part]) fail(`the first request after the restart at seq ${start} does not extend the last request before it (${part} differs) although nothing changed it`);
  }
}

/**
 * Whether a run's steps enter their messages before step/start: a scenario with a session
 * prefix is played in that era, one without it in the current era, unless the harness declares
 * the session-prefix era (then a scenario without one, a stored regression, says nothing).
 */
function entersFirst(info: ImplementationAt<'loop'>['info'], s: Scenario): boolean | undefined {
  if (s.sessionPrefix !== undefined) return true;
  return declaredEra(info) === 'current' ? false : undefined;
}

/**
 * The relational trace of spec §6.2, with the loop's own order of events (§4.2–§4.5), or
 * the first place the log breaks it: a step enters exactly the messages its inbox claims
 * removed (§4.1, §4.3 items 2 and 4); calls run and results commit in the model's order,
 * each answering a call of the open step's reply once, crash repair included (§4.5); a
 * reply cut at max tokens runs none of its calls and the turn does not end completed (§4.5).
 * A step enters its messages after its step/start (LOOP-1.1), or, in the session-prefix era
 * (`entersFirst`, dsh-eras §4.1), just before it; a splice never removes more than its list holds.
 */
function traceProblem(events: readonly SessionEvent[], entersFirst: boolean | undefined): string | undefined {
  let openTurn: number | undefined;
  let openStep: number | undefined;
  let nextTurn = 1;
  let nextStep = 1;
  const pending = new Set<string>();
  const inStep = (d: StepData) => d.turn === openTurn && d.step === openStep && openStep !== undefined;
  // The inbox replayed from its splices; what the claims since the last step removed, and what the open step still has to enter.
  const inbox: Record<InboxSpliceData['target'], Message[]> = { 'next-turn': [], 'next-step': [] };
  let claimed: Message[] = [];
  let entering: Message[] = [];
  // The open step's reply: its tool-call ids, how far calls and results have come through them, and how its stream finished.
  let replyCalls: string[] = [];
  let called = -1;
  let answered = -1;
  let finish: string | undefined;
  let cutStep = false;
  let cutTurn = false;
  for (const e of events) {
    // todo/write has no payload type in the vocabulary; like the request events, it belongs inside a turn.
    if (e.type === 'todo/write' && openTurn === undefined) return `${e.type} at seq ${e.seq} outside a turn`;
    if (!isTyped(e)) continue;
    switch (e.type) {
      case 'turn/start':
        if (openTurn !== undefined) return `turn/start at seq ${e.seq} while turn ${openTurn} is open`;
        if (e.data.turn !== nextTurn) return `turn/start at seq ${e.seq} numbers turn ${e.data.turn}; the next turn is ${nextTurn}`;
        openTurn = e.data.turn;
        nextStep = 1;
        cutTurn = false;
        break;
      case 'turn/end':
        if (e.data.turn !== openTurn || openStep !== undefined) return `turn/end at seq ${e.seq} does not close the open turn with no step open`;
        if (cutTurn && e.data.reason?.kind === 'completed') return `turn/end at seq ${e.seq} ends turn ${openTurn} completed after a reply cut at max tokens (the outcome max-tokens is sticky for the turn)`;
        openTurn = undefined;
        nextTurn++;
        // A rejected step leaves its claims removed and never entered (spec §4.3 item 3).
        claimed = [];
        break;
      case 'agent/inbox/spliced': {
        const { target, start, removedCount = 0, inserted, outcome } = e.data;
        // Each mutation of the inbox is logged (spec §4.1): a splice that removes and inserts nothing and sets no outcome is none.
        if (removedCount === 0 && inserted.length === 0 && outcome === undefined) return `the agent/inbox/spliced at seq ${e.seq} changes nothing: it removes no message from ${target}, inserts none and sets no outcome (LOOP-2.1)`;
        if (start > inbox[target].length || start + removedCount > inbox[target].length) return `the agent/inbox/spliced at seq ${e.seq} removes ${removedCount} from ${start} of the ${target} list, which holds ${inbox[target].length} (LOOP-2.1)`;
        const removed = inbox[target].splice(start, removedCount, ...inserted);
        if (inserted.length === 0 && outcome === undefined) claimed.push(...removed);
        break;
      }
      case 'step/start':
        if (openTurn === undefined || openStep !== undefined || e.data.turn !== openTurn || e.data.step !== nextStep) return `step/start at seq ${e.seq} is out of order`;
        // A step claims all of next-step (LOOP-2.2), a list a new instance rebuilds from the log (LOOP-2.1).
        if (inbox['next-step'].length > 0) return `step/start at seq ${e.seq} opens step ${e.data.turn}.${e.data.step} with ${inbox['next-step'].length} message(s) left unclaimed in next-step (first: id ${inbox['next-step'][0]!.id})`;
        openStep = e.data.step;
        pending.clear();
        entering = claimed;
        claimed = [];
        replyCalls = [];
        called = answered = -1;
        finish = undefined;
        cutStep = false;
        break;
      case 'step/end':
        if (!inStep(e.data)) return `step/end at seq ${e.seq} does not close the open step`;
        // Every call of a reply that was not cut gets its result before the step ends: its own, or a crash repair's (LOOP-4.2, LOOP-4.5).
        if (!cutStep && answered < replyCalls.length - 1) return `step/end at seq ${e.seq} closes step ${e.data.turn}.${e.data.step} with tool call ${JSON.stringify(replyCalls[answered + 1])} of its reply unanswered`;
        if (entering.length > 0) return `step ${e.data.turn}.${e.data.step} never entered ${entering.length} message(s) its inbox claims removed (first: id ${entering[0]!.id})`;
        openStep = undefined;
        nextStep++;
        break;
      case 'user/message': {
        if (e.surfaceOp !== 'append' || e.data.source.kind !== 'user' || openTurn === undefined) break;
        if (entersFirst !== undefined && (openStep === undefined) !== entersFirst) return `the user/message at seq ${e.seq} is entered ${entersFirst ? 'after' : 'before'} its step/start: ${entersFirst ? 'the session-prefix era enters a step’s messages just before it (dsh-eras §4.1)' : 'a step enters its messages after its step/start (LOOP-1.1)'}`;
        const expected = openStep === undefined ? claimed.shift() : entering.shift();
        if (expected === undefined) return `the user/message at seq ${e.seq} enters a message no inbox claim of its step removed`;
        if (JSON.stringify(expected) !== JSON.stringify(e.data)) return `the user/message at seq ${e.seq} is not the message its step claimed from the inbox (id ${expected.id})`;
        break;
      }
      case 'llm/retry':
        finish = undefined;
        break;
      case 'assistant/chunk':
        if (!inStep(e.data)) return `${e.type} at seq ${e.seq} does not name the open turn and step`;
        if (e.data.chunk.type === 'finish') finish = e.data.chunk.reason.kind;
        break;
      case 'assistant/message':
        if (!inStep(e.data)) return `${e.type} at seq ${e.seq} does not name the open turn and step`;
        replyCalls = e.data.message.content.flatMap((b) => (b.type === 'tool-call' ? [b.id] : []));
        called = answered = -1;
        cutStep = finish === 'max-tokens';
        cutTurn ||= cutStep;
        break;
      case 'tool/call': {
        if (!inStep(e.data)) return `tool/call at seq ${e.seq} does not name the open turn and step`;
        if (cutStep) return `tool/call at seq ${e.seq} runs a call of a reply cut at max tokens (its calls are dropped)`;
        const index = replyCalls.indexOf(e.data.callId);
        if (index <= called) return `tool/call at seq ${e.seq} (call ${JSON.stringify(e.data.callId)}) ${index < 0 ? 'names no call of the step’s reply' : 'runs out of the model’s order'}`;
        called = index;
        pending.add(e.data.callId);
        break;
      }
      case 'tool/result': {
        if (typeof e.surfaceOp === 'object') {
          if (openTurn === undefined) return `a tool/result replacement at seq ${e.seq} outside a turn`;
          break;
        }
        const { message, error } = e.data;
        const callId = message.source['callId'];
        // A crash repair answers a call of the open step's reply that never started without a tool/call (spec §4.5, §6.2).
        const notStarted = error?.code === 'TOOL_NOT_STARTED';
        const id = typeof callId === 'string' ? callId : undefined;
        const index = id === undefined ? -1 : replyCalls.indexOf(id);
        if (notStarted && id !== undefined && pending.has(id)) return `tool/result at seq ${e.seq} answers call ${JSON.stringify(id)}, whose tool/call is logged, as TOOL_NOT_STARTED: a started call's outcome is TOOL_OUTCOME_UNKNOWN (LOOP-4.5)`;
        if (!inStep(e.data) || (!(id !== undefined && pending.delete(id)) && !(notStarted && index > answered))) return `tool/result at seq ${e.seq} answers no pending call of the open step`;
        if (index <= answered) return `tool/result at seq ${e.seq} commits out of the model’s order: the step’s reply calls ${JSON.stringify(callId)} ${index < 0 ? 'nowhere' : 'before a call already answered'}`;
        answered = index;
        break;
      }
      case 'request/header':
      case 'request/context':
        if (openTurn === undefined) return `${e.type} at seq ${e.seq} outside a turn`;
        break;
    }
  }
  return undefined;
}

/** Request n of the run (1-based, loop requests and one-shots together) is answered with this reply (the scenario contract). */
const replyFor = (s: Scenario, n: number): ScenarioReply => s.replies[n - 1] ?? FALLBACK_REPLY;

/** The blocks a reply streams, in the contract's order (reasoning, text, tool calls), without the ids the harness gives calls. */
const scriptedBlocks = (r: ScenarioReply) => [
  // An empty delta opens no block (WIRE-5.2), and a reply cut at max tokens keeps no tool call (LOOP-4.3).
  ...(r.reasoning === undefined || r.reasoning === '' ? [] : [{ type: 'reasoning', text: r.reasoning }]),
  ...(r.text === undefined || r.text === '' ? [] : [{ type: 'text', text: r.text }]),
  ...(r.finish === 'max-tokens' ? [] : (r.toolCalls ?? []).map((c) => ({ type: 'tool-call', name: c.name, arguments: c.arguments }))),
];

const CHUNK_TYPES = new Set<unknown>(['block-start', 'text-delta', 'reasoning-delta', 'tool-call-delta', 'block-end', 'usage', 'finish']);

/** Whether `pieces` is a text cut into deltas of `size` characters, the last one of 1 to `size` (one piece when no size is given). */
function fitsChunkSize(pieces: readonly string[], size: number | undefined): boolean {
  if (size === undefined) return pieces.length === 1;
  const lengths = (p: string) => [p.length, [...p].length];
  return pieces.every((p, i) => (i === pieces.length - 1 ? p !== '' && Math.min(...lengths(p)) <= size : lengths(p).includes(size)));
}

/**
 * The chunks logged for a streamed reply spell it (LOOP-4.1): each is a stream chunk, each
 * block opens with its type, its deltas join to its text or arguments (a text's cut as the
 * reply's chunkSize asks), its end carries it; the tool calls a max-tokens finish drops
 * included. Then its usage, and last its finish.
 */
function checkChunks(what: string, unreportable: ReadonlySet<string>, reply: ScenarioReply, chunks: readonly StreamChunk[]): void {
  const spelled = new Map<number, { start?: string; text: string; pieces: string[]; name?: string; end?: ContentBlock; deltas: Set<string> }>();
  const at = (index: number) => spelled.get(index) ?? spelled.set(index, { text: '', pieces: [], deltas: new Set() }).get(index)!;
  for (const chunk of chunks) {
    if (typeof chunk !== 'object' || chunk === null || !CHUNK_TYPES.has(chunk.type)) return fail(`${what} logs an assistant/chunk that is no stream chunk: ${JSON.stringify(chunk)}`, 'LOOP-4.1');
    if (chunk.type === 'block-start') at(chunk.index).start = chunk.blockType;
    else if (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta' || chunk.type === 'tool-call-delta') {
      const block = at(chunk.index);
      block.deltas.add(chunk.type);
      if (chunk.type !== 'tool-call-delta') {
        block.text += chunk.text;
        block.pieces.push(chunk.text);
      } else {
        block.text += chunk.argumentsDelta;
        if (chunk.name !== undefined && chunk.name !== '') block.name = chunk.name;
      }
    } else if (chunk.type === 'block-end') at(chunk.index).end = chunk.block;
  }
  const blocks = [...spelled.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
  const { finish: _cut, ...uncut } = reply;
  const expected = scriptedBlocks(uncut);
  sameJson(`the assistant/chunk events of ${what} do not open the blocks its scripted reply streamed`, expected.map((b) => b.type), blocks.map((b) => b.start));
  // A block's deltas are of its own kind: a reasoning delta never spells a text block.
  const foreign = blocks.find((b) => [...b.deltas].some((d) => d !== `${b.start}-delta`));
  if (foreign !== undefined) fail(`the assistant/chunk events of ${what} spell a ${foreign.start} block with ${[...foreign.deltas].join(' and ')} chunks`, 'LOOP-4.1');
  const joined = blocks.map((b) => (b.start === 'tool-call' ? { type: b.start, name: b.name, arguments: b.text } : { type: b.start, text: b.text }));
  sameJson(`the deltas of the assistant/chunk events of ${what} do not join to the blocks its scripted reply streamed`, expected, joined);
  // UTF-16 units or code points: the contract names neither. A tool call's argument deltas are the wire's (Anthropic streams the input's JSON).
  const cut = blocks.find((b) => b.start !== 'tool-call' && !fitsChunkSize(b.pieces, reply.chunkSize));
  if (cut !== undefined) fail(`the ${cut.start} deltas of ${what} are not its text cut into ${reply.chunkSize === undefined ? 'one piece' : `pieces of ${reply.chunkSize} characters`}: ${JSON.stringify(cut.pieces)}`, 'the scenario contract (docs/PROTOCOL.md): chunkSize splits deltas into pieces of that many characters');
  sameJson(`the block-end chunks of ${what} do not carry the blocks its scripted reply streamed`, expected, loggedBlocks(blocks.flatMap((b) => (b.end === undefined ? [] : [b.end]))));
  const usage = chunks.filter((c) => c.type === 'usage').at(-1);
  if (reply.usage !== undefined || usage !== undefined) checkUsage(`the usage chunk of ${what}`, unreportable, reply.usage, usage?.usage);
  const finish = scriptedFinish(reply);
  const last = chunks.at(-1);
  sameJson(`the last assistant/chunk of ${what} is not the finish its scripted reply streamed`, { type: 'finish', kind: finish }, { type: last?.type, kind: last?.type === 'finish' ? last.reason.kind : undefined });
}

/** The finish a reply streams: the one it scripts, else tool-calls when it calls tools, else stop (the scenario contract). */
const scriptedFinish = (r: ScenarioReply) => r.finish ?? (r.toolCalls?.length ? 'tool-calls' : 'stop');
/** A reply that finishes with an error: one scripted so, or one that stops having streamed nothing (EMPTY_RESPONSE, WIRE-5.2). */
const failedReply = (r: ScenarioReply) => r.finish === 'error' || (scriptedFinish(r) === 'stop' && scriptedBlocks(r).length === 0);
const loggedBlocks = (content: readonly ContentBlock[]) =>
  content.map((b) => (b.type === 'tool-call' ? { type: b.type, name: b.name, arguments: b.arguments } : b.type === 'text' || b.type === 'reasoning' ? { type: b.type, text: b.text } : { type: b.type }));

/**
 * Usage counts a provider's wire has no field for: a harness that reads its usage off the
 * wire cannot log them, one handed the reply as data (the reference) can. DeepSeek reports
 * cache hits, never cache writes.
 */
const UNREPORTABLE: Readonly<Record<string, readonly string[]>> = { deepseek: ['cacheWriteTokens'] };

/**
 * Every field the reply's usage reports comes back in the logged usage, save one the wire of
 * some route of the scenario cannot carry, which may be absent but never different; none is
 * logged when it reports none (LOOP-4.1).
 */
function checkUsage(what: string, unreportable: ReadonlySet<string>, scripted: ScenarioReply['usage'], logged: unknown): void {
  if (scripted === undefined) {
    if (logged !== undefined) fail(`${what} logs a usage the scripted reply did not report`);
    return;
  }
  const got = (logged ?? {}) as Record<string, unknown>;
  for (const [field, value] of Object.entries(scripted)) {
    if (got[field] === undefined && unreportable.has(field)) continue;
    sameJson(`${what} does not log the ${field} the scripted reply reported`, value, got[field]);
  }
}

/** The kinds a turn/end's reason has (TurnEndReason). */
const TURN_END_KINDS: readonly string[] = ['completed', 'aborted', 'blocked', 'error', 'max-tokens', 'interrupted', 'forked'] satisfies readonly TurnEndReason['kind'][];

/**
 * What each dispatched request's scripted reply must leave in the log, from the scenario
 * alone (spec §4.1–§4.4, §6.1): a finished reply one `assistant/message` with the blocks it
 * streamed, citing its chunks (none when it came whole) and its usage; its tool calls run in
 * its order, each result the scripted output (`<name>(<arguments>)` unless the call scripts
 * its own) with its error flag, or an error for a tool the scenario never registered; a
 * max-tokens reply no tool call and a turn ending `max-tokens`; a failed reply a retry
 * numbered by its attempt while the budget lasts, else a turn ending in its error; a
 * compaction's reply the summary. A dispatch a crash interrupted is left to the repair checks.
 */
function checkScriptPlayed(s: Scenario, stretches: readonly Stretch[]): void {
  const registered = new Set(s.tools.map((t) => t.name));
  const routes = [s.route, ...s.actions.flatMap((a) => (a.do === 'restart' && a.route !== undefined ? [a.route] : []))];
  const unreportable = new Set(routes.flatMap((r) => UNREPORTABLE[r.provider] ?? []));
  const ever = new Set([...registered, ...s.actions.flatMap((a) => (a.do === 'registerTool' ? [a.tool.name] : a.do === 'prompt' && a.change?.action.do === 'registerTool' ? [a.change.action.tool.name] : []))]);
  let n = 0;
  for (const stretch of stretches) {
    const own = stretch.log.events.filter((e) => e.seq >= stretch.live);
    // Re-opening a log that already ends with its end-seed marks nothing new (spec §1.2).
    const twice = own.find((e, k) => k > 0 && e.type === 'session/end-seed' && own[k - 1]!.type === 'session/end-seed');
    if (twice !== undefined) fail(`the session/end-seed at seq ${twice.seq} follows another: a loop instance over a log that ends with its marker adds none`);
    const prompts = stretch.actions.filter((a) => a.do === 'prompt');
    const turns = own.filter(eventsOf('turn/start')).length;
    if (turns < prompts.length) fail(`${prompts.length} prompts were given over ${childOf(stretch) ?? 'the session'} but its log starts ${turns} turns`, 'every prompt is a turn, run until idle');
    // A prompt's turn runs a step: it sends a request, unless a pre-step hook blocked it (LOOP-1.1).
    for (const start of own.filter(eventsOf('turn/start'))) {
      const end = own.find((e) => e.seq > start.seq && isEvent(e, 'turn/end') && e.data.turn === start.data.turn) as EventOf<'turn/end'> | undefined;
      if (end !== undefined && !TURN_END_KINDS.includes(String(end.data.reason?.kind))) fail(`the turn/end at seq ${end.seq} gives the reason ${JSON.stringify(end.data.reason)}, whose kind is none of ${TURN_END_KINDS.join(', ')}`, 'LOOP-1.1');
      if (end?.data.reason?.kind === 'blocked') continue;
      if (!stretch.boundaries.some((b) => b.seq > start.seq && b.turn === start.data.turn)) fail(`turn ${start.data.turn} of ${childOf(stretch) ?? 'the session'} (turn/start at seq ${start.seq}) sends no request`, 'a prompt’s turn runs at least one step (LOOP-1.1)');
    }
    const dispatches = [...stretch.boundaries.map((b) => ({ seq: b.seq, boundary: b as RequestBoundary | undefined })), ...own.filter((e) => e.type === 'compaction/start').map((e) => ({ seq: e.seq, boundary: undefined }))].sort((a, b) => a.seq - b.seq);
    /** Turns a reply cut at max tokens: they end once nothing waits for a step. */
    const cutTurns = new Set<number>();
    dispatches.forEach(({ seq, boundary }, i) => {
      const reply = replyFor(s, ++n);
      const window = own.filter((e) => e.seq >= seq && e.seq < (dispatches[i + 1]?.seq ?? Infinity));
      if (window.some((e) => isEvent(e, 'turn/end') && e.data.reason?.kind === 'interrupted')) return;
      const what = boundary === undefined ? `the compaction starting at seq ${seq} (request ${n} of the run)` : `${at(boundary, childOf(stretch))} (request ${n} of the run)`;
      if (boundary === undefined) {
        const summary = window.find(eventsOf('compaction/summary'));
        const end = window.find(eventsOf('compaction/end'));
        if (end === undefined) fail(`${what} logs no compaction/end`);
        // A harness may refuse a summary (DSH's basic policy refuses one no smaller than what it replaces): the end then says why.
        if (summary === undefined) {
          if (typeof end.data.error !== 'string') fail(`${what} logs no compaction/summary, and its compaction/end no error`);
          return;
        }
        if (failedReply(reply)) return;
        const text = scriptedBlocks(reply).filter((b) => b.type === 'text');
        sameJson(`the summary of ${what} is not the text its scripted reply streamed`, text, loggedBlocks(summary.data.summary));
        // What replaces the shadowed nodes carries the summary: the next request starts with it (LOOP-6.3).
        const replacement = window.find((e) => e.seq > summary.seq && typeof e.surfaceOp === 'object' && e.sourceEventSeqs?.includes(summary.seq) === true);
        const said = JSON.stringify(replacement?.data ?? null);
        if (reply.text !== undefined && !said.includes(JSON.stringify(reply.text).slice(1, -1))) fail(`the message that replaces what ${what} summarized does not carry its summary`, 'LOOP-6.3');
        checkUsage(`the compaction/summary of ${what}`, unreportable, reply.usage, summary.data.usage);
        return;
      }
      const inStep = (e: SessionEvent) => isTyped(e) && (e.data as Partial<StepData>).turn === boundary.turn && (e.data as Partial<StepData>).step === boundary.step;
      // Sticky for the turn (LOOP-4.3): steps a steer adds may come between.
      const turnEnd = own.find((e) => e.seq > seq && isEvent(e, 'turn/end') && e.data.turn === boundary.turn) as EventOf<'turn/end'> | undefined;
      const blocks = scriptedBlocks(reply);
      if (failedReply(reply)) {
        if (window.some(eventsOf('assistant/message'))) fail(`${what} logs an assistant/message for a reply that finished with an error`);
        // What it streamed before it failed is logged as it came, a whole reply's too (LOOP-4.1).
        if (reply.finish === 'error') checkChunks(what, unreportable, reply, window.filter((e): e is EventOf<'assistant/chunk'> => isEvent(e, 'assistant/chunk') && inStep(e)).map((e) => e.data.chunk));
        // The code a failed reply fails with: its own (the protocol's SCRIPTED for none is left open: DSH rc.8 keeps only failure
        // codes it knows); a stop with no content is EMPTY_RESPONSE (WIRE-5.2).
        const code = reply.finish === 'error' ? reply.error?.code : 'EMPTY_RESPONSE';
        if (boundary.attempt < (s.maxRetries ?? 0)) {
          const retry = window.find(eventsOf('llm/retry'));
          if (retry === undefined || !inStep(retry)) return fail(`${what} failed with ${boundary.attempt} of ${s.maxRetries ?? 0} retries spent, but no llm/retry of its step follows it`, 'a failed attempt is retried in the same step while the budget lasts (LOOP-4.4)');
          sameJson(`the llm/retry after ${what} does not number the retry and the budget`, { retry: boundary.attempt + 1, maxRetries: s.maxRetries }, { retry: retry.data.retry, maxRetries: retry.data.maxRetries });
          if (code !== undefined) sameJson(`the llm/retry after ${what} does not log the failure its reply scripted`, code, retry.data.failure.code);
          const started = window.find(eventsOf('llm/retry-started'));
          if (started === undefined || started.data.retry !== boundary.attempt + 1 || started.data.retryId !== retry.data.retryId) fail(`the llm/retry after ${what} has no llm/retry-started of the same retry`);
          return;
        }
        if (turnEnd?.data.reason?.kind !== 'error') return fail(`${what} failed with its retries spent, but its turn does not end with reason error`);
        if (code !== undefined) sameJson(`the turn/end after ${what} does not log the failure its reply scripted`, code, (turnEnd.data.reason as { error?: { code?: string } }).error?.code);
        return;
      }
      const message = window.find(eventsOf('assistant/message'));
      if (message === undefined || !inStep(message)) return fail(`${what} finished, but no assistant/message of its step follows it`);
      sameJson(`the assistant/message of ${what} does not hold the blocks its scripted reply streamed`, blocks, loggedBlocks(message.data.message.content));
      checkUsage(`the assistant/message of ${what}`, unreportable, reply.usage, message.data.usage);
      const chunkEvents = window.filter((e): e is EventOf<'assistant/chunk'> => e.seq < message.seq && isEvent(e, 'assistant/chunk'));
      const chunks = chunkEvents.map((e) => e.seq);
      if (reply.whole === true && chunks.length > 0) fail(`${what} came whole, but ${chunks.length} assistant/chunk events are logged for it`);
      sameJson(`the assistant/message of ${what} does not cite the chunks logged for it`, chunks, message.sourceEventSeqs ?? []);
      if (reply.whole !== true) checkChunks(what, unreportable, reply, chunkEvents.map((e) => e.data.chunk));
      const calls = window.filter(eventsOf('tool/call'));
      if (reply.finish === 'max-tokens') {
        cutTurns.add(boundary.turn);
        if (calls.length > 0) fail(`${what} was cut at max tokens, but its tool calls ran`, 'LOOP-4.3');
        // A later step of the turn (a steer) that fails ends it with its error instead, one a crash stopped as interrupted.
        const later = dispatches.slice(i + 1).some((d) => d.boundary?.turn === boundary.turn);
        const reason = turnEnd?.data.reason?.kind;
        if (reason !== 'max-tokens' && !(later && (reason === 'error' || reason === 'interrupted'))) fail(`${what} was cut at max tokens, but its turn does not end max-tokens`, 'LOOP-4.3');
        // A steer queued after the step began and before the turn ended (a boundary may lie after one logged in flight).
        const stepStart = own.find((e) => isEvent(e, 'step/start') && e.data.turn === boundary.turn && e.data.step === boundary.step)?.seq ?? seq;
        const steered = own.some((e) => e.seq > stepStart && e.seq < (turnEnd?.seq ?? Infinity) && isEvent(e, 'agent/inbox/spliced') && e.data.target === 'next-step' && e.data.inserted.length > 0);
        if (steered && !later) fail(`a steer came while ${what} was in flight, and the reply was cut at max tokens, but no later step of its turn sends it`, 'the reason is sticky: the steer still gets its step, after which the turn ends (LOOP-4.3)');
        return;
      }
      const scripted = reply.toolCalls ?? [];
      sameJson(`the tool/call events after ${what} are not its reply's calls in order`, scripted.map((c) => [c.name, c.arguments]), calls.map((c) => [c.data.name, c.data.arguments]));
      // A reply whose calls ran is answered by the next step of its turn (LOOP-1.1): the turn goes on until a reply has none,
      // unless an earlier step of the turn was cut at max tokens, which ends it once nothing waits for a step (sticky, LOOP-4.3).
      const next = dispatches[i + 1]?.boundary ?? stretches[stretch.index + 1]?.boundaries[0];
      if (scripted.length > 0 && !cutTurns.has(boundary.turn) && (next === undefined || next.turn !== boundary.turn || next.step !== boundary.step + 1)) {
        fail(`${what} called tools, but the next request is not step ${boundary.turn}.${boundary.step + 1}`, 'a step whose reply called tools is followed by another step of its turn, with the results');
      }
      // The last step of a turn that nothing cut, failed or stopped: the turn completed.
      const last = next === undefined || next.turn !== boundary.turn;
      if (scripted.length === 0 && last && !cutTurns.has(boundary.turn) && turnEnd !== undefined && turnEnd.data.reason?.kind !== 'completed') fail(`${what} finished its turn's last step, but the turn ends ${JSON.stringify(turnEnd.data.reason)}`, 'a turn whose steps all finished ends completed (LOOP-1.1)');
      calls.forEach((call, k) => {
        const result = window.find((e): e is EventOf<'tool/result'> => isEvent(e, 'tool/result') && e.sourceEventSeqs?.includes(call.seq) === true && e.data.message.source['callId'] === call.data.callId);
        if (result === undefined) return fail(`the tool/call at seq ${call.seq} has no tool/result citing it`, 'LOOP-4.2');
        const block = result.data.message.content[0];
        if (block?.type !== 'tool-result') return fail(`the tool/result at seq ${result.seq} holds no tool-result block`);
        const c = scripted[k]!;
        if (registered.has(c.name)) {
          const expected = c.output ?? { content: [{ type: 'text', text: scenarioToolOutput(c.name, c.arguments) }] };
          sameJson(`the tool/result at seq ${result.seq} is not what the scenario's tool "${c.name}" answered`, { content: expected.content, isError: expected.isError === true }, { content: block.content, isError: block.isError === true });
          // An error result is the tool's own answer; `error` records a tool that failed to answer.
          if (result.data.error !== undefined) fail(`the tool/result at seq ${result.seq} logs an error, but the scenario's tool "${c.name}" answered`);
        } else if (!ever.has(c.name) && block.isError !== true) fail(`the tool/result at seq ${result.seq} answers a call of "${c.name}", a tool never registered, without an error`);
      });
    });
  }
}

/**
 * Each compaction of a stretch: it names one compaction id from start to end and shadows a
 * run of the first nodes of the surface as its compaction/start found it, at least one. With
 * feature `compactKeep` it answers a `compact` action, keeping exactly its last `keep` nodes;
 * an action over a surface of at most `keep` nodes writes nothing, so actions are matched in
 * order, skipping only those that may have found so small a surface: `keep` of 1 or more, or
 * none before the stretch's first prompt over an empty surface.
 */
function checkCompactions(stretch: Stretch, exactKeep: boolean): void {
  const events = stretch.log.events;
  const own = events.filter((e) => e.seq >= stretch.live);
  const inherited = foldSurface(events.filter((e) => e.seq < stretch.live)).length;
  let prompted = inherited > 0;
  const actions: { keep: number; skippable: boolean }[] = [];
  for (const a of stretch.actions) {
    if (a.do === 'prompt') prompted = true;
    if (a.do === 'compact') actions.push({ keep: a.keep ?? 0, skippable: (a.keep ?? 0) > 0 || !prompted });
  }
  let next = 0;
  for (const start of own.filter(eventsOf('compaction/start'))) {
    const id = start.data.compactionId;
    const summary = own.find((e): e is EventOf<'compaction/summary'> => e.seq > start.seq && isEvent(e, 'compaction/summary'));
    const end = own.find((e): e is EventOf<'compaction/end'> => e.seq > start.seq && isEvent(e, 'compaction/end'));
    if (end !== undefined && end.data.compactionId !== id) fail(`the compaction/end at seq ${end.seq} names compaction "${end.data.compactionId}", but the compaction/start at seq ${start.seq} before it "${id}"`);
    if (summary === undefined || (end !== undefined && summary.seq > end.seq)) {
      // A refused summary (its end says why) answers an action whose keep it does not show.
      while (next < actions.length && actions[next]!.skippable) next++;
      next++;
      continue;
    }
    if (summary.data.compactionId !== id) fail(`the compaction/summary at seq ${summary.seq} names compaction "${summary.data.compactionId}", but its compaction/start at seq ${start.seq} "${id}"`);
    const surface = foldSurface(events.filter((e) => e.seq < start.seq));
    const shadowed = summary.data.shadowedSeqs;
    const kept = surface.length - shadowed.length;
    sameJson(`the compaction/summary at seq ${summary.seq} shadows nodes that are not the surface's first`, surface.slice(0, shadowed.length), [...shadowed]);
    if (shadowed.length === 0) fail(`the compaction/summary at seq ${summary.seq} shadows nothing: a compaction with nothing to shadow writes no compaction`);
    if (!exactKeep) continue;
    while (next < actions.length && actions[next]!.keep !== kept && actions[next]!.skippable) next++;
    if (next >= actions.length || actions[next]!.keep !== kept) fail(`the compaction starting at seq ${start.seq} keeps ${kept} of the ${surface.length} surface nodes it found, but no compact action of the scenario left to answer asks to keep ${kept}`, 'contract: compact keeps the last `keep` surface nodes');
    next++;
  }
  const unanswered = exactKeep ? actions.slice(next).find((a) => !a.skippable) : undefined;
  if (unanswered !== undefined) fail(`a compact action (keep ${unanswered.keep}) over a surface that holds a prompt wrote no compaction`, 'contract: compact keeps the last `keep` surface nodes; only a surface of at most `keep` nodes is left alone');
}

/** The replace an event's surface op names, if it is one. */
const replaceOf = (e: SessionEvent) => (typeof e.surfaceOp === 'object' && e.surfaceOp.op === 'replace' ? e.surfaceOp : undefined);

/**
 * Each trim of a stretch (feature `trim`): a `tool/result` that replaces one node is a trim
 * of a `trim` action of the stretch, its call's current result as it was, the trim's text its
 * only content, logged at the start of a turn after a `compaction/prune` naming that node.
 * And a trim is applied: one whose call was answered before the action (at the latest by the
 * end of the turn of the prompts before it), followed by another prompt before a restart,
 * replaces that result unless a compaction shadowed it first.
 */
function checkTrims(stretch: Stretch): void {
  const events = stretch.log.events;
  const own = events.filter((e) => e.seq >= stretch.live);
  const callIds = events.filter(eventsOf('tool/call')).map((e) => e.data.callId);
  const trims: { callId: string | undefined; text: string; prompts: number; promptAfter: boolean; dropped?: boolean }[] = [];
  let prompts = 0;
  for (const a of stretch.actions) {
    if (a.do === 'prompt') {
      prompts++;
      for (const t of trims) t.promptAfter = true;
    }
    // A trim waits in the loop instance: one that stops first drops it.
    if (a.do === 'restart') for (const t of trims) if (!t.promptAfter) t.dropped = true;
    if (a.do === 'trim') trims.push({ callId: callIds[a.call - 1], text: a.text, prompts, promptAfter: false });
  }
  const replaced = new Map<string, number[]>();
  for (const [k, event] of own.entries()) {
    const op = replaceOf(event);
    if (!isEvent(event, 'tool/result') || op === undefined) continue;
    const { start, end } = op;
    const what = `the tool/result at seq ${event.seq}, which replaces seq ${start}`;
    if (start !== end) fail(`${what}, replaces seqs ${start}–${end}: a trim replaces one node`);
    const original = events.find((e) => e.seq === start);
    if (original === undefined || !isEvent(original, 'tool/result')) return fail(`${what}, replaces a node that is not a tool/result`);
    if (!foldSurface(events.filter((e) => e.seq < event.seq)).includes(start)) fail(`${what}, replaces a node no longer on the surface`, 'spec §2.4: a replace names current nodes');
    const callId = original.data.message.source['callId'];
    const texts = trims.filter((t) => t.callId !== undefined && t.callId === callId).map((t) => t.text);
    const block = original.data.message.content[0];
    const got = event.data.message.content;
    const text = got.length === 1 && got[0]!.type === 'tool-result' && got[0]!.content.length === 1 && got[0]!.content[0]!.type === 'text' ? got[0]!.content[0]!.text : undefined;
    if (text === undefined || !texts.includes(text)) fail(`${what}, is not the text of a trim of call "${String(callId)}" the scenario asked for`, 'feature trim: the trim’s text is the result’s only content');
    if (block?.type === 'tool-result') sameJson(`${what}, does not keep the rest of the result it trims`, { ...original.data, message: { ...original.data.message, content: [{ ...block, content: [{ type: 'text', text }] }] } }, event.data);
    const prune = own[k - 1];
    if (prune === undefined || !isEvent(prune, 'compaction/prune')) return fail(`${what}, does not follow a compaction/prune that names seq ${start}`, 'spec §2.4: a prune explains the replace');
    sameJson(`the compaction/prune before ${what}, does not name that seq alone, as its range and its seqs`, { shadowedRange: { start, end: start }, shadowedSeqs: [start] }, { shadowedRange: prune.data.shadowedRange, shadowedSeqs: prune.data.shadowedSeqs }, 'spec §2.4: a prune explains the replace');
    const before = own.slice(0, k).reverse().find((e) => !isEvent(e, 'compaction/prune') && !(isEvent(e, 'tool/result') && replaceOf(e) !== undefined));
    if (before === undefined || !isEvent(before, 'turn/start')) fail(`${what}, is not logged at the start of a turn`, 'feature trim: a trim lands at the start of the next turn');
    replaced.set(String(callId), [...(replaced.get(String(callId)) ?? []), event.seq]);
  }
  const turnEnds = own.filter(eventsOf('turn/end'));
  for (const t of trims) {
    if (t.callId === undefined || !t.promptAfter || t.dropped === true) continue;
    const from = t.prompts === 0 ? stretch.live : turnEnds[t.prompts - 1]?.seq;
    if (from === undefined) continue;
    const result = events.find((e): e is EventOf<'tool/result'> => e.seq < from && isEvent(e, 'tool/result') && e.data.message.source['callId'] === t.callId && replaceOf(e) === undefined);
    if (result === undefined || !foldSurface(events.filter((e) => e.seq < from)).includes(result.seq)) continue;
    const shadowed = own.some((e) => e.seq > from && isEvent(e, 'compaction/summary') && e.data.shadowedSeqs.includes(result.seq));
    if (!shadowed && !(replaced.get(t.callId) ?? []).some((seq) => seq > from)) fail(`a trim of call "${t.callId}" (answered at seq ${result.seq}, on the surface) is followed by a prompt, but no tool/result replaces that result`, 'feature trim: a trim lands at the start of the next turn');
  }
}

export const LOOP_LOG_WELL_FORMED = loopProperty({
  ...common,
  id: 'LOOP-LOG-WELL-FORMED',
  title: 'the log the loop wrote loads, its turns, steps and tool pairs nest as the relational trace requires, each step enters the messages its inbox claims removed, and tool results commit in the model’s order',
  clause: 'LOOP-1.1, LOOP-1.2, LOOP-1.3 (the loop’s log nests and loads), LOOP-5.4 (a torn restart appends after the last whole line), LOOP-2.1, LOOP-2.2 (inbox claims entered), LOOP-4.1, LOOP-4.2, LOOP-4.3, LOOP-4.4 (retries numbered), LOOP-4.5 (crash repair), LOOP-6.3 (the summary replaces)',
  async check(impl, s) {
    const { stretches } = await observe(impl, s);
    for (const { log, index } of stretches) {
      const problem = traceProblem(log.events, entersFirst(impl.info, s));
      if (problem !== undefined) fail(index === 0 ? problem : `in the log of fork child ${log.id}: ${problem}`);
    }
    checkScriptPlayed(s, stretches);
    const exactKeep = playedFeatures(impl.info).includes('compactKeep');
    for (const stretch of stretches) {
      checkCompactions(stretch, exactKeep);
      checkTrims(stretch);
    }
  },
});

export const LOOP_FROZEN = loopProperty({
  ...common,
  id: 'LOOP-FROZEN',
  title: 'every request the loop sends is deep-frozen',
  clause: 'REQ-1.3',
  inProcess: true,
  async check(impl, s) {
    const { run } = await observe(impl, s);
    run.requests.forEach((request, i) => {
      const open = firstUnfrozen(request, `request ${i + 1}`);
      if (open !== undefined) fail(`a sent request is not frozen at ${open}`);
    });
  },
});

/** What the scenario has given the loop so far: the system prompt, the tools by name (the last definition of each), the config override. */
interface Given {
  system: string;
  readonly tools: Map<string, ToolSpec>;
  override: Record<string, unknown> | null;
  /** Whether an override was ever given: until then every proposal is the route's alone. */
  overridden: boolean;
  /** The route in force (the scenario's, or the last restart's or fork's). */
  route: RouteConfig;
  /**
   * The last request's reasoning effort as given (by an override, the route itself, or kept from
   * the header), undefined when the route filled it in, and the route it went to; null once a
   * fork leaves it unknown (the child's header is its parent's at the cut).
   */
  effort: { readonly value: string | undefined; readonly provider: string; readonly model: string } | undefined | null;
}

/**
 * Config fields a request keeps from the one before it in its loop instance when the override in
 * force leaves them out: later requests start from the folded header (LOOP-3.5), the first of an
 * instance from its options (LOOP-3.3), which a route gives neither of (RouteConfig).
 */
const KEPT_FIELDS = ['temperature', 'stop'] as const;

const byName = (tools: readonly ToolSpec[]) => [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

function give(given: Given, change: HeaderChange): void {
  if (change.do === 'setSystem') given.system = change.text;
  else if (change.do === 'registerTool') given.tools.set(change.tool.name, change.tool);
  else {
    given.override = change.config;
    given.overridden ||= change.config !== null;
  }
}

/**
 * Each request against the scenario itself, not the log: the system prompt and tools are
 * those given when its step began (a change made while an attempt is in flight reaches the
 * next step, never a retry of the same step; a name registered again replaces its tool), and
 * every field of the override given when it was built is in its config (the hook runs for
 * every attempt). A prompt's requests are those after its `next-turn` insertion; a stretch
 * whose insertions do not pair with its prompts (LOOP-2.1, LOOP-LOG-WELL-FORMED's to find)
 * ends the check, as the changes after it cannot be placed.
 */
function checkStepHeader(s: Scenario, stretches: readonly Stretch[]): void {
  const given: Given = { system: s.system, tools: new Map(s.tools.map((t) => [t.name, t])), override: null, overridden: false, route: s.route, effort: undefined };
  for (const stretch of stretches) {
    const { run, log, boundaries, actions, live } = stretch;
    let before: Record<string, unknown> | undefined; // the instance's last request
    const inserted = log.events.filter((e) => e.seq >= live && isEvent(e, 'agent/inbox/spliced') && e.data.target === 'next-turn' && e.data.inserted.length > 0).map((e) => e.seq);
    if (inserted.length !== actions.filter((a) => a.do === 'prompt').length) return;
    let p = 0;
    for (const action of actions) {
      if (action.do === 'setSystem' || action.do === 'registerTool' || action.do === 'override') give(given, action);
      else if (action.do === 'restart' || action.do === 'fork') {
        if (action.system !== undefined) given.system = action.system;
        if (action.route !== undefined) given.route = action.route;
        if (action.do === 'fork') given.effort = null;
        before = undefined;
      }
      if (action.do !== 'prompt') continue;
      const from = inserted[p]!;
      const to = inserted[++p] ?? Infinity;
      let step: { readonly system: string; readonly tools: readonly ToolSpec[] } | undefined;
      let n = 0;
      boundaries.forEach((b, i) => {
        if (b.seq <= from || b.seq > to) return;
        n++;
        if (b.attempt === 0 || step === undefined) step = { system: given.system, tools: [...given.tools.values()] };
        const request = run.requests[i] as unknown as Record<string, unknown>;
        const what = `${at(b, childOf(stretch))}, request ${n} of its prompt (attempt ${b.attempt + 1} of its step),`;
        const retry = b.attempt > 0 ? 'a retry sends the system prompt and tools its step’s first attempt sent; a change made while an attempt is in flight reaches the next step' : undefined;
        sameJson(`${what} does not carry the system prompt the scenario had given when its step began`, step.system === '' ? undefined : step.system, request['system'], retry);
        // The order of the tools is the harness's own (the reference keeps registration order, DSH sorts by name): compared by name.
        const sent = (request['tools'] as readonly ToolSpec[] | undefined) ?? [];
        const twice = sent.find((t, k) => sent.findIndex((u) => u.name === t.name) !== k);
        if (twice !== undefined) fail(`${what} holds two tools named ${JSON.stringify(twice.name)}`, 'a name registered again replaces its tool (LOOP-3.6)');
        sameJson(`${what} does not carry the tools the scenario had registered when its step began`, byName(step.tools), byName(sent), retry ?? 'a name registered again replaces its tool with the definition registered last (LOOP-3.6)');
        for (const [field, value] of Object.entries(given.override ?? {})) sameJson(`${what} does not carry the ${field} of the config override the scenario had given when it was built`, value, request[field], 'the per-call config hook runs for every attempt, a retry included');
        // A field no override in force gives (none yet, or null: the merging stopped) is kept from the request before.
        const first = before === undefined;
        for (const field of KEPT_FIELDS) {
          if (given.override?.[field] !== undefined) continue;
          sameJson(`${what} does not carry the ${field} of the request before it in its loop instance (none for the first), which no config override in force gives`, before?.[field], request[field], 'later requests start from the folded header (LOOP-3.5), the first of a loop instance from its options (LOOP-3.3)');
        }
        before = request;
        const markers = expectedHeader(log.events, b.seq)?.adapterDefaults;
        checkEffort(what, given, first, request, markers);
        checkRouteDefaults(what, s.defaults, given, request, markers);
        if (n === action.change?.duringRequest) give(given, action.change.action);
      });
      // A prompt's turn sends a request unless a pre-step hook blocked it (LOOP-1.1): a config, system or tool change that throws shows here.
      if (n === 0 && !log.events.some((e) => e.seq > from && e.seq < to && isEvent(e, 'turn/end') && e.data.reason?.kind === 'blocked')) {
        const end = log.events.find((e): e is EventOf<'turn/end'> => e.seq > from && e.seq < to && isEvent(e, 'turn/end'));
        fail(`the turn of prompt ${p} of ${childOf(stretch) ?? 'the session'} (its message spliced in at seq ${from}) sends no request${end === undefined ? '' : `; it ends ${JSON.stringify(end.data.reason)}`}`, 'a prompt’s turn runs at least one step (LOOP-1.1)');
      }
      // A crash stopped the instance: the next action starts a new one over the log (feature restartMidTurn).
      if (log.events.some((e) => e.seq > from && e.seq < to && isEvent(e, 'turn/end') && e.data.reason?.kind === 'interrupted')) before = undefined;
    }
  }
}

/**
 * The reasoning effort a request carries, from the scenario: the override's when it gives one;
 * else, in a loop instance's first request, the route's own, or the one the last request was
 * given if it went to the same provider and model (LOOP-3.3); in a later one, the one the last
 * request was given (LOOP-3.5). An effort given is sent unmarked; with none, the route fills
 * one in and marks it, or sends none (checkRouteDefaults holds the value to the declared default).
 */
function checkEffort(what: string, given: Given, first: boolean, request: Record<string, unknown>, markers: EpochHeader['adapterDefaults']): void {
  const { route, effort: last } = given;
  const overridden = given.override?.['reasoningEffort'] as string | undefined;
  let value: string | undefined | null;
  if (overridden !== undefined) value = overridden;
  else if (last === null) value = null;
  else if (first) value = route.reasoningEffort ?? (last !== undefined && last.provider === route.provider && last.model === route.model ? last.value : undefined);
  else value = last?.value;
  given.effort = value === null ? null : { value, provider: route.provider, model: route.model };
  if (value === null) return;
  const marked = markers?.reasoningEffort === true;
  const why = first ? 'a loop instance’s first request keeps an effort given before only on the same provider and model, and never one the route filled in (LOOP-3.3)' : 'later requests start from the folded header without the fields the route filled in (LOOP-3.5)';
  if (value !== undefined) sameJson(`${what} does not carry, unmarked, the reasoning effort given for it`, { reasoningEffort: value, marked: false }, { reasoningEffort: request['reasoningEffort'], marked }, why);
  else if (request['reasoningEffort'] !== undefined && !marked) fail(`${what} carries the reasoning effort ${JSON.stringify(request['reasoningEffort'])} unmarked, which nothing gave it`, why);
}

/**
 * The route's defaults (docs/PROTOCOL.md, spec §2.2 adapterDefaults): a field the proposal
 * lacks is filled with the scenario's default and marked (one the scenario declares none for
 * may get the route's own, marked too: DSH's route always has a max-tokens default); a
 * marked field holds a value, the declared default where there is one; a field the override
 * gives is in the proposal, so nothing was filled in for it and it is unmarked. Until the
 * scenario gives an override the proposal is the route's alone: the route's own value
 * unmarked, else the declared default marked.
 */
function checkRouteDefaults(what: string, defaults: Scenario['defaults'], given: Given, request: Record<string, unknown>, markers: EpochHeader['adapterDefaults']): void {
  for (const field of ['reasoningEffort', 'maxTokens'] as const) {
    const fallback = defaults[field];
    const marked = markers?.[field] === true;
    const sent = request[field];
    if (given.override?.[field] !== undefined && marked) fail(`${what} is built from a request/header that marks the ${field} the config override gave as the route's default`, 'a snapshot whose adapterDefaults markers changed is a change, even when the value stayed the same');
    if (marked && (sent === undefined || (fallback !== undefined && sent !== fallback))) fail(`${what} is built from a request/header that marks its ${field} ${JSON.stringify(sent) ?? '(absent)'} as the route's default, which is ${JSON.stringify(fallback) ?? 'not declared'}`);
    if (fallback !== undefined && sent === undefined) fail(`${what} has no ${field}, though the route fills in its default ${JSON.stringify(fallback)} whenever a proposal lacks one`);
    const own = given.route[field];
    // An effort may be kept across a restart (LOOP-3.3): checkEffort holds it.
    if (field === 'reasoningEffort' || given.overridden || (own === undefined && fallback === undefined)) continue;
    sameJson(`${what} does not carry the ${field} of its route, or else the route's default marked as such (no override was given yet)`, { value: own ?? fallback, marked: own === undefined }, { value: sent, marked });
  }
}

export const LOOP_STEP_HEADER = loopProperty({
  ...common,
  id: 'LOOP-STEP-HEADER',
  title: 'each request carries the system prompt and tools the scenario had given when its step began — a change made while an attempt is in flight reaches the next step, never a retry of it; a name registered again replaces its tool — and every field of the config override given when it was built, which its header does not mark as the route’s default',
  clause: 'LOOP-3.4 (once per step; the hook per attempt), LOOP-3.6 (registering a name again), LOOP-3.5',
  // Planned scenarios reach every place between attempts on purpose; the others bring crashes, injections and forks.
  arbitrary: fc.oneof(timedScenario, scenario),
  labels: (s) => ({ ...scenarioLabels(s), ...timedLabels(s) }),
  floors: { 'change during a retried attempt': 0.05, 'change before the next step': 0.05, 'tool steps after a compaction': 0.1, 'torn restart': 0.1, 're-registered tool': 0.05 },
  async check(impl, s) {
    checkStepHeader(s, (await observe(impl, s)).stretches);
  },
});

type ForkAction = Extract<Scenario['actions'][number], { do: 'fork' }>;

/** The part of a header a break of `part` is about. */
function partOf(header: EpochHeader | null | undefined, part: BrokenPart): unknown {
  if (part === 'model') return [header?.config.provider, header?.config.model];
  if (part === 'system') return header?.system;
  if (part === 'tools') return header?.tools ?? [];
  return header?.messagePrefix ?? [];
}

/**
 * The fork that opened `child`, cut from `parent`: the child is seeded with the parent's
 * events before the boundary (right after the turn/end of `afterTurn`, or the whole log)
 * and derives there what the parent derived; its first loop instance logs its own snapshot
 * before its first request, carrying the fork override and, in every part nothing changed,
 * the parent's header at the boundary; and its first request extends the parent's request
 * at the boundary (the header there and the messages derived there) unless the child's log
 * shows the drift: a snapshot that changed the part that breaks, or a surface replace.
 */
function checkForkAligned(parent: Stretch, child: Stretch, fork: ForkAction): void {
  const where = `the fork into "${fork.childId}"`;
  const events = parent.log.events;
  const end = fork.afterTurn === undefined ? undefined : events.find((e) => isEvent(e, 'turn/end') && e.data.turn === fork.afterTurn);
  const boundary = end === undefined ? events.length : end.seq + 1;
  const { header } = child.log;
  sameJson(`${where}: the child's header does not name its id, its parent and the boundary ${boundary} as its seed length`, { id: fork.childId, parentSession: parent.log.id, seedLength: boundary }, { id: header.id, parentSession: header.parentSession, seedLength: header.seedLength });
  sameJson(`${where}: the child's seed is not the parent's events before the boundary ${boundary}`, events.slice(0, boundary), child.log.events.slice(0, boundary));
  const seeded = child.log.events.slice(0, child.from + 1);
  if (seeded.at(-1)?.type !== 'session/end-seed') fail(`${where}: the child's seed is not closed by a session/end-seed at seq ${child.from}`);
  sameJson(`${where}: the child derives other messages after its seed than the parent derived at the boundary`, expectedMessages(events, boundary), expectedMessages(seeded, seeded.length));
  const first = child.boundaries[0];
  if (first === undefined) return;
  const resume = child.log.events.slice(child.from, first.seq).find(eventsOf('request/header'));
  if (resume === undefined) fail(`${where}: the child's first request (boundary seq ${first.seq}) has no request/header of its own before it`);
  const inherited = expectedHeader(events, boundary);
  if (resume.data.reason !== (inherited === null ? 'initial' : 'resume')) fail(`${where}: the child's first snapshot (seq ${resume.seq}) has reason "${resume.data.reason}"; a fork of a log ${inherited === null ? 'without a snapshot owes "initial"' : 'with a snapshot owes "resume"'}`);
  // What else may move the child's first header: a change the parent made after the boundary
  // or left pending at the fork (any before it, when the boundary is not the parent's end), a
  // change between the fork and the child's first prompt, a restart or fork bringing its own.
  const upTo = child.actions.findIndex((a) => a.do === 'prompt');
  const since = boundary < events.length ? 0 : Math.max(0, child.before.findLastIndex((a) => a.do === 'prompt'));
  const pending = [...child.before.slice(since), ...child.actions.slice(1, upTo < 0 ? undefined : upTo)];
  const moved = (kind: string) => pending.some((a) => a.do === kind || a.do === 'restart' || a.do === 'fork' || (a.do === 'prompt' && a.change?.action.do === kind));
  const hooked = [...child.before, ...child.actions].some((a) => a.do === 'override' || (a.do === 'prompt' && a.change?.action.do === 'override'));
  const snapshot = resume.data.header;
  const why = (part: string) => `${where}: the ${part} of the child's snapshot at seq ${resume.seq}`;
  if (!moved('setSystem')) {
    if (fork.system !== undefined) sameJson(`${why('system prompt')} does not carry the fork override`, fork.system === '' ? undefined : fork.system, snapshot.system);
    else if (inherited !== null) sameJson(`${why('system prompt')} differs from the parent's at the boundary although nothing changed it`, inherited.system, snapshot.system);
  }
  if (!moved('registerTool') && inherited !== null) sameJson(`${why('tools')} differ from the parent's at the boundary although nothing changed them`, inherited.tools, snapshot.tools);
  if (!moved('override')) {
    const route = fork.route;
    const routeOf = (h: EpochHeader, maxTokens: boolean) => ({ provider: h.config.provider, model: h.config.model, ...(maxTokens ? { maxTokens: h.config.maxTokens } : {}) });
    if (route !== undefined) {
      const withMax = route.maxTokens !== undefined && !hooked;
      sameJson(`${why('route')} does not carry the fork override`, { provider: route.provider, model: route.model, ...(withMax ? { maxTokens: route.maxTokens } : {}) }, routeOf(snapshot, withMax));
    } else if (inherited !== null) sameJson(`${why('route')} differs from the parent's at the boundary although nothing changed it`, routeOf(inherited, false), routeOf(snapshot, false));
  }
  // Cache alignment: what the parent's log says at the boundary is a prefix of the child's first request, but for logged drift.
  if (inherited === null) return;
  const atBoundary = buildRequest(inherited, expectedMessages(events, boundary), child.log.id);
  const sent = child.run.requests[0]!;
  const atFirst = expectedHeader(child.log.events, first.seq);
  const part = JSON.stringify(partOf(inherited, 'prefix')) !== JSON.stringify(partOf(atFirst, 'prefix')) ? 'prefix' : prefixBreak(atBoundary, sent);
  if (part === undefined) return;
  const drifted = part === 'messages' ? replacedIn(child.log.events, child.from, first.seq) : JSON.stringify(partOf(inherited, part)) !== JSON.stringify(partOf(atFirst, part));
  if (drifted) return;
  if (part === 'messages') sameJson(`${where}: the child's first request does not extend the parent's request at the boundary`, atBoundary.messages, sent.messages.slice(0, atBoundary.messages.length), 'no surface replace was logged in the child before its first request');
  fail(`${where}: the child's first request does not extend the parent's request at the boundary (its ${part} differs) and the child's log shows no drift in it`);
}

export const LOOP_FORK_ALIGNED = loopProperty({
  ...common,
  id: 'LOOP-FORK-ALIGNED',
  title: 'a fork child is its parent’s log up to the boundary and derives what the parent derived there; its first snapshot carries the fork override and the parent’s header in every part nothing changed, and its first request extends the parent’s request at the boundary unless the child’s log shows the drift',
  clause: 'LOOP-5.3, RULE-1.5 (resume and fork with attributable drift), LOG-9.2',
  scenarioFeatures: ['fork'],
  arbitrary: forkingScenario,
  floors: { 'fork after a turn': 0.3, 'fork override': 0.25 },
  async check(impl, s) {
    const { stretches } = await observe(impl, s);
    s.actions.filter((a) => a.do === 'fork').forEach((fork, k) => checkForkAligned(stretches[k]!, stretches[k + 1]!, fork));
  },
});

export const LOOP_PROPERTIES = [LOOP_RECONSTRUCT, LOOP_WIRE_RECONSTRUCT, LOOP_PREFIX_STABLE, LOOP_HEADER_DISCIPLINE, LOOP_LATE_INJECTION, LOOP_ONE_SHOT_ENVELOPE, LOOP_RESUME_ALIGNED, LOOP_LOG_WELL_FORMED, LOOP_FROZEN, LOOP_FORK_ALIGNED, LOOP_STEP_HEADER];
