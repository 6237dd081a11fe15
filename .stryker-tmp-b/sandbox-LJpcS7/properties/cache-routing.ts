/**
 * Cache routing on the wire (reference/provider-cache.md A2, A3; DESIGN §7): where a
 * provider caches only what the request asks it to, the translation must ask. OpenAI
 * routes a session's requests to one cache by `prompt_cache_key`; Anthropic writes a
 * prefix only at a `cache_control` breakpoint, so the last block must carry one for the
 * next request to read the whole of this one. DeepSeek caches every prefix unasked.
 */
// @ts-nocheck

import type { NeutralRequest } from '../src/fold/index.ts';
import { sessionLog, type GeneratedLog } from './arbitraries/session-log.ts';
import { LOG_FLOORS, logCodec, logLabels } from './_internals/codecs.ts';
import { fail, must } from './_internals/failure.ts';
import { expectedBoundaries, expectedRequest } from './_internals/oracle.ts';
import { defineProperty } from './_internals/property.ts';

/** Refusals that mean "this request cannot travel on that provider's path", not a wrong answer. */
const UNTRANSLATABLE = new Set(['UNSUPPORTED_CONTENT', 'UNSUPPORTED_REASONING_EFFORT']);

type Body = { readonly prompt_cache_key?: unknown; readonly messages?: ReadonlyArray<{ readonly content?: unknown }> };

const ROUTES: Record<string, (request: NeutralRequest, body: Body) => string | undefined> = {
  openai: (request, body) => (body.prompt_cache_key === request.sessionId ? undefined : `its prompt_cache_key is ${JSON.stringify(body.prompt_cache_key)}, not the session id ${JSON.stringify(request.sessionId)}`),
  anthropic: (_request, body) => {
    const last = body.messages?.at(-1)?.content;
    if (!Array.isArray(last) || last.length === 0) return undefined;
    const marker = (last.at(-1) as { cache_control?: unknown }).cache_control;
    return typeof marker === 'object' && marker !== null ? undefined : 'the last block of its last message carries no cache_control breakpoint, so nothing after the previous breakpoint is written for the next request';
  },
};

/** The requests the log describes, without a reasoning effort (which not every provider's path can carry). */
function requestsOf(log: GeneratedLog): NeutralRequest[] {
  const parsed = { id: log.header.id, events: log.events };
  return expectedBoundaries(log.events)
    .map((b) => expectedRequest(parsed, b.seq))
    .filter((r): r is NeutralRequest => r !== null)
    .map(({ reasoningEffort: _effort, ...rest }) => rest);
}

export const WIRE_CACHE_ROUTING = defineProperty({
  id: 'WIRE-CACHE-ROUTING',
  title: 'on every provider it declares that caches only on request, each loop request asks for its prefix to be cached: prompt_cache_key is the session id (OpenAI), the last message block carries a breakpoint (Anthropic)',
  clause: 'CACHE-3.1, WIRE-4.2 (prompt_cache_key, breakpoint)',
  levels: ['wire'],
  arbitrary: sessionLog(),
  labels: logLabels,
  floors: LOG_FLOORS,
  codec: logCodec,
  async check(impl, log) {
    const providers = (impl.info.providers ?? []).filter((p) => ROUTES[p] !== undefined);
    const requests = requestsOf(log);
    for (const provider of providers) {
      const answers = await Promise.all(requests.map((request) => impl.serialize(request, provider)));
      for (const [i, answer] of answers.entries()) {
        if (!answer.ok && UNTRANSLATABLE.has(answer.code)) continue;
        const body = JSON.parse(must(answer, `serializing a request for ${provider}`).body) as Body;
        const problem = ROUTES[provider]!(requests[i]!, body);
        if (problem !== undefined) fail(`request ${i + 1} of ${requests.length}, serialized for ${provider}: ${problem}`);
      }
    }
  },
});

export const CACHE_ROUTING_PROPERTIES = [WIRE_CACHE_ROUTING];
