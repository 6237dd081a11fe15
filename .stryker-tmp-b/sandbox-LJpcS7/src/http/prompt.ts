/**
 * The prompt a request sends, and the turn a response adds, as one provider-neutral list
 * of messages: the unit of prefix comparison for cache accounting. Two messages are equal
 * when they carry the same role, text, reasoning and tool calls, whatever the JSON
 * spelling; ids are left out because the providers' templates do not render them.
 *
 * What must be identical for any prefix to be shared at all, the model and the tool
 * definitions (rendered before the messages by OpenAI and DeepSeek), is the `head`.
 * Anthropic renders tools and system as cacheable blocks, so there they are messages too,
 * each block one message, with the breakpoints marked.
 */
// @ts-nocheck

import { isObject } from './_internals/json.ts';
import type { Api } from './endpoint.ts';
import type { ResponseBody } from './usage.ts';

export interface ToolCall {
  readonly name: string;
  readonly arguments: string;
}

export interface PromptMessage {
  readonly role: string;
  readonly content: string;
  readonly reasoning?: string;
  readonly toolCalls?: readonly ToolCall[];
}

export interface Prompt {
  readonly model: string | undefined;
  /** Model and tool definitions: a change here shares no prefix. */
  readonly head: string;
  readonly messages: readonly PromptMessage[];
  /** Anthropic: indices of messages (blocks) that carry a cache breakpoint, and of those asking for the one-hour lifetime. */
  readonly breakpoints: readonly number[];
  readonly hourLong: readonly number[];
}

type Json = Record<string, unknown>;

/** The comparable identity of a message. */
export const messageKey = (m: PromptMessage): string => JSON.stringify([m.role, m.reasoning ?? '', m.content, m.toolCalls ?? []]);

export function promptOf(api: Api, body: Json): Prompt {
  const model = typeof body['model'] === 'string' ? body['model'] : undefined;
  if (api === 'messages') return anthropicPrompt(model, body);
  const messages =
    api === 'chat'
      ? list(body['messages']).map(chatMessage)
      : [...(typeof body['instructions'] === 'string' ? [{ role: 'system', content: body['instructions'] }] : []), ...responsesInput(body['input'])];
  return { model, head: JSON.stringify([model, body['tools'] ?? null, body[api === 'chat' ? 'response_format' : 'text'] ?? null]), messages, breakpoints: [], hourLong: [] };
}

/** The assistant turn of a response, as the next request of an append-only loop replays it; empty for Anthropic, which caches no output. */
export function outputOf(api: Api, body: ResponseBody): PromptMessage[] {
  if (api === 'chat') {
    if (body.kind === 'json') return list(body.value['choices']).slice(0, 1).map((choice) => chatMessage(object(choice['message'])));
    return [assembleChatStream(body.events.map((e) => e.json))];
  }
  if (api === 'messages') return [];
  const response = body.kind === 'json' ? body.value : object(body.events.findLast((e) => e.json['type'] === 'response.completed')?.json['response']);
  return list(response['output']).map(responsesItem);
}

/** Whether a response ran server-side tools (Anthropic code execution, web search): its cache then holds prefixes HTTP never shows. */
export function usedServerTools(body: ResponseBody): boolean {
  return body.kind === 'json' && list(body.value['content']).some((block) => block['type'] === 'server_tool_use');
}

function chatMessage(m: Json): PromptMessage {
  const calls = list(m['tool_calls']).map((call) => {
    const fn = object(call['function']);
    return { name: String(fn['name'] ?? ''), arguments: String(fn['arguments'] ?? '') };
  });
  return shape(String(m['role']), text(m['content']), m['reasoning_content'], calls);
}

function assembleChatStream(chunks: readonly Json[]): PromptMessage {
  let content = '';
  let reasoning = '';
  const calls: Array<{ name: string; arguments: string }> = [];
  for (const chunk of chunks) {
    const delta = object(object(list(chunk['choices'])[0])['delta']);
    if (typeof delta['content'] === 'string') content += delta['content'];
    if (typeof delta['reasoning_content'] === 'string') reasoning += delta['reasoning_content'];
    for (const call of list(delta['tool_calls'])) {
      const index = typeof call['index'] === 'number' ? call['index'] : calls.length;
      const fn = object(call['function']);
      const target = (calls[index] ??= { name: '', arguments: '' });
      if (typeof fn['name'] === 'string') target.name += fn['name'];
      if (typeof fn['arguments'] === 'string') target.arguments += fn['arguments'];
    }
  }
  return shape('assistant', content, reasoning, calls);
}

function responsesInput(input: unknown): PromptMessage[] {
  return typeof input === 'string' ? [{ role: 'user', content: input }] : list(input).map(responsesItem);
}

function responsesItem(item: Json): PromptMessage {
  switch (item['type'] ?? 'message') {
    case 'message':
      return { role: String(item['role']), content: text(item['content']) };
    case 'reasoning': {
      const encrypted = item['encrypted_content'];
      return shape('assistant', '', typeof encrypted === 'string' ? encrypted : text(item['content']) || text(item['summary']), []);
    }
    case 'function_call':
      return shape('assistant', '', '', [{ name: String(item['name']), arguments: String(item['arguments']) }]);
    case 'function_call_output':
      return { role: 'tool', content: text(item['output']) };
    default: {
      const { id: _id, status: _status, ...rest } = item;
      return { role: String(item['type']), content: JSON.stringify(rest) };
    }
  }
}

function anthropicPrompt(model: string | undefined, body: Json): Prompt {
  const messages: PromptMessage[] = [];
  const breakpoints: number[] = [];
  const hourLong: number[] = [];
  const mark = (holder: Json, index: number) => {
    if (holder['cache_control'] === undefined) return;
    breakpoints.push(index);
    if (object(holder['cache_control'])['ttl'] === '1h') hourLong.push(index);
  };
  const add = (role: string, block: Json) => {
    const { cache_control: _, ...rest } = block;
    mark(block, messages.length);
    messages.push({ role, content: JSON.stringify(rest) });
  };
  for (const tool of list(body['tools'])) add('tool-definition', tool);
  const system = body['system'];
  for (const block of typeof system === 'string' ? [{ type: 'text', text: system }] : list(system)) add('system', block);
  for (const message of list(body['messages'])) {
    const content = message['content'];
    for (const block of typeof content === 'string' ? [{ type: 'text', text: content }] : list(content)) add(String(message['role']), block);
  }
  // Automatic caching: one top-level cache_control, applied to the last cacheable block.
  if (messages.length > 0) mark(body, messages.length - 1);
  const sorted = (indices: number[]) => [...new Set(indices)].sort((a, b) => a - b);
  return { model, head: JSON.stringify([model]), messages, breakpoints: sorted(breakpoints), hourLong: sorted(hourLong) };
}

function shape(role: string, content: string, reasoning: unknown, toolCalls: readonly ToolCall[]): PromptMessage {
  return {
    role,
    content,
    ...(typeof reasoning === 'string' && reasoning !== '' ? { reasoning } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
  };
}

/** The text of a content value: a string, or the text parts of a list (other parts as JSON). */
function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === null || content === undefined ? '' : JSON.stringify(content);
  return content.map((part: unknown) => (typeof part === 'object' && part !== null && typeof (part as Json)['text'] === 'string' ? (part as Json)['text'] : JSON.stringify(part))).join('');
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter((v): v is Json => typeof v === 'object' && v !== null) : [];
}

const object = (value: unknown): Json => (isObject(value) ? value : {});
