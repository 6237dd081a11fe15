import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, StreamChunk } from '../../src/log/index.ts';
import { BlockAssembler } from '../../src/loop/index.ts';
import { DeepSeekStreamTranslator, SseDecoder, mapDeepSeekUsage, parseSse, serializeDeepSeekRequest, translateSse, type GenerateRequest } from '../../src/wire/index.ts';

const tool = { name: 'echo', description: 'Echo.', parameters: { type: 'object' } };
const msg = (role: 'user' | 'assistant', content: Message['content']): Message => ({ id: 'x', role, content, source: role === 'user' ? { kind: 'user' } : { kind: 'model', provider: 'p', model: 'm' } });

describe('serializeDeepSeekRequest (spec §8.1)', () => {
  it('writes the body of the spec example byte for byte', () => {
    const request: GenerateRequest = {
      provider: 'deepseek',
      model: 'deepseek-chat',
      reasoningEffort: 'high',
      temperature: 0.5,
      maxTokens: 99,
      stop: ['<END>'],
      system: 'SYS',
      tools: [tool],
      sessionId: 's-1',
      messages: [
        msg('user', [{ type: 'text', text: 'go!' }]),
        msg('assistant', [
          { type: 'reasoning', text: 'think' },
          { type: 'text', text: 'calling' },
          { type: 'tool-call', id: 'c1', name: 'echo', arguments: '{"text":"one"}' },
        ]),
        msg('user', [{ type: 'tool-result', toolCallId: 'c1', content: [], isError: false }]),
        msg('assistant', [{ type: 'reasoning', text: 'only reasoning' }]),
      ],
    };
    const wire = serializeDeepSeekRequest(request);
    expect(wire.body).toBe(
      '{"model":"deepseek-chat","messages":[{"role":"system","content":"SYS"},{"role":"user","content":"go!"},' +
        '{"role":"assistant","content":"calling","reasoning_content":"think","tool_calls":[{"id":"c1","type":"function","function":{"name":"echo","arguments":"{\\"text\\":\\"one\\"}"}}]},' +
        '{"role":"tool","tool_call_id":"c1","content":"(no output)"},{"role":"assistant","content":"","reasoning_content":"only reasoning"}],' +
        '"stream":true,"stream_options":{"include_usage":true},"thinking":{"type":"enabled"},"reasoning_effort":"high",' +
        '"tools":[{"type":"function","function":{"name":"echo","description":"Echo.","parameters":{"type":"object"}}}],"temperature":0.5,"max_tokens":99,"stop":["<END>"]}',
    );
    expect(wire.url).toBe('https://api.deepseek.com/chat/completions');
    expect(wire.headers).toEqual({ 'content-type': 'application/json', 'x-deepseek-harness-session-id': 's-1' });
  });

  it('maps efforts to thinking, omits absent fields, and sends an empty stop list', () => {
    const base = { provider: 'deepseek', model: 'm', messages: [] };
    const body = (r: Partial<GenerateRequest>, thinking?: 'enabled' | 'disabled') => JSON.parse(serializeDeepSeekRequest({ ...base, ...r }, thinking === undefined ? {} : { thinking }).body) as Record<string, unknown>;
    expect(body({ reasoningEffort: 'off' })).toMatchObject({ thinking: { type: 'disabled' } });
    expect(body({ reasoningEffort: 'off' })).not.toHaveProperty('reasoning_effort');
    expect(Object.keys(body({}))).toEqual(['model', 'messages', 'stream', 'stream_options']);
    expect(body({}, 'enabled')).toMatchObject({ thinking: { type: 'enabled' } });
    expect(body({ stop: [] })).toMatchObject({ stop: [] });
    expect(body({ tools: [] })).not.toHaveProperty('tools');
    expect(body({ purpose: 'session-title', reasoningEffort: 'max' })).toMatchObject({ thinking: { type: 'disabled' } });
    expect(serializeDeepSeekRequest({ ...base, purpose: 'compaction' }).headers['x-deepseek-harness-compact']).toBe('1');
  });

  it('refuses efforts DeepSeek does not take, and images on the text path', () => {
    const base = { provider: 'deepseek', model: 'm', messages: [] };
    expect(() => serializeDeepSeekRequest({ ...base, reasoningEffort: 'medium' })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_REASONING_EFFORT' }) as Error);
    expect(() => serializeDeepSeekRequest({ ...base, reasoningEffort: 'high' }, { thinking: 'disabled' })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_REASONING_EFFORT' }) as Error);
    const image = msg('user', [{ type: 'image', attachment: { attachmentId: 'sha256:x' } }]);
    expect(() => serializeDeepSeekRequest({ ...base, messages: [image] })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CONTENT' }) as Error);
  });

  it('sends each tool as name, description, parameters whatever its keys, and its parameters as logged, __proto__ included (spec WIRE-2.1)', () => {
    const logged = JSON.parse('{"parameters":{"properties":{"__proto__":{"type":"string"}},"type":"object","$schema":"x"},"strict":true,"name":"echo","description":"Echo."}') as typeof tool;
    const body = serializeDeepSeekRequest({ provider: 'deepseek', model: 'm', messages: [], tools: [logged], temperature: -0.5 }).body;
    expect(body).toContain('"tools":[{"type":"function","function":{"name":"echo","description":"Echo.","parameters":{"properties":{"__proto__":{"type":"string"}},"type":"object","$schema":"x"}}}],"temperature":-0.5}');
  });

  it('refuses a developer message rather than sending it as another role', () => {
    const developer: Message = { id: 'd', role: 'developer', content: [{ type: 'text', text: 'note' }], source: { kind: 'developer' } };
    expect(() => serializeDeepSeekRequest({ provider: 'deepseek', model: 'm', messages: [developer] })).toThrow(/UNSUPPORTED_CONTENT/);
  });

  it('writes user text before the tool messages of the same user message', () => {
    const mixed = msg('user', [
      { type: 'tool-result', toolCallId: 'a', content: [{ type: 'text', text: 'A' }] },
      { type: 'text', text: 'note' },
      { type: 'tool-result', toolCallId: 'b', content: [{ type: 'text', text: 'B' }] },
    ]);
    const body = JSON.parse(serializeDeepSeekRequest({ provider: 'p', model: 'm', messages: [mixed] }).body) as { messages: unknown[] };
    expect(body.messages).toEqual([
      { role: 'user', content: 'note' },
      { role: 'tool', tool_call_id: 'a', content: 'A' },
      { role: 'tool', tool_call_id: 'b', content: 'B' },
    ]);
  });
});

describe('mapDeepSeekUsage (spec §8.2)', () => {
  it('makes disjoint counts and keeps unreported fields absent', () => {
    expect(mapDeepSeekUsage({ prompt_tokens: 100, prompt_cache_hit_tokens: 64, completion_tokens: 20, completion_tokens_details: { reasoning_tokens: 5 } })).toEqual({
      inputTokens: 36,
      outputTokens: 20,
      cacheReadTokens: 64,
      reasoningTokens: 5,
    });
    expect(mapDeepSeekUsage({ prompt_tokens: 10, completion_tokens: 2 })).toEqual({ inputTokens: 10, outputTokens: 2 });
    expect(mapDeepSeekUsage({ prompt_tokens: 100, prompt_cache_hit_tokens: 64, prompt_tokens_details: { cached_tokens: 32 }, completion_tokens: 1 }).cacheReadTokens).toBe(32);
  });
});

// A DeepSeek stream in the shape the API sends: reasoning deltas (the first one empty),
// text, a tool call split over chunks, usage on the last chunk, then [DONE].
const STREAM = [
  { choices: [{ index: 0, delta: { role: 'assistant', content: null, reasoning_content: '' }, finish_reason: null }], usage: null },
  { choices: [{ index: 0, delta: { content: null, reasoning_content: 'Let me ' }, finish_reason: null }], usage: null },
  { choices: [{ index: 0, delta: { content: null, reasoning_content: 'think — é.' }, finish_reason: null }], usage: null },
  { choices: [{ index: 0, delta: { content: 'Calling.' }, finish_reason: null }], usage: null },
  { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_0', type: 'function', function: { name: 'echo', arguments: '' } }] }, finish_reason: null }], usage: null },
  { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"text":' } }] }, finish_reason: null }], usage: null },
  { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '"hi"}' } }] }, finish_reason: 'tool_calls' }], usage: { prompt_tokens: 333, completion_tokens: 58, prompt_cache_hit_tokens: 320, prompt_cache_miss_tokens: 13 } },
];
const SSE = STREAM.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n';

function translate(pieces: ReadonlyArray<string | Uint8Array>): StreamChunk[] {
  const decoder = new SseDecoder();
  const translator = new DeepSeekStreamTranslator();
  const out = pieces.flatMap((piece) => translateSse(translator, decoder.push(piece)));
  return [...out, ...translator.finish()];
}

describe('DeepSeek stream translation (spec §8.2)', () => {
  it('opens blocks in first-seen order, closes them at the end, then usage and finish', () => {
    const chunks = translate([SSE]);
    expect(chunks.filter((c) => c.type === 'block-start').map((c) => (c as { blockType: string }).blockType)).toEqual(['reasoning', 'text', 'tool-call']);
    expect(chunks.slice(-5)).toEqual([
      { type: 'block-end', index: 0, block: { type: 'reasoning', text: 'Let me think — é.' } },
      { type: 'block-end', index: 1, block: { type: 'text', text: 'Calling.' } },
      { type: 'block-end', index: 2, block: { type: 'tool-call', id: 'call_0', name: 'echo', arguments: '{"text":"hi"}' } },
      { type: 'usage', usage: { inputTokens: 13, outputTokens: 58, cacheReadTokens: 320 } },
      { type: 'finish', reason: { kind: 'tool-calls' } },
    ]);
    const assembler = new BlockAssembler();
    chunks.forEach((c) => assembler.push(c));
    expect(assembler.blocks().map((b) => b.type)).toEqual(['reasoning', 'text', 'tool-call']);
  });

  it('gives a tool call the last non-empty id and name its deltas carried (spec WIRE-5.2)', () => {
    const call = (id: unknown, name: unknown, args: string) => ({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, ...(id === undefined ? {} : { id }), function: { ...(name === undefined ? {} : { name }), arguments: args } }] }, finish_reason: null }] });
    const end = (deltas: object[]) => {
      const sse = [...deltas, { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }].map((d) => `data: ${JSON.stringify(d)}\n\n`).join('') + 'data: [DONE]\n\n';
      return translate([sse]).find((c) => c.type === 'block-end')?.block;
    };
    // Repeated on every delta (some servers), changed on a later one (the later wins, as rc.8), blank or null on continuations (DashScope): nothing changes.
    expect(end([call('call_0', 'echo', '{"a":'), call('call_0', 'echo', '1}')])).toEqual({ type: 'tool-call', id: 'call_0', name: 'echo', arguments: '{"a":1}' });
    expect(end([call('call_0', 'echo', '{"a":'), call('call_9', 'grep', '1}')])).toEqual({ type: 'tool-call', id: 'call_9', name: 'grep', arguments: '{"a":1}' });
    expect(end([call('call_0', 'echo', '{"a":'), call('', '', '1'), call(null, null, '}')])).toEqual({ type: 'tool-call', id: 'call_0', name: 'echo', arguments: '{"a":1}' });
    expect(end([call(undefined, undefined, '{}'), call('call_0', 'echo', '')])).toEqual({ type: 'tool-call', id: 'call_0', name: 'echo', arguments: '{}' });
  });

  it('is invariant under any re-chunking of the bytes, including inside UTF-8 sequences', () => {
    const bytes = new TextEncoder().encode(SSE);
    const whole = JSON.stringify(translate([bytes]));
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 40 }), (cuts) => {
        const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
        const pieces = points.slice(1).map((end, i) => bytes.subarray(points[i], end));
        expect(JSON.stringify(translate(pieces))).toBe(whole);
      }),
      { numRuns: 200 },
    );
  });

  it('maps finish reasons: stop, length, unknown, none, and an empty stop is an error', () => {
    const finish = (reason: string | null, content?: string) => {
      const t = new DeepSeekStreamTranslator();
      t.push({ choices: [{ delta: content === undefined ? {} : { content }, finish_reason: reason }] });
      return t.finish().at(-1);
    };
    expect(finish('stop', 'x')).toEqual({ type: 'finish', reason: { kind: 'stop' } });
    expect(finish('length', 'x')).toEqual({ type: 'finish', reason: { kind: 'max-tokens' } });
    expect(finish('content_filter', 'x')).toMatchObject({ reason: { kind: 'error', failure: { code: 'CONTENT_FILTER' } } });
    expect(finish('constructor', 'x')).toMatchObject({ reason: { kind: 'error', failure: { code: 'CONSTRUCTOR' } } });
    expect(finish(null, 'x')).toMatchObject({ reason: { kind: 'error', failure: { code: 'INCOMPLETE_STREAM' } } });
    expect(finish('stop')).toMatchObject({ reason: { kind: 'error', failure: { code: 'EMPTY_RESPONSE' } } });
  });

  it('does not dispatch a last event that lacks its closing blank line (the SSE standard)', () => {
    expect(parseSse(['data: a\n\ndata: b'])).toEqual([{ data: 'a' }]);
    expect(parseSse(['data: a\n\ndata: b\n'])).toEqual([{ data: 'a' }]);
    expect(parseSse(['data: a\n\ndata: b\r\n', '\r\n'])).toEqual([{ data: 'a' }, { data: 'b' }]);
  });
});
