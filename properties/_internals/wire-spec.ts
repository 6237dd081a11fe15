/**
 * The wire bodies as the specs state them, written out plainly and on their own: DeepSeek
 * from spec §8.1, OpenAI chat completions and Anthropic messages from the providers'
 * documented request shapes with the rules this project chose for them (docs/PROTOCOL.md,
 * src/wire). Nothing here calls src/wire: a bug there is not mirrored here. Each returns
 * the exact request, or the code a conforming serializer refuses the request with.
 */
import type { ContentBlock, Message } from '../../src/log/index.ts';
import type { GenerateRequest, WireRequest } from '../../src/wire/index.ts';

/**
 * What the image path knows (dsh-eras §6.2): the objects by attachment id as base64, the
 * outcome of reading each (`ok`, or the store code the generator's fault gives), and the
 * offload bound on the base64 length of the request's images. Absent: the model takes no
 * images, and an image anywhere is UNSUPPORTED_CONTENT.
 */
export interface SpecImages {
  readonly objects: Readonly<Record<string, string>>;
  readonly reads: Readonly<Record<string, string>>;
  readonly maxRequestImageBytes?: number;
}

type Image = Extract<ContentBlock, { type: 'image' }>;

const idOf = (b: Image) => String(b.attachment['attachmentId']);

/** The base64 of an image as the store would verify it, or its read's code. */
function read(images: SpecImages, b: Image): string {
  const outcome = images.reads[idOf(b)] ?? 'ATTACHMENT_NOT_FOUND';
  if (outcome !== 'ok') refuse(outcome);
  return images.objects[idOf(b)]!;
}

const containsImage = (blocks: readonly ContentBlock[]): boolean => blocks.some((b) => b.type === 'image' || (b.type === 'tool-result' && containsImage(b.content)));

const OFFLOADED = '[image omitted to keep the request within its image limit; older images are omitted first. If this image is still needed, read its file again when a path is available; otherwise ask the user to attach it again.]';

/** The base64 length an image counts for: from its recorded size, 0 when it records none that is a positive number (its read refuses it, unless it is offloaded first). */
const base64Size = (b: Image): number => {
  const bytes = b.attachment['bytes'];
  return typeof bytes === 'number' && bytes > 0 ? Math.ceil(bytes / 3) * 4 : 0;
};

/** The messages with the oldest images turned into the offload text until the rest fit the bound (base64 lengths from the recorded sizes). */
function offloaded(messages: readonly Message[], bound: number | undefined): readonly Message[] {
  if (bound === undefined) return messages;
  const sizes: number[] = [];
  const walk = (blocks: readonly ContentBlock[]) => blocks.forEach((b) => (b.type === 'image' ? sizes.push(base64Size(b)) : b.type === 'tool-result' ? walk(b.content) : undefined));
  messages.forEach((m) => walk(m.content));
  let total = sizes.reduce((a, b) => a + b, 0);
  let drop = 0;
  while (drop < sizes.length && total > bound) total -= sizes[drop++]!;
  const swap = (blocks: readonly ContentBlock[]): ContentBlock[] =>
    blocks.map((b): ContentBlock => {
      if (b.type === 'image' && drop > 0) {
        drop--;
        return { type: 'text', text: OFFLOADED };
      }
      return b.type === 'tool-result' ? { ...b, content: swap(b.content) } : b;
    });
  return messages.map((m) => ({ ...m, content: swap(m.content) }));
}

/** The image gate: images only with a store and a model that takes them, and only in user-role messages. */
function imageMessages(request: GenerateRequest, images: SpecImages | undefined, bound: number | undefined): readonly Message[] | undefined {
  if (!request.messages.some((m) => containsImage(m.content))) return undefined;
  if (images === undefined) refuse('UNSUPPORTED_CONTENT');
  if (request.messages.some((m) => m.role !== 'user' && containsImage(m.content))) refuse('UNSUPPORTED_CONTENT');
  return offloaded(request.messages, bound);
}

export type SpecWire = { readonly ok: true; readonly wire: WireRequest } | { readonly ok: false; readonly code: string };

class Refused extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const refuse = (code: string): never => {
  throw new Refused(code);
};

function attempt(build: () => WireRequest): SpecWire {
  try {
    return { ok: true, wire: build() };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, code: error.code };
    throw error;
  }
}

/** Text blocks joined with ""; reasoning is left out; any other block cannot travel as text. */
function textOf(blocks: readonly ContentBlock[]): string {
  let text = '';
  for (const b of blocks) {
    if (b.type === 'text') text += b.text;
    else if (b.type !== 'reasoning') refuse('UNSUPPORTED_CONTENT');
  }
  return text;
}

function toolCall(b: Extract<ContentBlock, { type: 'tool-call' }>): object {
  return { id: b.id, type: 'function', function: { name: b.name, arguments: b.arguments } };
}

/**
 * Chat-completions messages (spec §8.1 items 1–4): system first when defined; a user
 * message's text when non-empty or when it has no tool result, then one `tool` message
 * per result; a system-role history message flattened to text.
 */
function chatMessages(request: GenerateRequest, assistant: (m: Message) => object, images?: SpecImages, defaultBound?: number): object[] {
  refuseDeveloper(request);
  const withImages = imageMessages(request, images, images?.maxRequestImageBytes ?? defaultBound);
  if (withImages !== undefined) return chatImageMessages(request.system, withImages, assistant, images!);
  const out: object[] = [];
  if (request.system !== undefined) out.push({ role: 'system', content: request.system });
  for (const m of request.messages) {
    if (m.role === 'assistant') {
      out.push(assistant(m));
      continue;
    }
    if (m.role === 'system') {
      out.push({ role: 'system', content: textOf(m.content) });
      continue;
    }
    const results = m.content.filter((b): b is Extract<ContentBlock, { type: 'tool-result' }> => b.type === 'tool-result');
    const text = textOf(m.content.filter((b) => b.type !== 'tool-result'));
    if (text !== '' || results.length === 0) out.push({ role: 'user', content: text });
    for (const r of results) {
      const output = textOf(r.content);
      out.push({ role: 'tool', tool_call_id: r.toolCallId, content: output === '' ? '(no output)' : output });
    }
  }
  return out;
}

/**
 * The image path of chat completions (dsh-eras §6.2): a user message with an image is a
 * list of parts (non-empty text, `image_url` data URLs), otherwise its joined text; a tool
 * message keeps the text (or `(see attached image)`, or `(no output)`), and the images of
 * the tool results before the next other message follow them in one user message.
 */
function chatImageMessages(system: string | undefined, messages: readonly Message[], assistant: (m: Message) => object, images: SpecImages): object[] {
  const out: object[] = [];
  if (system !== undefined) out.push({ role: 'system', content: system });
  let held: object[] = [];
  const release = () => {
    if (held.length > 0) out.push({ role: 'user', content: [{ type: 'text', text: 'Attached image(s) from tool result:' }, ...held] });
    held = [];
  };
  const parts = (blocks: readonly ContentBlock[]): Array<{ type: string; text?: string }> =>
    blocks.flatMap((b): Array<{ type: string; text?: string }> => {
      if (b.type === 'text') return b.text === '' ? [] : [{ type: 'text', text: b.text }];
      if (b.type === 'image') return [{ type: 'image_url', image_url: { url: `data:${String(b.attachment['mediaType'])};base64,${read(images, b)}` } } as { type: string }];
      if (b.type === 'tool-result') return parts(b.content);
      return b.type === 'reasoning' ? [] : refuse('UNSUPPORTED_CONTENT');
    });
  for (const m of messages) {
    if (m.role === 'system') {
      release();
      out.push({ role: 'system', content: textOf(m.content) });
      continue;
    }
    if (m.role === 'assistant') {
      release();
      out.push(assistant(m));
      continue;
    }
    const results = m.content.filter((b): b is Extract<ContentBlock, { type: 'tool-result' }> => b.type === 'tool-result');
    const own = parts(m.content.filter((b) => b.type !== 'tool-result'));
    const content = own.some((p) => p.type === 'image_url') ? own : own.map((p) => p.text).join('');
    if (content.length > 0 || results.length === 0) {
      release();
      out.push({ role: 'user', content });
    }
    for (const r of results) {
      const got = parts(r.content);
      const pictures = got.filter((p) => p.type === 'image_url');
      const text = got.filter((p) => p.type === 'text').map((p) => p.text).join('');
      out.push({ role: 'tool', tool_call_id: r.toolCallId, content: text !== '' ? text : pictures.length > 0 ? '(see attached image)' : '(no output)' });
      held.push(...pictures);
    }
  }
  release();
  return out;
}

/** A v4 developer message has no place on any of these wires (spec WIRE-2.3, WIRE-4.1): refused, never sent as another role. */
function refuseDeveloper(request: GenerateRequest): void {
  if (request.messages.some((m) => m.role === 'developer')) refuse('UNSUPPORTED_CONTENT');
}

/** Each tool as the spec builds it (WIRE-2.1): its name, description and parameters in that order, nothing else; the parameters as given. */
const functions = (request: GenerateRequest) => request.tools!.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
const hasTools = (request: GenerateRequest) => request.tools !== undefined && request.tools.length > 0;

/** DeepSeek (spec §8.1), with no deployment thinking default. */
export function specDeepSeekWire(request: GenerateRequest, images?: SpecImages): SpecWire {
  return attempt(() => {
    // DeepSeek's bound by default: 20 MiB of base64 (rc.8 DEFAULT_MAX_REQUEST_IMAGE_BYTES).
    const messages = chatMessages(request, (m) => {
      let content = '';
      let reasoning = '';
      const calls: object[] = [];
      for (const b of m.content) {
        if (b.type === 'text') content += b.text;
        else if (b.type === 'reasoning') reasoning += b.text;
        else if (b.type === 'tool-call') calls.push(toolCall(b));
        else refuse('UNSUPPORTED_CONTENT');
      }
      const message: Record<string, unknown> = { role: 'assistant', content };
      if (reasoning !== '') message['reasoning_content'] = reasoning;
      if (calls.length > 0) message['tool_calls'] = calls;
      return message;
    }, images, 20 * 1024 * 1024);
    const body: Record<string, unknown> = { model: request.model, messages, stream: true, stream_options: { include_usage: true } };
    const effort = request.reasoningEffort;
    if (request.purpose === 'session-title') body['thinking'] = { type: 'disabled' };
    else if (effort !== undefined) {
      if (!['off', 'low', 'high', 'max'].includes(effort)) refuse('UNSUPPORTED_REASONING_EFFORT');
      if (effort === 'off') body['thinking'] = { type: 'disabled' };
      else {
        body['thinking'] = { type: 'enabled' };
        body['reasoning_effort'] = effort;
      }
    }
    if (hasTools(request)) body['tools'] = functions(request);
    if (request.temperature !== undefined) body['temperature'] = request.temperature;
    if (request.maxTokens !== undefined) body['max_tokens'] = request.maxTokens;
    if (request.stop !== undefined) body['stop'] = request.stop;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (request.sessionId !== undefined) headers['x-deepseek-harness-session-id'] = request.sessionId;
    if (request.purpose === 'compaction') headers['x-deepseek-harness-compact'] = '1';
    return { method: 'POST', url: 'https://api.deepseek.com/chat/completions', headers, body: JSON.stringify(body) };
  });
}

/**
 * OpenAI chat completions: the same message list, reasoning not sent back, no image on
 * this path (as for DeepSeek, spec §8.1 item 4), an assistant
 * message with tool calls has content null when it has no text; `max_completion_tokens`;
 * efforts minimal, low, medium, high; the session id as `prompt_cache_key`, last.
 */
export function specOpenAiWire(request: GenerateRequest, images?: SpecImages): SpecWire {
  return attempt(() => {
    const messages = chatMessages(request, (m) => {
      const content = textOf(m.content.filter((b) => b.type !== 'tool-call'));
      const calls = m.content.filter((b): b is Extract<ContentBlock, { type: 'tool-call' }> => b.type === 'tool-call').map(toolCall);
      if (calls.length === 0) return { role: 'assistant', content };
      return { role: 'assistant', content: content === '' ? null : content, tool_calls: calls };
    }, images);
    const body: Record<string, unknown> = { model: request.model, messages, stream: true, stream_options: { include_usage: true } };
    if (request.reasoningEffort !== undefined) {
      if (!['minimal', 'low', 'medium', 'high'].includes(request.reasoningEffort)) refuse('UNSUPPORTED_REASONING_EFFORT');
      body['reasoning_effort'] = request.reasoningEffort;
    }
    if (hasTools(request)) body['tools'] = functions(request);
    if (request.temperature !== undefined) body['temperature'] = request.temperature;
    if (request.maxTokens !== undefined) body['max_completion_tokens'] = request.maxTokens;
    if (request.stop !== undefined) body['stop'] = request.stop;
    if (request.sessionId !== undefined) body['prompt_cache_key'] = request.sessionId;
    return { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  });
}

/**
 * Anthropic messages: system as one text block when non-empty; user and system-role
 * messages as `user`, consecutive same-role messages merged; empty text and reasoning
 * left out; tool calls as `tool_use` with their arguments as an object; tool results as
 * `tool_result` (`is_error` only when true); no image anywhere (the text path has none, and
 * dropping one would send less than the log holds); one `cache_control` breakpoint on the last
 * block; `max_tokens` always (4096 by default); no extended thinking, so any effort but
 * `off` is refused.
 */
export function specAnthropicWire(request: GenerateRequest, images?: SpecImages): SpecWire {
  return attempt(() => {
    if (request.reasoningEffort !== undefined && request.reasoningEffort !== 'off') refuse('UNSUPPORTED_REASONING_EFFORT');
    refuseDeveloper(request);
    const withImages = imageMessages(request, images, images?.maxRequestImageBytes);
    const picture = (b: Image) => ({ type: 'image', source: { type: 'base64', media_type: String(b.attachment['mediaType']), data: read(images!, b) } });
    const messages: Array<{ role: string; content: Array<Record<string, unknown>> }> = [];
    for (const m of withImages ?? request.messages) {
      const role = m.role === 'assistant' ? 'assistant' : 'user';
      const blocks: Array<Record<string, unknown>> = [];
      for (const b of m.content) {
        if (b.type === 'text') {
          if (b.text !== '') blocks.push({ type: 'text', text: b.text });
        } else if (b.type === 'reasoning') continue;
        else if (b.type === 'tool-call') blocks.push({ type: 'tool_use', id: b.id, name: b.name, input: objectOf(b.arguments) });
        else if (b.type === 'image' && withImages !== undefined) blocks.push(picture(b));
        else if (b.type === 'tool-result' && withImages !== undefined && containsImage(b.content)) {
          // With images, a tool's result holds its text and images in order.
          const content = b.content.flatMap((c): Array<Record<string, unknown>> => (c.type === 'text' ? (c.text === '' ? [] : [{ type: 'text', text: c.text }]) : c.type === 'image' ? [picture(c)] : c.type === 'reasoning' ? [] : refuse('UNSUPPORTED_CONTENT')));
          const result: Record<string, unknown> = { type: 'tool_result', tool_use_id: b.toolCallId, content };
          if (b.isError === true) result['is_error'] = true;
          blocks.push(result);
        } else if (b.type === 'tool-result') {
          const output = textOf(b.content);
          const result: Record<string, unknown> = { type: 'tool_result', tool_use_id: b.toolCallId, content: [{ type: 'text', text: output === '' ? '(no output)' : output }] };
          if (b.isError === true) result['is_error'] = true;
          blocks.push(result);
        } else refuse('UNSUPPORTED_CONTENT');
      }
      if (blocks.length === 0) continue;
      const last = messages[messages.length - 1];
      if (last !== undefined && last.role === role) last.content.push(...blocks);
      else messages.push({ role, content: blocks });
    }
    const lastMessage = messages[messages.length - 1];
    if (lastMessage !== undefined) lastMessage.content[lastMessage.content.length - 1]!['cache_control'] = { type: 'ephemeral' };
    const body: Record<string, unknown> = { model: request.model, max_tokens: request.maxTokens ?? 4096 };
    if (request.system !== undefined && request.system !== '') body['system'] = [{ type: 'text', text: request.system }];
    body['messages'] = messages;
    if (hasTools(request)) body['tools'] = request.tools!.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
    if (request.temperature !== undefined) body['temperature'] = request.temperature;
    if (request.stop !== undefined) body['stop_sequences'] = request.stop;
    body['stream'] = true;
    return { method: 'POST', url: 'https://api.anthropic.com/v1/messages', headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }, body: JSON.stringify(body) };
  });
}

/** Tool-call arguments as the object Anthropic takes; "" is the empty object, anything but a JSON object is refused. */
function objectOf(argumentsText: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(argumentsText === '' ? '{}' : argumentsText);
  } catch {
    return refuse('UNSUPPORTED_CONTENT');
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : refuse('UNSUPPORTED_CONTENT');
}

export const SPEC_WIRE = { deepseek: specDeepSeekWire, openai: specOpenAiWire, anthropic: specAnthropicWire } as const;
