/** The DeepSeek chat-completions request body (spec §8.1). */
import { ReconError } from '../../errors.ts';
import type { Message } from '../../log/index.ts';
import { chatCompletionsImageMessages, chatCompletionsMessages, chatCompletionsToolCall, chatCompletionsTools, unsupported } from '../chat-completions-body.ts';
import { DEEPSEEK_MAX_REQUEST_IMAGE_BYTES, hasImage, imageStore, offloadOldestImages, type ImageWireOptions } from '../images.ts';
import type { GenerateRequest, WireRequest } from '../wire-request.ts';

export const DEEPSEEK_BASE_URL = 'https://api.deepseek.com';
export const DEEPSEEK_EFFORTS: ReadonlySet<string> = new Set(['off', 'low', 'high', 'max']);

export interface DeepSeekWireOptions {
  readonly baseUrl?: string;
  /** The deployment's thinking default, used when the request names no effort. */
  readonly thinking?: 'enabled' | 'disabled';
  /** The image path: the store, the models that take images, the offload bound (default 20 MiB of base64). */
  readonly images?: ImageWireOptions;
}

export function serializeDeepSeekRequest(request: GenerateRequest, options: DeepSeekWireOptions = {}): WireRequest {
  // Key order is part of the bytes: model, messages, stream, stream_options, thinking,
  // reasoning_effort, tools, temperature, max_tokens, stop. Absent fields are omitted, never null.
  const body: Record<string, unknown> = { model: request.model, messages: deepSeekMessages(request, options.images) };
  body['stream'] = true;
  body['stream_options'] = { include_usage: true };
  const thinking = resolveThinking(request, options);
  if (thinking !== undefined) body['thinking'] = { type: thinking.type };
  if (thinking?.effort !== undefined) body['reasoning_effort'] = thinking.effort;
  if (request.tools !== undefined && request.tools.length > 0) body['tools'] = chatCompletionsTools(request.tools);
  // An unset field is undefined here, which JSON.stringify leaves out.
  body['temperature'] = request.temperature;
  body['max_tokens'] = request.maxTokens;
  body['stop'] = request.stop;

  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (request.sessionId !== undefined) headers['x-deepseek-harness-session-id'] = request.sessionId;
  if (request.purpose === 'compaction') headers['x-deepseek-harness-compact'] = '1';
  return { method: 'POST', url: `${options.baseUrl ?? DEEPSEEK_BASE_URL}/chat/completions`, headers, body: JSON.stringify(body) };
}

/** The text path, or (when a message holds an image) rc.8's image path: gate, offload of the oldest, then verified reads. */
function deepSeekMessages(request: GenerateRequest, images: ImageWireOptions | undefined): object[] {
  if (!request.messages.some((m) => hasImage(m.content))) return chatCompletionsMessages(request, 'DeepSeek', assistantMessage);
  const store = imageStore(images, request, 'DeepSeek');
  // imageStore refused a request with images and no image options.
  const messages = offloadOldestImages(request.messages, images!.maxRequestImageBytes ?? DEEPSEEK_MAX_REQUEST_IMAGE_BYTES);
  return chatCompletionsImageMessages(messages, request.system, 'DeepSeek', assistantMessage, store);
}

function resolveThinking(request: GenerateRequest, options: DeepSeekWireOptions): { type: 'enabled' | 'disabled'; effort?: string } | undefined {
  if (request.purpose === 'session-title') return { type: 'disabled' };
  const effort = request.reasoningEffort;
  if (effort === undefined) return options.thinking === undefined ? undefined : { type: options.thinking };
  if (!DEEPSEEK_EFFORTS.has(effort)) {
    throw new ReconError('UNSUPPORTED_REASONING_EFFORT', `DeepSeek takes reasoning effort off, low, high or max, not "${effort}"`);
  }
  if (effort === 'off') return { type: 'disabled' };
  if (options.thinking === 'disabled') {
    throw new ReconError('UNSUPPORTED_REASONING_EFFORT', `this deployment disables thinking, so effort "${effort}" cannot be sent`);
  }
  return { type: 'enabled', effort };
}

function assistantMessage(message: Message): object {
  let content = '';
  let reasoning = '';
  const calls: object[] = [];
  for (const block of message.content) {
    if (block.type === 'text') content += block.text;
    else if (block.type === 'reasoning') reasoning += block.text;
    else if (block.type === 'tool-call') calls.push(chatCompletionsToolCall(block));
    else unsupported(block, 'DeepSeek');
  }
  // content is always a string, "" without text: DeepSeek rejects null here.
  return { role: 'assistant', content, ...(reasoning === '' ? {} : { reasoning_content: reasoning }), ...(calls.length === 0 ? {} : { tool_calls: calls }) };
}
