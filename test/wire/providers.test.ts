import { describe, expect, it } from 'vitest';
import type { Message, StreamChunk } from '../../src/log/index.ts';
import { WIRE_FORMATS, parseSse, serializeAnthropicRequest, serializeOpenAiRequest, translateSse, type GenerateRequest } from '../../src/wire/index.ts';

const user = (text: string): Message => ({ id: 'u', role: 'user', content: [{ type: 'text', text }], source: { kind: 'user' } });
const call: Message = { id: 'a', role: 'assistant', content: [{ type: 'reasoning', text: 'hm' }, { type: 'tool-call', id: 'c1', name: 'read', arguments: '{"path":"a"}' }], source: { kind: 'model', provider: 'p', model: 'm' } };
const result: Message = { id: 't', role: 'user', content: [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'data' }], isError: false }], source: { kind: 'tool', callId: 'c1' } };
const tool = { name: 'read', description: 'Read.', parameters: { type: 'object' } };
const request: GenerateRequest = { provider: 'x', model: 'm', maxTokens: 100, system: 'SYS', tools: [tool], sessionId: 's', messages: [user('go'), call, result, user('next')] };

function translate(provider: keyof typeof WIRE_FORMATS, body: string): StreamChunk[] {
  const t = WIRE_FORMATS[provider].translator();
  return [...translateSse(t, parseSse([body])), ...t.finish()];
}

describe('OpenAI chat completions', () => {
  it('writes tool calls with null content, tool messages, max_completion_tokens and the session as prompt_cache_key', () => {
    const body = JSON.parse(serializeOpenAiRequest(request).body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['model', 'messages', 'stream', 'stream_options', 'tools', 'max_completion_tokens', 'prompt_cache_key']);
    expect(body['messages']).toEqual([
      { role: 'system', content: 'SYS' },
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read', arguments: '{"path":"a"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'data' },
      { role: 'user', content: 'next' },
    ]);
    expect(body['prompt_cache_key']).toBe('s');
  });

  it('maps usage with cached and written tokens to disjoint counts', () => {
    const sse = [
      { choices: [{ index: 0, delta: { content: 'Hi' }, finish_reason: null }] },
      { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
      { choices: [], usage: { prompt_tokens: 4020, completion_tokens: 4, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 4012 } } },
    ]
      .map((c) => `data: ${JSON.stringify(c)}\n\n`)
      .join('');
    const chunks = translate('openai', `${sse}data: [DONE]\n\n`);
    expect(chunks.at(-2)).toEqual({ type: 'usage', usage: { inputTokens: 8, outputTokens: 4, cacheReadTokens: 0, cacheWriteTokens: 4012 } });
    expect(chunks.at(-1)).toEqual({ type: 'finish', reason: { kind: 'stop' } });
  });
});

describe('Anthropic messages', () => {
  it('merges turns, drops unsigned reasoning, parses tool input and puts one breakpoint on the last block', () => {
    const body = JSON.parse(serializeAnthropicRequest(request).body) as { messages: Array<{ role: string; content: Array<Record<string, unknown>> }>; system: unknown; tools: unknown };
    expect(body.system).toEqual([{ type: 'text', text: 'SYS' }]);
    expect(body.tools).toEqual([{ name: 'read', description: 'Read.', input_schema: { type: 'object' } }]);
    expect(body.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(body.messages[1]!.content).toEqual([{ type: 'tool_use', id: 'c1', name: 'read', input: { path: 'a' } }]);
    expect(body.messages[2]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: 'data' }] },
      { type: 'text', text: 'next', cache_control: { type: 'ephemeral' } },
    ]);
    expect(JSON.stringify(body).match(/cache_control/g)).toHaveLength(1);
  });

  it('refuses thinking it cannot send back, and tool arguments that are not an object', () => {
    expect(() => serializeAnthropicRequest({ ...request, reasoningEffort: 'high' })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_REASONING_EFFORT' }) as Error);
    const bad: Message = { ...call, content: [{ type: 'tool-call', id: 'c', name: 'n', arguments: '[1]' }] };
    expect(() => serializeAnthropicRequest({ ...request, messages: [bad] })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_CONTENT' }) as Error);
  });

  it('translates the named events, with the cache fields and the final output count', () => {
    const events = [
      ['message_start', { type: 'message_start', message: { usage: { input_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: 1165, output_tokens: 1 } } }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hel' } }],
      ['ping', { type: 'ping' }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'lo' } }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'tu', name: 'read', input: {} } }],
      ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"path":' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"a"}' } }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 221 } }],
      ['message_stop', { type: 'message_stop' }],
    ] as const;
    const body = events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
    const chunks = translate('anthropic', body);
    expect(chunks.slice(-4)).toEqual([
      { type: 'block-end', index: 0, block: { type: 'text', text: 'Hello' } },
      { type: 'block-end', index: 1, block: { type: 'tool-call', id: 'tu', name: 'read', arguments: '{"path":"a"}' } },
      { type: 'usage', usage: { inputTokens: 4, outputTokens: 221, cacheReadTokens: 1165, cacheWriteTokens: 0 } },
      { type: 'finish', reason: { kind: 'tool-calls' } },
    ]);
  });

  it('keeps message_start counts that a message_delta restates as null', () => {
    const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    const chunks = translate(
      'anthropic',
      sse(
        { type: 'message_start', message: { usage: { input_tokens: 12, cache_read_input_tokens: 2048, cache_creation_input_tokens: 0, output_tokens: 1 } } },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'x' } },
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { input_tokens: null, cache_read_input_tokens: null, output_tokens: 7 } },
      ),
    );
    expect(chunks.at(-2)).toEqual({ type: 'usage', usage: { inputTokens: 12, outputTokens: 7, cacheReadTokens: 2048, cacheWriteTokens: 0 } });
  });

  it('maps stop reasons: max_tokens, none, an empty end_turn, and an error event wins', () => {
    const sse = (...events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    const text = [{ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'x' } }];
    const stop = (stop_reason: string) => ({ type: 'message_delta', delta: { stop_reason } });
    expect(translate('anthropic', sse(...text, stop('max_tokens'))).at(-1)).toEqual({ type: 'finish', reason: { kind: 'max-tokens' } });
    expect(translate('anthropic', sse(...text, stop('stop_sequence'))).at(-1)).toEqual({ type: 'finish', reason: { kind: 'stop' } });
    expect(translate('anthropic', sse(...text)).at(-1)).toMatchObject({ reason: { kind: 'error', failure: { code: 'INCOMPLETE_STREAM' } } });
    expect(translate('anthropic', sse(stop('end_turn'))).at(-1)).toMatchObject({ reason: { kind: 'error', failure: { code: 'EMPTY_RESPONSE' } } });
    expect(translate('anthropic', sse(...text, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, stop('end_turn'))).at(-1)).toEqual({
      type: 'finish',
      reason: { kind: 'error', failure: { message: 'Overloaded', code: 'OVERLOADED_ERROR' } },
    });
  });
});

describe('stream payloads of another shape', () => {
  // What a provider did not send in its format's shape is read as not sent: no chunk, no crash.
  const malformed: unknown[] = [null, 'text', 7, [], { usage: 5, choices: 'x' }, { choices: [null] }, { choices: [{ delta: { content: 5, reasoning_content: [], tool_calls: 'ab' } }] }, { choices: [{ delta: { tool_calls: [null, { function: 'f' }] } }] }];
  const anthropic: unknown[] = [null, { type: 'content_block_start', index: '0', content_block: { type: 'text' } }, { type: 'content_block_delta', index: 0, delta: 'x' }, { type: 'message_delta', delta: { stop_reason: 5 } }, { type: 'error', error: { type: 5 } }];

  it.each(['deepseek', 'openai'] as const)('%s: a malformed payload adds nothing, and a tool call without fields is an empty call', (provider) => {
    const translator = WIRE_FORMATS[provider].translator();
    expect(malformed.slice(0, -1).flatMap((payload) => translator.push(payload))).toEqual([]);
    expect(translator.push(malformed.at(-1))).toEqual([
      { type: 'block-start', index: 0, blockType: 'tool-call' },
      { type: 'tool-call-delta', index: 0, id: '', argumentsDelta: '' },
    ]);
  });

  it('anthropic: a malformed event adds nothing; an error without a string type is coded ERROR', () => {
    const translator = WIRE_FORMATS.anthropic.translator();
    expect(anthropic.flatMap((payload) => translator.push(payload))).toEqual([]);
    expect(translator.finish()).toEqual([{ type: 'finish', reason: { kind: 'error', failure: { message: 'the stream reported an error', code: 'ERROR' } } }]);
  });
});
