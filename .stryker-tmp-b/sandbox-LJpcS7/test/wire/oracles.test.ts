// @ts-nocheck
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { streamContent } from '../../properties/_internals/stream-content.ts';
import { specAnthropicWire, specDeepSeekWire, specOpenAiWire } from '../../properties/_internals/wire-spec.ts';
import { referenceImplementation } from '../../src/conformance/index.ts';
import { runSuite } from '../../src/suite/run-suite.ts';
import { endpointOf, parseCassette, responseBytes, usageOf } from '../../src/http/index.ts';
import type { StreamChunk } from '../../src/log/index.ts';
import { mapDeepSeekUsage, mapOpenAiUsage, parseSse, serializeAnthropicRequest, serializeOpenAiRequest, sseJson, type GenerateRequest } from '../../src/wire/index.ts';
import { cassetteFile, recordings } from '../helpers/recorded-http.ts';

const PROVIDER_OF = { chat: undefined, messages: 'anthropic' } as const;

/** Every streamed chat-completions and messages response of the committed recordings, with its provider. */
function recordedStreams(): Array<{ name: string; provider: 'deepseek' | 'openai' | 'anthropic'; api: 'chat' | 'messages'; body: string }> {
  return recordings().flatMap((recording) => {
    const cassette = parseCassette(readFileSync(cassetteFile(recording), 'utf8'));
    return cassette.interactions.flatMap(({ request, response }, index) => {
      const body = Buffer.from(responseBytes(response)).toString('utf8');
      if (!/^(data|event):/.test(body)) return [];
      const endpoint = endpointOf(request?.url, sseJson(parseSse([body]))[0]?.json);
      if (endpoint?.api !== 'chat' && endpoint?.api !== 'messages') return [];
      const provider = PROVIDER_OF[endpoint.api] ?? (recording.provider as 'deepseek' | 'openai');
      return [{ name: `${recording.file} #${index}`, provider, api: endpoint.api, body }];
    });
  });
}

describe('the reference parses the recorded provider streams as the providers meant them', () => {
  const streams = recordedStreams();

  it('has recorded chat-completions and messages streams of all three providers', () => {
    expect(new Set(streams.map((s) => s.provider))).toEqual(new Set(['deepseek', 'openai', 'anthropic']));
  });

  it.each(streams.map((s) => [s.name, s] as const))('%s: well-formed chunks, the streamed text, usage disjoint from the recorded counts', async (_, { provider, api, body }) => {
    const answer = await referenceImplementation().parseStream(provider, body, []);
    expect(answer.ok).toBe(true);
    const content = streamContent((answer as { value: readonly StreamChunk[] }).value);
    // The text as the wire spelled it, read straight from the events.
    const events = sseJson(parseSse([body])).map((e) => e.json as Record<string, any>);
    const text = api === 'chat' ? events.map((e) => e['choices']?.[0]?.delta?.content ?? '').join('') : events.map((e) => (e['delta']?.type === 'text_delta' ? e['delta'].text : '')).join('');
    expect(content.blocks.filter((b) => b.type === 'text').map((b) => (b as { text: string }).text).join('')).toBe(text);
    expect(['stop', 'tool-calls', 'max-tokens']).toContain(content.finish.kind);
    // src/http's accounting reads the same usage as total input with cached parts inside it.
    const recorded = usageOf(api, { kind: 'sse', events: sseJson(parseSse([body])) })!;
    const usage = content.usage!;
    expect(usage.inputTokens + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0)).toBe(recorded.input);
    expect(usage.cacheReadTokens).toBe(recorded.cacheRead);
    expect(usage.outputTokens).toBe(recorded.output);
  });
});

describe('usage counts sent as null', () => {
  it('stay absent, as unreported counts do (spec §8.2)', () => {
    expect(mapDeepSeekUsage({ prompt_tokens: 10, completion_tokens: 2, prompt_cache_hit_tokens: null, prompt_tokens_details: null, completion_tokens_details: { reasoning_tokens: null } })).toEqual({ inputTokens: 10, outputTokens: 2 });
    expect(mapDeepSeekUsage({ prompt_tokens: 10, completion_tokens: 2, prompt_cache_hit_tokens: 4, prompt_tokens_details: { cached_tokens: null } })).toEqual({ inputTokens: 6, outputTokens: 2, cacheReadTokens: 4 });
    expect(mapOpenAiUsage({ prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: null, cache_write_tokens: 3 }, completion_tokens_details: null })).toEqual({ inputTokens: 7, outputTokens: 2, cacheWriteTokens: 3 });
  });
});

describe('an image on the text path', () => {
  const image = { type: 'image', attachment: { attachmentId: `sha256:${'ab'.repeat(32)}`, mediaType: 'image/png', bytes: 68, width: 1, height: 1 } };
  const withMessage = (message: object) => ({ provider: 'openai', model: 'm', messages: [{ id: 'x', ...message }] }) as unknown as GenerateRequest;

  it('is refused, never silently dropped: the request would hold less than the log (counterexamples in corpora/regressions)', () => {
    const inAssistant = withMessage({ role: 'assistant', content: [image], source: { kind: 'model', provider: 'openai', model: 'm' } });
    const inToolResult = withMessage({ role: 'user', content: [{ type: 'tool-result', toolCallId: 'c', content: [image] }], source: { kind: 'tool', callId: 'c' } });
    expect(() => serializeOpenAiRequest(inAssistant)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CONTENT' }));
    expect(() => serializeAnthropicRequest(inToolResult)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CONTENT' }));
    expect(specOpenAiWire(inAssistant)).toEqual({ ok: false, code: 'UNSUPPORTED_CONTENT' });
    expect(specAnthropicWire(inToolResult)).toEqual({ ok: false, code: 'UNSUPPORTED_CONTENT' });
  });
});

describe('the spec serializations', () => {
  const request: GenerateRequest = {
    provider: 'deepseek',
    model: 'deepseek-chat',
    system: 'SYS',
    messages: [
      { id: 'u', role: 'user', content: [{ type: 'text', text: 'go!' }], source: { kind: 'user' } },
      { id: 'a', role: 'assistant', content: [{ type: 'reasoning', text: 'think' }, { type: 'text', text: 'calling' }, { type: 'tool-call', id: 'c1', name: 'echo', arguments: '{"text":"one"}' }], source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' } },
      { id: 't', role: 'user', content: [{ type: 'tool-result', toolCallId: 'c1', content: [], isError: true }], source: { kind: 'tool', callId: 'c1' } },
      { id: 'b', role: 'assistant', content: [{ type: 'reasoning', text: 'only reasoning' }], source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' } },
    ],
    tools: [{ name: 'echo', description: 'Echo', parameters: { type: 'object' } }],
    reasoningEffort: 'high',
    temperature: 0.5,
    maxTokens: 99,
    stop: ['<END>'],
    sessionId: 's1',
  } as unknown as GenerateRequest;
  const tools = '[{"type":"function","function":{"name":"echo","description":"Echo","parameters":{"type":"object"}}}]';

  it('DeepSeek: the worked example of spec §8.1, byte for byte, and its headers', () => {
    const spec = specDeepSeekWire(request);
    expect(spec).toEqual({
      ok: true,
      wire: {
        method: 'POST',
        url: 'https://api.deepseek.com/chat/completions',
        headers: { 'content-type': 'application/json', 'x-deepseek-harness-session-id': 's1' },
        body: `{"model":"deepseek-chat","messages":[{"role":"system","content":"SYS"},{"role":"user","content":"go!"},{"role":"assistant","content":"calling","reasoning_content":"think","tool_calls":[{"id":"c1","type":"function","function":{"name":"echo","arguments":"{\\"text\\":\\"one\\"}"}}]},{"role":"tool","tool_call_id":"c1","content":"(no output)"},{"role":"assistant","content":"","reasoning_content":"only reasoning"}],"stream":true,"stream_options":{"include_usage":true},"thinking":{"type":"enabled"},"reasoning_effort":"high","tools":${tools},"temperature":0.5,"max_tokens":99,"stop":["<END>"]}`,
      },
    });
    expect(specDeepSeekWire({ ...request, reasoningEffort: 'medium' })).toEqual({ ok: false, code: 'UNSUPPORTED_REASONING_EFFORT' });
    expect(specDeepSeekWire({ ...request, reasoningEffort: 'medium', purpose: 'session-title' }).ok).toBe(true);
  });

  it('OpenAI: no reasoning sent back, max_completion_tokens, the session id as prompt_cache_key', () => {
    const spec = specOpenAiWire({ ...request, reasoningEffort: 'low' });
    expect(spec.ok && JSON.parse(spec.wire.body)).toEqual({
      model: 'deepseek-chat',
      messages: [
        { role: 'system', content: 'SYS' },
        { role: 'user', content: 'go!' },
        { role: 'assistant', content: 'calling', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'echo', arguments: '{"text":"one"}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: '(no output)' },
        { role: 'assistant', content: '' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      reasoning_effort: 'low',
      tools: JSON.parse(tools),
      temperature: 0.5,
      max_completion_tokens: 99,
      stop: ['<END>'],
      prompt_cache_key: 's1',
    });
  });

  it('Anthropic: merged turns, the error flag, one cache breakpoint on the last block, effort refused', () => {
    expect(specAnthropicWire(request)).toEqual({ ok: false, code: 'UNSUPPORTED_REASONING_EFFORT' });
    const spec = specAnthropicWire({ ...request, reasoningEffort: 'off', messages: [...request.messages, { id: 'v', role: 'user', content: [{ type: 'text', text: 'next' }], source: { kind: 'user' } }] } as GenerateRequest);
    expect(spec.ok && JSON.parse(spec.wire.body)).toEqual({
      model: 'deepseek-chat',
      max_tokens: 99,
      system: [{ type: 'text', text: 'SYS' }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'go!' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'calling' }, { type: 'tool_use', id: 'c1', name: 'echo', input: { text: 'one' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: '(no output)' }], is_error: true }, { type: 'text', text: 'next', cache_control: { type: 'ephemeral' } }] },
      ],
      tools: [{ name: 'echo', description: 'Echo', input_schema: { type: 'object' } }],
      temperature: 0.5,
      stop_sequences: ['<END>'],
      stream: true,
    });
  });
});

describe('stream chunks read as the log reads them', () => {
  const start = { type: 'block-start', index: 0, blockType: 'text' } as const;
  const end = (text: string) => ({ type: 'block-end', index: 0, block: { type: 'text', text } }) as const;
  const stop = { type: 'finish', reason: { kind: 'stop' } } as const;

  it('gives the content of well-formed chunks', () => {
    expect(streamContent([start, { type: 'text-delta', index: 0, text: 'a' }, { type: 'text-delta', index: 0, text: 'b' }, end('ab'), { type: 'usage', usage: { inputTokens: 1, outputTokens: 2 } }, stop])).toEqual({
      blocks: [{ type: 'text', text: 'ab' }],
      usage: { inputTokens: 1, outputTokens: 2 },
      finish: { kind: 'stop' },
    });
  });

  it.each([
    ['a delta before its block-start', [{ type: 'text-delta', index: 0, text: 'a' }, start, end('a'), stop], /no block-start opened/],
    ['an ended text its deltas did not spell', [start, { type: 'text-delta', index: 0, text: 'a' }, end('ab'), stop], /not what its deltas spelled/],
    ['indices out of first-seen order', [{ ...start, index: 1 }, stop], /next is 0/],
    ['a reasoning delta on a text block', [start, { type: 'reasoning-delta', index: 0, text: 'a' }, end(''), stop], /a text block/],
    ['a chunk after the finish', [start, end(''), stop, stop], /after the finish/],
    ['no finish', [start, end('')], /no finish/],
    ['a block never ended', [start, stop], /never ended/],
  ] as const)('fails on %s', (_, chunks, message) => {
    expect(() => streamContent(chunks as unknown as StreamChunk[])).toThrow(message);
  });
});

describe('wire properties of a provider', () => {
  const wire = PROPERTIES.filter((p) => p.id.startsWith('WIRE-MATCHES-SPEC') || p.id.startsWith('WIRE-STREAM-CONTENT'));

  it('exist for all three providers, which the reference declares', () => {
    expect(wire.map((p) => p.provider).sort()).toEqual(['anthropic', 'anthropic', 'deepseek', 'deepseek', 'openai', 'openai']);
    expect(referenceImplementation().info.providers).toEqual(['deepseek', 'openai', 'anthropic']);
  });

  it('are n/a on an implementation that does not declare the provider; one that declares none speaks DeepSeek', async () => {
    const deepSeekOnly = referenceImplementation({ info: { providers: ['deepseek'] } });
    const reference = referenceImplementation();
    const { providers: _, ...silent } = reference.info;
    const result = await runSuite(deepSeekOnly, wire, { runs: 5, seed: 1 });
    expect(result.properties.map((p) => [p.id, p.status])).toEqual([
      ['WIRE-MATCHES-SPEC', 'pass'],
      ['WIRE-MATCHES-SPEC-OPENAI', 'n/a'],
      ['WIRE-MATCHES-SPEC-ANTHROPIC', 'n/a'],
      ['WIRE-STREAM-CONTENT', 'pass'],
      ['WIRE-STREAM-CONTENT-OPENAI', 'n/a'],
      ['WIRE-STREAM-CONTENT-ANTHROPIC', 'n/a'],
    ]);
    expect(result.properties[1]!.reason).toBe('needs the openai wire provider');
    const undeclared = await runSuite({ ...reference, info: silent }, wire, { runs: 5, seed: 1 });
    expect(undeclared.summary).toEqual({ pass: 2, fail: 0, na: 4 });
  });
});
