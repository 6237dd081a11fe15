/**
 * The Anthropic messages request body, with one rolling cache breakpoint: the last
 * content block of the last message carries `cache_control`, so each request writes the
 * prefix the next one reads (tools and system come before the messages and are in it).
 */
import { ReconError } from '../../errors.ts';
import type { AttachmentStore } from '../../attachments/index.ts';
import type { ContentBlock, Message } from '../../log/index.ts';
import { hasImage, imageStore, offloadOldestImages, readImageBase64, type ImageWireOptions } from '../images.ts';
import type { GenerateRequest, WireRequest } from '../wire-request.ts';

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';
export const ANTHROPIC_VERSION = '2023-06-01';
/** Anthropic requires max_tokens; a request without one gets this. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

export interface AnthropicWireOptions {
  readonly baseUrl?: string;
  /** The image path: base64 `image` blocks in user turns, a tool result's images inside its `tool_result`. */
  readonly images?: ImageWireOptions;
}

type Block = Record<string, unknown>;
interface WireMessage {
  role: 'user' | 'assistant';
  content: Block[];
}

export function serializeAnthropicRequest(request: GenerateRequest, options: AnthropicWireOptions = {}): WireRequest {
  if (request.reasoningEffort !== undefined && request.reasoningEffort !== 'off') {
    // Thinking blocks must go back with their signatures, which the neutral log does not keep.
    throw new ReconError('UNSUPPORTED_REASONING_EFFORT', `the Anthropic path sends no extended thinking; effort "${request.reasoningEffort}" cannot be honoured`);
  }
  // A v4 developer message has no place on this wire: refused, never sent as a user turn, and before any read.
  if (request.messages.some((m) => m.role === 'developer')) unsupported('developer message');
  const withImages = request.messages.some((m) => hasImage(m.content));
  const store = withImages ? imageStore(options.images, request, 'Anthropic') : undefined;
  // imageStore refused a request with images and no image options.
  const messages = wireMessages(withImages ? offloadOldestImages(request.messages, options.images!.maxRequestImageBytes) : request.messages, store);
  const last = messages.at(-1)?.content.at(-1);
  if (last !== undefined) last['cache_control'] = { type: 'ephemeral' };
  const body: Record<string, unknown> = { model: request.model, max_tokens: request.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS };
  if (request.system !== undefined && request.system !== '') body['system'] = [{ type: 'text', text: request.system }];
  body['messages'] = messages;
  if (request.tools !== undefined && request.tools.length > 0) body['tools'] = request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
  // An unset field is undefined here, which JSON.stringify leaves out.
  body['temperature'] = request.temperature;
  body['stop_sequences'] = request.stop;
  body['stream'] = true;
  return {
    method: 'POST',
    url: `${options.baseUrl ?? ANTHROPIC_BASE_URL}/messages`,
    headers: { 'content-type': 'application/json', 'anthropic-version': ANTHROPIC_VERSION },
    body: JSON.stringify(body),
  };
}

/** Neutral messages → Anthropic's, consecutive same-role messages merged (tool results and the next prompt share a turn). */
function wireMessages(messages: readonly Message[], store: AttachmentStore | undefined): WireMessage[] {
  const out: WireMessage[] = [];
  for (const message of messages) {
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const blocks = message.content.flatMap((block) => wireBlocks(block, store));
    if (blocks.length === 0) continue;
    const previous = out.at(-1);
    if (previous?.role === role) previous.content.push(...blocks);
    else out.push({ role, content: blocks });
  }
  return out;
}

function wireBlocks(block: ContentBlock, store: AttachmentStore | undefined): Block[] {
  switch (block.type) {
    case 'image':
      return [imageBlock(store, block)];
    case 'text':
      return block.text === '' ? [] : [{ type: 'text', text: block.text }];
    case 'reasoning':
      return [];
    case 'tool-call':
      return [{ type: 'tool_use', id: block.id, name: block.name, input: toolInput(block.arguments) }];
    case 'tool-addition':
    case 'tool-removal':
      return unsupported(block.type);
    case 'tool-result': {
      if (hasImage(block.content)) {
        // Anthropic carries a tool's images inside its result, in order with its text.
        const content = block.content.flatMap((b): Block[] => (b.type === 'image' ? [imageBlock(store, b)] : b.type === 'text' ? (b.text === '' ? [] : [{ type: 'text', text: b.text }]) : b.type === 'reasoning' ? [] : unsupported(b.type)));
        return [{ type: 'tool_result', tool_use_id: block.toolCallId, content, ...(block.isError === true ? { is_error: true } : {}) }];
      }
      // A non-text output without a store is refused like any image on the text path, never dropped.
      const text = block.content.map((b) => (b.type === 'text' ? b.text : b.type === 'reasoning' ? '' : unsupported(b.type))).join('');
      return [{ type: 'tool_result', tool_use_id: block.toolCallId, content: [{ type: 'text', text: text === '' ? '(no output)' : text }], ...(block.isError === true ? { is_error: true } : {}) }];
    }
  }
}

/** An image as a base64 block; the store is there whenever the request holds an image (imageStore), else the image is refused. */
function imageBlock(store: AttachmentStore | undefined, block: Extract<ContentBlock, { type: 'image' }>): Block {
  const { mediaType, data } = readImageBase64(store ?? unsupported(block.type), block);
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data } };
}

function unsupported(type: string): never {
  throw new ReconError('UNSUPPORTED_CONTENT', `the Anthropic text path cannot carry a "${type}" block`);
}

function toolInput(argumentsJson: string): unknown {
  try {
    const value: unknown = JSON.parse(argumentsJson === '' ? '{}' : argumentsJson);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value;
  } catch {
    // Falls through to the refusal below.
  }
  throw new ReconError('UNSUPPORTED_CONTENT', `tool-call arguments must be a JSON object for Anthropic, got ${JSON.stringify(argumentsJson.slice(0, 60))}`);
}
