/** Properties of request reconstruction from the log (spec §4.4, §7.4 item 17). */
// @ts-nocheck

import type { ImplementationAt } from '../src/contract/index.ts';
import { explainingEvent, foldRequestHeader, prefixBreak, type NeutralRequest } from '../src/fold/index.ts';
import type { SessionEvent } from '../src/log/index.ts';
import { sessionLog, type GeneratedLog } from './arbitraries/session-log.ts';
import { LOG_FLOORS, logCodec, logLabels } from './_internals/codecs.ts';
import { fail, must, sameJson } from './_internals/failure.ts';
import { firstUnfrozen } from './_internals/frozen.ts';
import { expectedBoundaries, expectedRequest } from './_internals/oracle.ts';
import { defineProperty } from './_internals/property.ts';

async function requestsOf(impl: ImplementationAt<'request'>, log: GeneratedLog) {
  const boundaries = expectedBoundaries(log.events);
  const requests = must(await impl.buildRequest(log.jsonl, boundaries.map((b) => b.seq)), 'building the requests at the request boundaries');
  return { boundaries, requests };
}

export const REQUEST_RECONSTRUCT = defineProperty({
  id: 'REQUEST-RECONSTRUCT',
  title: 'the request at every boundary is {...header.config, messages, system?, tools?, sessionId} of the log before it, key order included',
  clause: 'REQ-1.1 (the request and its key order), REQ-1.2, REQ-2.1, REQ-2.2, FOLD-4.4',
  levels: ['request'],
  arbitrary: sessionLog(),
  labels: logLabels,
  floors: LOG_FLOORS,
  codec: logCodec,
  async check(impl, log) {
    const { boundaries, requests } = await requestsOf(impl, log);
    const parsed = { id: log.header.id, events: log.events };
    boundaries.forEach((b, i) => sameJson(`the request of step ${b.turn}.${b.step} (boundary seq ${b.seq}) differs from the one the log describes`, expectedRequest(parsed, b.seq), requests[i]));
  },
});

/** Fails when `next` does not extend `previous` and no logged event between them explains why. */
export function checkExtends(events: readonly SessionEvent[], previous: NeutralRequest, next: NeutralRequest, from: number, to: number, label: string): void {
  // A session prefix is the header's (the session-prefix era): only a snapshot changes it.
  const prefixOf = (seq: number) => JSON.stringify(foldRequestHeader(events.slice(0, seq))?.messagePrefix ?? []);
  const part = prefixOf(from) !== prefixOf(to) ? 'prefix' : prefixBreak(previous, next);
  if (part === undefined || explainingEvent(events, from, to, part) !== undefined) return;
  const what = part === 'messages' ? 'its messages do not extend the previous request’s' : part === 'prefix' ? 'its session prefix differs from the previous request’s' : `its ${part} differs from the previous request’s`;
  const explanation = part === 'messages' ? 'no surface replace was logged between the two requests' : 'no request/header snapshot (change or resume) was logged between the two requests';
  if (part === 'messages') sameJson(`${label}: ${what}`, previous.messages, next.messages.slice(0, previous.messages.length), explanation);
  else sameJson(`${label}: ${what}`, { model: previous.model, system: previous.system, tools: previous.tools }, { model: next.model, system: next.system, tools: next.tools }, explanation);
  fail(`${label}: ${what}`, explanation);
}

export const REQUEST_PREFIX_STABLE = defineProperty({
  id: 'REQUEST-PREFIX-STABLE',
  title: 'each request extends the previous one unless a header change or resume, or a surface replace, is logged between them',
  clause: 'REQ-3.1, RULE-1.4',
  levels: ['request'],
  arbitrary: sessionLog(),
  labels: logLabels,
  floors: LOG_FLOORS,
  codec: logCodec,
  async check(impl, log) {
    const { boundaries, requests } = await requestsOf(impl, log);
    for (let i = 1; i < requests.length; i++) {
      const [previous, next] = [requests[i - 1], requests[i]];
      if (previous == null || next == null) continue;
      checkExtends(log.events, previous, next, boundaries[i - 1]!.seq, boundaries[i]!.seq, `the request of step ${boundaries[i]!.turn}.${boundaries[i]!.step}`);
    }
  },
});

export const REQUEST_FROZEN = defineProperty({
  id: 'REQUEST-FROZEN',
  title: 'a built request is deep-frozen, messages included',
  clause: 'REQ-1.3',
  levels: ['request'],
  inProcess: true,
  arbitrary: sessionLog(),
  codec: logCodec,
  async check(impl, log) {
    const { requests } = await requestsOf(impl, log);
    for (const request of requests) {
      const open = request === null ? undefined : firstUnfrozen(request, 'request');
      if (open !== undefined) fail(`a built request is not frozen at ${open}`);
    }
  },
});

export const REQUEST_PROPERTIES = [REQUEST_RECONSTRUCT, REQUEST_PREFIX_STABLE, REQUEST_FROZEN];
