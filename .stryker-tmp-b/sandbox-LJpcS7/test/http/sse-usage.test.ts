// @ts-nocheck
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpointOf, parseCassette, responseBytes, usageOf, type Api, type ResponseBody } from '../../src/http/index.ts';
import { parseSse, sseJson } from '../../src/wire/index.ts';
import { SSE } from '../helpers/cassettes.ts';
import { cassetteFile, recordings } from '../helpers/recorded-http.ts';

const sse = (text: string): ResponseBody => ({ kind: 'sse', events: sseJson(parseSse([text])) });
const json = (value: Record<string, unknown>): ResponseBody => ({ kind: 'json', value });

/** Every streamed response body in the committed cassettes, with the API that produced it. */
function recordedStreams(): Array<{ name: string; api: Api; bytes: Uint8Array }> {
  return recordings().flatMap((recording) => {
    const cassette = parseCassette(readFileSync(cassetteFile(recording), 'utf8'));
    return cassette.interactions.flatMap(({ request, response }, index) => {
      const bytes = responseBytes(response);
      const text = Buffer.from(bytes).toString('utf8');
      if (!/^(data|event):/.test(text)) return [];
      const first = sseJson(parseSse([text]))[0]?.json;
      const endpoint = endpointOf(request?.url, first);
      return endpoint === undefined ? [] : [{ name: `${recording.file} #${index}`, api: endpoint.api, bytes }];
    });
  });
}

function split(bytes: Uint8Array, points: readonly number[]): Uint8Array[] {
  const edges = [0, ...[...new Set(points)].sort((a, b) => a - b), bytes.byteLength];
  return edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
}

describe('parseSse', () => {
  const streams = [...recordedStreams(), { name: 'synthetic, with an emoji', api: 'chat' as const, bytes: new Uint8Array(Buffer.from(SSE)) }];

  it('has recorded streams of every kind to work on, some with multi-byte characters', () => {
    expect(new Set(streams.map((s) => s.api))).toEqual(new Set(['chat', 'responses', 'messages']));
    expect(streams.filter((s) => s.bytes.some((b) => b >= 0x80)).length).toBeGreaterThanOrEqual(2);
  });

  it.each(streams.map((s) => [s.name, s] as const))('%s: any re-chunking yields the same events and usage', (_, { api, bytes }) => {
    const events = parseSse([bytes]);
    const usage = usageOf(api, { kind: 'sse', events: sseJson(events) });
    expect(events.length).toBeGreaterThan(1);
    // Split points anywhere, and split points forced inside multi-byte UTF-8 sequences.
    const inside = [...bytes.keys()].filter((i) => (bytes[i]! & 0xc0) === 0x80);
    const anywhere = fc.array(fc.integer({ min: 1, max: bytes.byteLength - 1 }), { maxLength: 64 });
    const points = inside.length === 0 ? anywhere : fc.tuple(anywhere, fc.array(fc.constantFrom(...inside), { minLength: 1, maxLength: 16 })).map(([a, b]) => [...a, ...b]);
    fc.assert(
      fc.property(points, (cuts) => {
        const chunks = split(bytes, cuts);
        const again = parseSse(chunks);
        expect(again).toEqual(events);
        expect(usageOf(api, { kind: 'sse', events: sseJson(again) })).toEqual(usage);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps event names and drops the [DONE] sentinel only from the JSON view', () => {
    const events = parseSse(['event: message_start\ndata: {"a":1}\n\n', 'data: [DONE]\n\n']);
    expect(events).toEqual([{ event: 'message_start', data: '{"a":1}' }, { data: '[DONE]' }]);
    expect(sseJson(events)).toEqual([{ event: 'message_start', json: { a: 1 } }]);
  });
});

describe('usageOf', () => {
  it('keeps an unreported count undefined and a reported zero a zero', () => {
    expect(usageOf('chat', json({ usage: { prompt_tokens: 12, completion_tokens: 3 } }))).toEqual({ input: 12, output: 3 });
    expect(usageOf('chat', json({ usage: { prompt_tokens: 12, completion_tokens: 3, prompt_tokens_details: { cached_tokens: 0 } } }))).toEqual({ input: 12, cacheRead: 0, output: 3 });
    expect(usageOf('chat', json({ choices: [] }))).toBeUndefined();
  });

  it('reads DeepSeek cache hits and OpenAI cache writes (GPT-5.6+)', () => {
    const deepseek = { prompt_tokens: 422, completion_tokens: 28, prompt_cache_hit_tokens: 384, prompt_cache_miss_tokens: 38, prompt_tokens_details: { cached_tokens: 384 } };
    expect(usageOf('chat', json({ usage: deepseek }))).toEqual({ input: 422, cacheRead: 384, output: 28 });
    const openai = { prompt_tokens: 4020, completion_tokens: 4, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 4012 } };
    expect(usageOf('chat', json({ usage: openai }))).toEqual({ input: 4020, cacheRead: 0, cacheWrite: 4012, output: 4 });
  });

  it('adds Anthropic disjoint counts into the billed input, from a body or a stream', () => {
    const usage = { input_tokens: 3, cache_read_input_tokens: 1111, cache_creation_input_tokens: 418, output_tokens: 33 };
    expect(usageOf('messages', json({ usage }))).toEqual({ input: 1532, cacheRead: 1111, cacheWrite: 418, output: 33 });
    const stream = [
      'event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":4,"cache_creation_input_tokens":1165,"cache_read_input_tokens":0,"output_tokens":1}}}\n\n',
      'event: message_delta\ndata: {"type":"message_delta","delta":{},"usage":{"output_tokens":201,"input_tokens":null}}\n\n',
    ].join('');
    expect(usageOf('messages', sse(stream))).toEqual({ input: 1169, cacheRead: 0, cacheWrite: 1165, output: 201 });
    expect(usageOf('messages', json({ usage: { output_tokens: 5 } }))).toEqual({ output: 5 });
  });

  it('reads the Responses API from the body or the response.completed event', () => {
    const usage = { input_tokens: 444, input_tokens_details: { cached_tokens: 384 }, output_tokens: 14 };
    expect(usageOf('responses', json({ usage }))).toEqual({ input: 444, cacheRead: 384, output: 14 });
    const stream = `event: response.created\ndata: {"type":"response.created","response":{"usage":null}}\n\nevent: response.completed\ndata: ${JSON.stringify({ type: 'response.completed', response: { usage } })}\n\n`;
    expect(usageOf('responses', sse(stream))).toEqual({ input: 444, cacheRead: 384, output: 14 });
  });

  it('takes chat stream usage from the finish chunk (DeepSeek) or the empty-choices chunk (OpenAI)', () => {
    expect(usageOf('chat', sse(SSE))).toEqual({ input: 70, cacheRead: 64, output: 5 });
    const openai = 'data: {"choices":[{"delta":{"content":"hi"}}],"usage":null}\n\ndata: {"choices":[],"usage":{"prompt_tokens":1144,"completion_tokens":2,"prompt_tokens_details":{"cached_tokens":1024}}}\n\ndata: [DONE]\n\n';
    expect(usageOf('chat', sse(openai))).toEqual({ input: 1144, cacheRead: 1024, output: 2 });
  });
});
