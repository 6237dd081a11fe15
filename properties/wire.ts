/** Properties of the wire: request bytes, stream parsing and usage (spec §8). */
import fc from 'fast-check';
import type { Outcome } from '../src/contract/index.ts';
import { prefixBreak, type NeutralRequest } from '../src/fold/index.ts';
import type { GenerateRequest } from '../src/wire/index.ts';
import { anthropicStream } from './arbitraries/anthropic-stream.ts';
import { deepSeekStream, deepSeekUsageStream } from './arbitraries/deepseek-stream.ts';
import { openAiStream } from './arbitraries/openai-stream.ts';
import type { GeneratedStream, StreamProvider } from './arbitraries/provider-stream.ts';
import { sessionLog, type GeneratedLog } from './arbitraries/session-log.ts';
import { cutInsideCharacter, cutInsideLineEnd, cutsOf } from './arbitraries/sse-framing.ts';
import { generateRequest, requestLabels } from './arbitraries/wire-request.ts';
import { imageCase, imageCaseLabels, type ImageCase } from './arbitraries/image-request.ts';
import { logCodec } from './_internals/codecs.ts';
import { fail, must, refusedWith, sameJson, sameText } from './_internals/failure.ts';
import { expectedBoundaries, expectedRequest } from './_internals/oracle.ts';
import { defineProperty, jsonCodec, type Property, type RegressionCodec } from './_internals/property.ts';
import { sameContent, streamContent } from './_internals/stream-content.ts';
import { SPEC_WIRE } from './_internals/wire-spec.ts';

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
  clause: 'WIRE-1.1',
  levels: ['wire'],
  provider: PROVIDER,
  arbitrary: sessionLog(),
  codec: logCodec,
  async check(impl, log) {
    const answers = await Promise.all(requestsOf(log).map((request) => Promise.all([impl.serialize(request, PROVIDER), impl.serialize(request, PROVIDER), impl.serialize(structuredClone(request), PROVIDER)])));
    for (const [once, twice, cloned] of answers) {
      const first = must(once, 'serializing a request');
      const again = must(twice, 'serializing the same request again');
      const copy = must(cloned, 'serializing an equal copy of the request');
      sameJson('serializing the same request twice gave different bytes', first, again);
      sameJson('serializing an equal copy gave different bytes', first, copy);
    }
  },
});

export const WIRE_PREFIX_STABLE = defineProperty({
  id: 'WIRE-PREFIX-STABLE',
  title: 'when a request extends the previous one, its body starts with the previous body up to the end of its messages',
  clause: 'WIRE-1.2, RULE-1.4',
  levels: ['wire'],
  provider: PROVIDER,
  arbitrary: sessionLog(),
  codec: logCodec,
  async check(impl, log) {
    const requests = requestsOf(log);
    const pairs = requests.slice(1).map((b, i) => [requests[i]!, b] as const);
    const extending = pairs.filter(([a, b]) => prefixBreak(a, b) === undefined);
    const answers = await Promise.all(extending.map(([a, b]) => Promise.all([impl.serialize(a, PROVIDER), impl.serialize(b, PROVIDER)])));
    for (const [first, next] of answers) {
      const before = must(first, 'serializing a request').body;
      const after = must(next, 'serializing the next request').body;
      // The end of the messages in the spec's compact bytes; a body in other bytes has none to find (WIRE-MATCHES-SPEC says where it differs).
      const end = before.lastIndexOf('],"stream":');
      if (end < 0) fail('the body has no "messages" array followed by "stream" in the spec’s compact form');
      const prefix = before.slice(0, end);
      sameText('the next body does not start with the previous body’s messages', prefix, after.slice(0, prefix.length));
    }
  },
});

const refusalOf = (answer: Outcome<unknown>) => (answer.ok ? 'parsed' : answer.code);

const SUFFIX: Record<StreamProvider, string> = { deepseek: '', openai: '-OPENAI', anthropic: '-ANTHROPIC' };
const NAME: Record<StreamProvider, string> = { deepseek: 'DeepSeek', openai: 'OpenAI chat-completions', anthropic: 'Anthropic messages' };
const A: Record<StreamProvider, string> = { deepseek: 'a', openai: 'an', anthropic: 'an' };

/** Floors every request generator must keep: each text class, each optional part present (4σ below the drawn share at 50 cases, the least run that enforces floors). */
const REQUEST_FLOORS = {
  'text: empty': 0.25, 'text: whitespace edges': 0.3, 'text: non-ASCII': 0.65, 'text: astral': 0.4, 'text: combining': 0.3, 'text: JSON-special': 0.5, 'text: long': 0.05,
  'system absent': 0.05, tools: 0.3, 'tool keys reordered': 0.15, 'tool extra keys': 0.1, 'schema keys reordered': 0.15, 'schema keywords beyond type, properties, required': 0.2, 'prototype keys': 0.25, 'temperature outside 0..2': 0.08, 'many tools': 0.02, 'tool calls': 0.15, 'several reasoning blocks': 0.05, 'many stop sequences': 0.02, 'tool results': 0.15, 'text beside tool results': 0.03, 'block out of place': 0.03, 'error result': 0.08, 'arguments not an object': 0.01, 'developer message': 0.01, reasoning: 0.2, image: 0.02, effort: 0.6, temperature: 0.6, 'max tokens': 0.6, stop: 0.6, 'session id': 0.6, purpose: 0.6,
};

/** The reasoning efforts each provider's format takes (spec §8.1 for DeepSeek). */
const EFFORTS: Record<StreamProvider, readonly string[]> = { deepseek: ['off', 'low', 'high', 'max'], openai: ['minimal', 'low', 'medium', 'high'], anthropic: ['off'] };

/**
 * Headers as a list of entries in name order: their order carries nothing, but a header whose
 * value is not a string (undefined, which a JSON object would drop) is one a client still sends.
 */
const headerList = (headers: Readonly<Record<string, string>>) => Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

function matchesSpec(provider: StreamProvider, clause: string): Property<GenerateRequest, 'wire'> {
  return defineProperty({
    id: `WIRE-MATCHES-SPEC${SUFFIX[provider]}`,
    title: `the ${NAME[provider]} request (URL, headers, body with its key order) is the spec serialization, byte for byte, or refused with the spec’s code`,
    clause,
    levels: ['wire'],
    provider,
    arbitrary: generateRequest(EFFORTS[provider]),
    labels: (request) => ({ ...requestLabels(request), serialized: SPEC_WIRE[provider](request).ok, refused: !SPEC_WIRE[provider](request).ok }),
    floors: { ...REQUEST_FLOORS, serialized: 0.3, refused: 0.02 },
    codec: jsonCodec<GenerateRequest>(),
    async check(impl, request) {
      const expected = SPEC_WIRE[provider](request);
      const answer = await impl.serialize(request, provider);
      if (!expected.ok) return refusedWith(answer, expected.code, `a request the ${NAME[provider]} format cannot carry`);
      const wire = must(answer, 'serializing a request');
      sameText(`the request body differs from the ${NAME[provider]} serialization`, expected.wire.body, wire.body);
      sameJson('the request method, URL or headers differ', { method: expected.wire.method, url: expected.wire.url, headers: headerList(expected.wire.headers) }, { method: wire.method, url: wire.url, headers: headerList(wire.headers) });
    },
  });
}

/**
 * The image path: every image read through the store the call carries and verified, the
 * oldest offloaded first, a store fault refused with its code and no request. Each provider
 * with its model taking images; the case knows what each read gives.
 */
function imagesRebuilt(provider: StreamProvider, clause: string): Property<ImageCase, 'wire'> {
  const spec = (c: ImageCase) => SPEC_WIRE[provider](c.request, { ...c.images, reads: c.reads });
  return defineProperty({
    id: `WIRE-IMAGES${SUFFIX[provider]}`,
    title: `${A[provider]} ${NAME[provider]} request with images is its serialization with every image read from the log's objects and verified, the oldest offloaded first, byte for byte; a missing or corrupt object is refused with the store's code, and no request is made`,
    clause,
    levels: ['wire'],
    provider,
    arbitrary: imageCase,
    labels: (c) => {
      const expected = spec(c);
      return { ...imageCaseLabels(c), serialized: expected.ok, refused: !expected.ok, offloaded: expected.ok && expected.wire.body.includes('[image omitted to keep the request') };
    },
    floors: { 'image in a prompt': 0.3, 'image in a tool result': 0.3, 'several results in one message': 0.05, 'store fault': 0.2, 'offload bound': 0.3, 'image/gif': 0.2, 'image/webp': 0.2, 'image/jpeg': 0.2, serialized: 0.3, refused: 0.1, offloaded: 0.03 },
    codec: jsonCodec<ImageCase>(),
    async check(impl, c) {
      const expected = spec(c);
      const answer = await impl.serialize(c.request, provider, c.images);
      if (!expected.ok) return refusedWith(answer, expected.code, `a request whose images cannot all be read and verified from its store`);
      const wire = must(answer, 'serializing a request with images');
      sameText(`the request body differs from the ${NAME[provider]} serialization with its images read from the store`, expected.wire.body, wire.body);
    },
  });
}

export const WIRE_IMAGES = imagesRebuilt('deepseek', 'ATT-1.1, ATT-2.1, ATT-2.3 (verified reads), WIRE-7.1, WIRE-7.2 (offload), WIRE-7.3');
export const WIRE_IMAGES_OPENAI = imagesRebuilt('openai', 'ATT-1.1, ATT-2.1, ATT-2.3 (verified reads), WIRE-7.1, WIRE-7.2 (offload), WIRE-7.3');
export const WIRE_IMAGES_ANTHROPIC = imagesRebuilt('anthropic', 'ATT-1.1, ATT-2.1, ATT-2.3 (verified reads), WIRE-7.1, WIRE-7.2 (offload), WIRE-7.4');

export const WIRE_MATCHES_SPEC = matchesSpec('deepseek', 'WIRE-2.1, WIRE-2.2, WIRE-2.3, WIRE-2.4, WIRE-2.5');
export const WIRE_MATCHES_SPEC_OPENAI = matchesSpec('openai', 'WIRE-3.1, WIRE-2.3 (the message list)');
export const WIRE_MATCHES_SPEC_ANTHROPIC = matchesSpec('anthropic', 'WIRE-4.1, WIRE-4.2 (rolling breakpoint)');

/** A stream is stored without its generator statistics: the bytes and what they carry. */
const stored = (s: GeneratedStream) => ({ provider: s.provider, body: s.body, expected: s.expected });
const bare = (s: GeneratedStream): GeneratedStream => ({ ...stored(s), labels: {} });
const streamCodec: RegressionCodec<GeneratedStream> = { encode: (s) => ({ kind: 'json', value: stored(s) }), decode: (p) => bare(jsonCodec<GeneratedStream>().decode(p)) };
const cutStreamCodec: RegressionCodec<{ stream: GeneratedStream; cuts: number[] }> = {
  encode: ({ stream, cuts }) => ({ kind: 'json', value: { stream: stored(stream), cuts } }),
  decode: (p) => {
    const { stream, cuts } = jsonCodec<{ stream: GeneratedStream; cuts: number[] }>().decode(p);
    return { stream: bare(stream), cuts };
  },
};

const STREAMS: Record<StreamProvider, fc.Arbitrary<GeneratedStream>> = { deepseek: deepSeekStream, openai: openAiStream, anthropic: anthropicStream };

/** Floors shared by every provider's stream generator; a provider adds its own. */
const STREAM_FLOORS = {
  CRLF: 0.2, 'no final blank line': 0.05, 'multi-line data': 0.2, comments: 0.2, 'cut inside a character': 0.2, 'cut inside a line end': 0.05,
  'tool calls': 0.2, 'several tool calls': 0.02, usage: 0.3, 'usage absent': 0.02, 'cache fields absent': 0.02, 'null fields': 0.02,
  'finish: stop': 0.02, 'finish: tool calls': 0.02, 'finish: max tokens': 0.02, 'finish: error': 0.03,
  'text: empty': 0.02, 'text: whitespace edges': 0.02, 'text: non-ASCII': 0.35, 'text: astral': 0.1, 'text: combining': 0.02, 'text: JSON-special': 0.25, 'text: long': 0.02, 'text: wire lookalike': 0.02,
};

/** A chat-completions call's id and name on later deltas: repeated, blank, null, changed (spec WIRE-5.2). */
const TOOL_IDENTITY_FLOORS = { 'tool identity repeated': 0.02, 'tool identity blank': 0.02, 'tool identity null': 0.02, 'tool identity changed': 0.02, 'tool identity late': 0.02, 'argumentless delta': 0.02, 'unreadable chunk': 0.1 };

const PROVIDER_FLOORS: Record<StreamProvider, Record<string, number>> = {
  deepseek: { reasoning: 0.15, 'V4 usage': 0.1, 'cache read': 0.25, 'reasoning tokens': 0.04, 'no [DONE]': 0.03, 'running usage': 0.1, 'calls in one chunk': 0.02, 'choice without delta': 0.2, ...TOOL_IDENTITY_FLOORS },
  openai: { 'usage on its own chunk': 0.04, 'cache read': 0.02, 'cache write': 0.02, 'reasoning tokens': 0.02, 'no [DONE]': 0.03, 'running usage': 0.1, 'calls in one chunk': 0.02, 'choice without delta': 0.2, ...TOOL_IDENTITY_FLOORS },
  anthropic: { thinking: 0.08, 'cache read': 0.12, 'cache write': 0.1, 'error event': 0.02, 'no message_stop': 0.02, 'event field': 1, 'untranslated block': 0.02, 'untranslated block with deltas': 0.02, 'untranslated delta': 0.1, 'event type added later': 0.2, 'delta type added later': 0.15, 'message_delta without stop reason': 0.05, 'counts grown on message_delta': 0.02, 'unreadable event': 0.1, 'tool call without id or name': 0.02, 'start with its own text': 0.05, 'delta of another kind': 0.05 },
};

function streamContentProperty(provider: StreamProvider): Property<{ stream: GeneratedStream; cuts: number[] }, 'wire'> {
  return defineProperty({
    id: `WIRE-STREAM-CONTENT${SUFFIX[provider]}`,
    title: `${A[provider]} ${NAME[provider]} stream, however its bytes are cut and its events framed, parses to exactly the blocks, usage and finish it carried`,
    clause: provider === 'anthropic' ? 'WIRE-5.3, WIRE-5.4, WIRE-6.1, WIRE-6.3 (Anthropic events and usage)' : 'WIRE-5.2, WIRE-5.4, WIRE-6.1, WIRE-6.2 (chat-completions chunks and usage)',
    levels: ['wire'],
    provider,
    arbitrary: STREAMS[provider].chain((stream) => cutsOf(stream.body).map((cuts) => ({ stream, cuts }))),
    labels: ({ stream, cuts }) => ({ ...stream.labels, 'cut inside a character': cutInsideCharacter(stream.body, cuts), 'cut inside a line end': cutInsideLineEnd(stream.body, cuts) }),
    floors: { ...STREAM_FLOORS, ...PROVIDER_FLOORS[provider] },
    codec: cutStreamCodec,
    async check(impl, { stream, cuts }) {
      const answer = await impl.parseStream(stream.provider, stream.body, cuts);
      // A stream that stops before its terminator may be refused as a whole (expected.unterminated).
      if (!answer.ok && stream.expected.unterminated === true) return;
      sameContent(stream.expected, streamContent(must(answer, `parsing a ${stream.provider} stream`)));
    },
  });
}

export const WIRE_STREAM_CONTENT = streamContentProperty('deepseek');
export const WIRE_STREAM_CONTENT_OPENAI = streamContentProperty('openai');
export const WIRE_STREAM_CONTENT_ANTHROPIC = streamContentProperty('anthropic');

export const WIRE_USAGE_DISJOINT = defineProperty({
  id: 'WIRE-USAGE-DISJOINT',
  title: 'usage maps to disjoint counts: input = prompt − cached, cache read = cached_tokens ?? hit tokens, reasoning when reported, unknown (absent or null) stays absent',
  clause: 'WIRE-6.1, WIRE-6.2 (disjoint usage)',
  levels: ['wire'],
  provider: 'deepseek',
  arbitrary: deepSeekUsageStream,
  labels: (s) => s.labels,
  floors: { usage: 0.3, 'V4 usage': 0.12, 'null fields': 0.2, 'null counts': 0.1, 'cache fields absent': 0.02, 'reasoning tokens': 0.02 },
  codec: streamCodec,
  async check(impl, stream) {
    const answer = await impl.parseStream(stream.provider, stream.body, []);
    if (!answer.ok && stream.expected.unterminated === true) return;
    const usage = must(answer, 'parsing a deepseek stream').filter((c) => c.type === 'usage');
    if (usage.length > 1) fail('a stream produced more than one usage chunk');
    const expected = stream.expected.usage;
    if (expected === null) {
      if (usage.length > 0) fail('a stream without usage produced a usage chunk: unknown must stay unknown');
      return;
    }
    if (usage.length === 0) fail('the stream reported usage but no usage chunk came out');
    sameJson('the usage was mapped wrongly', expected, usage[0]!.usage);
  },
});

export const WIRE_SSE_RECHUNK = defineProperty({
  id: 'WIRE-SSE-RECHUNK',
  title: 'parsing a stream gives the same chunks however its bytes are split, even inside a UTF-8 sequence or a CRLF',
  clause: 'WIRE-5.1',
  levels: ['wire'],
  provider: 'deepseek',
  arbitrary: deepSeekStream.chain((stream) => cutsOf(stream.body).map((cuts) => ({ stream, cuts }))),
  labels: ({ cuts, stream }) => ({ 'cut inside a character': cutInsideCharacter(stream.body, cuts), 'cut inside a line end': cutInsideLineEnd(stream.body, cuts) }),
  floors: { 'cut inside a character': 0.2, 'cut inside a line end': 0.05 },
  codec: cutStreamCodec,
  async check(impl, { stream, cuts }) {
    const [whole, pieces] = await Promise.all([impl.parseStream(stream.provider, stream.body, []), impl.parseStream(stream.provider, stream.body, cuts)]);
    // A refusal (of a stream that stops early) must not depend on the cuts either.
    if (!whole.ok || !pieces.ok) return sameJson('re-chunking the bytes changed whether the stream is refused', refusalOf(whole), refusalOf(pieces));
    sameJson('re-chunking the bytes changed the parsed stream', whole.value, pieces.value);
  },
});

export const WIRE_PROPERTIES = [
  WIRE_PURE,
  WIRE_MATCHES_SPEC,
  WIRE_MATCHES_SPEC_OPENAI,
  WIRE_MATCHES_SPEC_ANTHROPIC,
  WIRE_IMAGES,
  WIRE_IMAGES_OPENAI,
  WIRE_IMAGES_ANTHROPIC,
  WIRE_PREFIX_STABLE,
  WIRE_STREAM_CONTENT,
  WIRE_STREAM_CONTENT_OPENAI,
  WIRE_STREAM_CONTENT_ANTHROPIC,
  WIRE_USAGE_DISJOINT,
  WIRE_SSE_RECHUNK,
];
