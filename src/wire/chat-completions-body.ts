/**
 * The parts of a chat-completions body DeepSeek's and OpenAI's share: the message list
 * (the system prompt first, user text, then one `tool` message per tool result; only the
 * assistant message differs by provider), tools as functions, and tool calls.
 */
import type { AttachmentStore } from '../attachments/index.ts';
import { ReconError } from '../errors.ts';
import type { ContentBlock, Message, ToolSpec } from '../log/index.ts';
import { readImageBase64 } from './images.ts';
import type { GenerateRequest } from './wire-request.ts';

/** The text that opens the user message carrying the images of the tool results before it (rc.8). */
export const TOOL_RESULT_IMAGES_TEXT = 'Attached image(s) from tool result:';

export function chatCompletionsMessages(request: GenerateRequest, provider: string, assistant: (message: Message) => object): object[] {
  const out: object[] = [];
  if (request.system !== undefined) out.push({ role: 'system', content: request.system });
  for (const message of request.messages) {
    // A v4 developer message has no place on this wire: refused, never sent as a user turn.
    if (message.role === 'developer') throw new ReconError('UNSUPPORTED_CONTENT', `the ${provider} path cannot carry a developer message`);
    if (message.role === 'assistant') out.push(assistant(message));
    else if (message.role === 'system') out.push({ role: 'system', content: joinText(message.content, provider) });
    else {
      const results = message.content.filter((block) => block.type === 'tool-result');
      const text = joinText(message.content.filter((block) => block.type !== 'tool-result'), provider);
      if (text !== '' || results.length === 0) out.push({ role: 'user', content: text });
      for (const block of results) out.push({ role: 'tool', tool_call_id: block.toolCallId, content: joinText(block.content, provider) || '(no output)' });
    }
  }
  return out;
}

export function chatCompletionsTools(tools: readonly ToolSpec[]): object[] {
  return tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
}

/** A tool-call block as an entry of an assistant message's `tool_calls`. */
export function chatCompletionsToolCall(block: Extract<ContentBlock, { type: 'tool-call' }>): object {
  return { id: block.id, type: 'function', function: { name: block.name, arguments: block.arguments } };
}

/** The text blocks joined with "" (reasoning is not re-sent); anything else cannot travel on this path. */
export function joinText(blocks: readonly ContentBlock[], provider: string): string {
  let text = '';
  for (const block of blocks) {
    if (block.type === 'text') text += block.text;
    else if (block.type !== 'reasoning') unsupported(block, provider);
  }
  return text;
}

export function unsupported(block: ContentBlock, provider: string): never {
  throw new ReconError('UNSUPPORTED_CONTENT', `the ${provider} text path cannot carry a "${block.type}" block here`);
}

type Part = { readonly type: 'text'; readonly text: string } | { readonly type: 'image_url'; readonly image_url: { readonly url: string } };

/**
 * The message list of a request with images (dsh-eras §6.2), its roles already checked
 * (`imageStore`): a user message with an image is a parts array (empty text parts dropped),
 * without one the joined string; a tool message carries text only (`(see attached image)`
 * when it had nothing but images), and the images of consecutive tool results follow in
 * one user message, flushed before the next system, assistant or user message.
 */
export function chatCompletionsImageMessages(messages: readonly Message[], system: string | undefined, provider: string, assistant: (message: Message) => object, store: AttachmentStore): object[] {
  // Checked before any read: a request refused for its shape reads no object.
  for (const message of messages) if (message.role === 'developer') throw new ReconError('UNSUPPORTED_CONTENT', `the ${provider} path cannot carry a developer message`);
  const out: object[] = [];
  if (system !== undefined) out.push({ role: 'system', content: system });
  let pending: Part[] = [];
  const flush = () => {
    if (pending.length === 0) return;
    out.push({ role: 'user', content: [{ type: 'text', text: TOOL_RESULT_IMAGES_TEXT }, ...pending] });
    pending = [];
  };
  for (const message of messages) {
    if (message.role !== 'user') {
      flush();
      out.push(message.role === 'assistant' ? assistant(message) : { role: 'system', content: joinText(message.content, provider) });
      continue;
    }
    const results = message.content.filter((block) => block.type === 'tool-result');
    const parts = partsOf(message.content.filter((block) => block.type !== 'tool-result'), store, provider);
    const content = parts.some((p) => p.type === 'image_url') ? parts : parts.map((p) => (p as { text: string }).text).join('');
    if (content.length > 0 || results.length === 0) {
      flush();
      out.push({ role: 'user', content });
    }
    for (const result of results) {
      const resultParts = partsOf(result.content, store, provider);
      const images = resultParts.filter((p) => p.type === 'image_url');
      let text = '';
      for (const p of resultParts) if (p.type === 'text') text += p.text;
      out.push({ role: 'tool', tool_call_id: result.toolCallId, content: text || (images.length > 0 ? '(see attached image)' : '(no output)') });
      pending.push(...images);
    }
  }
  flush();
  return out;
}

/** Text and images as wire parts, in order; reasoning is not re-sent, and nothing else travels here. */
function partsOf(blocks: readonly ContentBlock[], store: AttachmentStore, provider: string): Part[] {
  const parts: Part[] = [];
  for (const block of blocks) {
    if (block.type === 'text') {
      if (block.text !== '') parts.push({ type: 'text', text: block.text });
    } else if (block.type === 'image') {
      const { mediaType, data } = readImageBase64(store, block);
      parts.push({ type: 'image_url', image_url: { url: `data:${mediaType};base64,${data}` } });
    } else if (block.type === 'tool-result') parts.push(...partsOf(block.content, store, provider));
    else if (block.type !== 'reasoning') unsupported(block, provider);
  }
  return parts;
}
