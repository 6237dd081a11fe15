/**
 * The OpenAI chat-completions request body. Same neutral request, same rule: the bytes
 * are a pure function of it, and a request that extends the previous one extends its body.
 */
import { ReconError } from '../../errors.ts';
import type { Message } from '../../log/index.ts';
import { chatCompletionsImageMessages, chatCompletionsMessages, chatCompletionsToolCall, chatCompletionsTools, joinText } from '../chat-completions-body.ts';
import { hasImage, imageStore, offloadOldestImages, type ImageWireOptions } from '../images.ts';
import type { GenerateRequest, WireRequest } from '../wire-request.ts';

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const EFFORTS: ReadonlySet<string> = new Set(['minimal', 'low', 'medium', 'high']);

export interface OpenAiWireOptions {
  readonly baseUrl?: string;
  /** The image path: `image_url` data-URL parts in user messages, a tool result's images in the user message after it. */
  readonly images?: ImageWireOptions;
}

export function serializeOpenAiRequest(request: GenerateRequest, options: OpenAiWireOptions = {}): WireRequest {
  const body: Record<string, unknown> = { model: request.model, messages: openAiMessages(request, options.images), stream: true, stream_options: { include_usage: true } };
  if (request.reasoningEffort !== undefined) {
    if (!EFFORTS.has(request.reasoningEffort)) throw new ReconError('UNSUPPORTED_REASONING_EFFORT', `OpenAI takes reasoning effort minimal, low, medium or high, not "${request.reasoningEffort}"`);
    body['reasoning_effort'] = request.reasoningEffort;
  }
  if (request.tools !== undefined && request.tools.length > 0) body['tools'] = chatCompletionsTools(request.tools);
  // An unset field is undefined here, which JSON.stringify leaves out.
  body['temperature'] = request.temperature;
  body['max_completion_tokens'] = request.maxTokens;
  body['stop'] = request.stop;
  // Routes requests of one session to the same cache shard: more reads, no effect on the bytes before it.
  body['prompt_cache_key'] = request.sessionId;
  return { method: 'POST', url: `${options.baseUrl ?? OPENAI_BASE_URL}/chat/completions`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

function openAiMessages(request: GenerateRequest, images: ImageWireOptions | undefined): object[] {
  if (!request.messages.some((m) => hasImage(m.content))) return chatCompletionsMessages(request, 'OpenAI', assistant);
  const store = imageStore(images, request, 'OpenAI');
  // imageStore refused a request with images and no image options.
  return chatCompletionsImageMessages(offloadOldestImages(request.messages, images!.maxRequestImageBytes), request.system, 'OpenAI', assistant, store);
}

function assistant(message: Message): object {
  const calls = message.content.filter((b) => b.type === 'tool-call').map(chatCompletionsToolCall);
  // OpenAI takes null content beside tool calls; reasoning is not sent back on this API. Any
  // other block (an image) is refused, never dropped: the request would hold less than the log.
  const content = joinText(message.content.filter((b) => b.type !== 'tool-call'), 'OpenAI');
  return calls.length > 0 ? { role: 'assistant', content: content === '' ? null : content, tool_calls: calls } : { role: 'assistant', content };
}
