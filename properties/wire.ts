/** Properties of the wire: request bytes, stream parsing and usage (spec §8). */
import fc from 'fast-check';
import type { Implementation } from '../src/conformance/index.ts';
import { prefixBreak, type NeutralRequest } from '../src/fold/index.ts';
import type { StreamChunk, TokenUsage } from '../src/log/index.ts';
import { deepSeekStream, type GeneratedStream } from './arbitraries/deepseek-stream.ts';
import { sessionLog, type GeneratedLog } from './arbitraries/session-log.ts';
import { logCodec, logLabels } from './_internals/codecs.ts';
import { fail, must, sameJson, sameText } from './_internals/failure.ts';
import { expectedBoundaries, expectedRequest, expectedWire } from './_internals/oracle.ts';
import { defineProperty, jsonCodec } from './_internals/property.ts';

const PROVIDER = 'deepseek';

/** The requests a log describes, as the spec rebuilds them. */
function requestsOf(log: GeneratedLog): NeutralRequest[] {
  const parsed = { id: log.header.id, events: log.events };
  return expectedBoundaries(log.events)
    .map((b) => expectedRequest(parsed, b.seq))
    .filter((r): r is NeutralRequest => r !== null);
}

export const WIRE_PURE = defineProperty({
  id: 'WIRE-PURE',
  title: 'serialization is a pure function: the same request, or an equal copy of it, always gives the same bytes',
  clause: 'DESIGN §1.2; spec §8.1',
  levels: ['wire'],
  arbitrary: sessionLog(),
  codec: logCodec,
  async check(impl, log) {
    const answers = await Promise.all(requestsOf(log).map((request) => Promise.all([impl.serialize!(request, PROVIDER), impl.serialize!(request, PROVIDER), impl.serialize!(structuredClone(request), PROVIDER)])));
    for (const [once, twice, cloned] of answers) {
      const first = must(once, 'serializing a request');
      const again = must(twice, 'serializing the same request again');
      const copy = must(cloned, 'serializing an equal copy of the request');
      sameJson('serializing the same request twice gave different bytes', first, again);
      sameJson('serializing an equal copy gave different bytes', first, copy);
    }
  },
});

export const WIRE_MATCHES_SPEC = defineProperty({
  id: 'WIRE-MATCHES-SPEC',
  title: 'the DeepSeek body has the spec’s key order and message mapping, byte for byte',
  clause: 'spec §8.1',
  levels: ['wire'],
  arbitrary: sessionLog(),
  labels: logLabels,
  codec: logCodec,
  async check(impl, log) {
    const requests = requestsOf(log);
    const answers = await Promise.all(requests.map((request) => impl.serialize!(request, PROVIDER)));
    for (const [i, request] of requests.entries()) {
      const wire = must(answers[i]!, 'serializing a request');
      const expected = expectedWire(request);
      sameText('the request body differs from the DeepSeek mapping', expected.body, wire.body);
      sameJson('the request URL or headers differ', { url: expected.url, headers: expected.headers }, { url: wire.url, headers: wire.headers });
    }
  },
});

export const WIRE_PREFIX_STABLE = defineProperty({
  id: 'WIRE-PREFIX-STABLE',
  title: 'when a request extends the previous one, its body starts with the previous body up to the end of its messages',
  clause: 'DESIGN §1.1 (prefix cache on the wire); spec §8.1',
  levels: ['wire'],
  arbitrary: sessionLog(),
  codec: logCodec,
  async check(impl, log) {
    const requests = requestsOf(log);
    const pairs = requests.slice(1).map((b, i) => [requests[i]!, b] as const);
    const extending = pairs.filter(([a, b]) => prefixBreak(a, b) === undefined);
    const answers = await Promise.all(extending.map(([a, b]) => Promise.all([impl.serialize!(a, PROVIDER), impl.serialize!(b, PROVIDER)])));
    for (const [first, next] of answers) {
      const before = must(first, 'serializing a request').body;
      const after = must(next, 'serializing the next request').body;
      const prefix = before.slice(0, before.lastIndexOf('],"stream":'));
      if (prefix === '') fail('the body has no "messages" array followed by "stream"');
      sameText('the next body does not start with the previous body’s messages', prefix, after.slice(0, prefix.length));
    }
  },
});

async function parse(impl: Implementation, stream: GeneratedStream, cuts: readonly number[]): Promise<readonly StreamChunk[]> {
  return must(await impl.parseStream!(PROVIDER, stream.body, cuts), 'parsing a DeepSeek stream');
}

export const WIRE_USAGE_DISJOINT = defineProperty({
  id: 'WIRE-USAGE-DISJOINT',
  title: 'usage maps to disjoint counts: input = prompt − cached, cache read = cached_tokens ?? hit tokens, reasoning when reported, unknown stays absent',
  clause: 'spec §2.1 (TokenUsage), §8.2 (mapUsage)',
  levels: ['wire'],
  arbitrary: deepSeekStream,
  labels: (s) => ({ usage: s.usage !== null, 'V4 usage': s.usage?.prompt_tokens_details !== undefined }),
  floors: { usage: 0.5, 'V4 usage': 0.2 },
  codec: jsonCodec<GeneratedStream>(),
  async check(impl, stream) {
    const chunks = await parse(impl, stream, []);
    const usage = chunks.find((c): c is Extract<StreamChunk, { type: 'usage' }> => c.type === 'usage')?.usage;
    const raw = stream.usage;
    if (raw === null) {
      if (usage !== undefined) fail('a stream without usage produced a usage chunk: unknown must stay unknown');
      return;
    }
    const read = raw.prompt_tokens_details?.cached_tokens ?? raw.prompt_cache_hit_tokens;
    const reasoning = raw.completion_tokens_details?.reasoning_tokens;
    const expected: TokenUsage = {
      inputTokens: raw.prompt_tokens - (read ?? 0),
      outputTokens: raw.completion_tokens,
      ...(read === undefined ? {} : { cacheReadTokens: read }),
      ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
    };
    sameJson(`usage ${JSON.stringify(raw)} mapped wrongly`, expected, usage);
  },
});

export const WIRE_SSE_RECHUNK = defineProperty({
  id: 'WIRE-SSE-RECHUNK',
  title: 'parsing a stream gives the same chunks however its bytes are split, even inside a UTF-8 sequence',
  clause: 'DESIGN §5 (wire); spec §8.2',
  levels: ['wire'],
  arbitrary: deepSeekStream.chain((stream) => {
    const bytes = Buffer.from(stream.body);
    // Offsets of UTF-8 continuation bytes: a cut there splits a character in two.
    const inside = [...bytes.keys()].filter((i) => (bytes[i]! & 0xc0) === 0x80);
    const anywhere = fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 30 });
    const cuts = fc.tuple(anywhere, fc.subarray(inside, { maxLength: Math.min(4, inside.length) })).map(([a, b]) => [...new Set([...a, ...b])].sort((x, y) => x - y));
    return fc.record({ stream: fc.constant(stream), cuts });
  }),
  labels: ({ cuts, stream }) => ({ 'cut inside a character': cuts.some((c) => (Buffer.from(stream.body)[c]! & 0xc0) === 0x80) }),
  floors: { 'cut inside a character': 0.3 },
  codec: jsonCodec<{ stream: GeneratedStream; cuts: number[] }>(),
  async check(impl, { stream, cuts }) {
    const [whole, pieces] = await Promise.all([parse(impl, stream, []), parse(impl, stream, cuts)]);
    sameJson('re-chunking the bytes changed the parsed stream', whole, pieces);
  },
});

export const WIRE_PROPERTIES = [WIRE_PURE, WIRE_MATCHES_SPEC, WIRE_PREFIX_STABLE, WIRE_USAGE_DISJOINT, WIRE_SSE_RECHUNK];
