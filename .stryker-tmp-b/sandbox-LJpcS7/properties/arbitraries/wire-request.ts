/**
 * Requests as a serializer receives them (`GenerateRequest`): messages of every role with
 * text of every class, replies whose reasoning, text and tool calls come in any order and
 * number, tool results (empty, several blocks, errors), system prompt and tools present,
 * empty, absent or as many as a large catalog, and each config field (effort of every
 * provider's vocabulary and beyond, temperature, max tokens, stop lists short and long,
 * session id, purpose) present or absent.
 */
// @ts-nocheck

import fc from 'fast-check';
import type { ContentBlock, Message, ToolSpec } from '../../src/log/index.ts';
import type { GenerateRequest } from '../../src/wire/index.ts';
import { toolArguments } from './provider-stream.ts';
import { anyText, textLabels, toolName } from './text.ts';

const textBlock = anyText.map((text): ContentBlock => ({ type: 'text', text }));
/** An image (spec §2.1): no text path carries one, so a request holding it is refused (spec §8.1 item 4). */
const imageBlock: ContentBlock = { type: 'image', attachment: { attachmentId: `sha256:${'ab'.repeat(32)}`, mediaType: 'image/png', bytes: 68, width: 1, height: 1 } };
/** Mostly text; now and then an image. */
const block = fc.oneof({ weight: 12, arbitrary: textBlock }, { weight: 1, arbitrary: fc.constant(imageBlock) });
const callId = fc.constantFrom('call_1', 'call_2', 'toolu_01A09q90qw90lq917835lq9', 'c-ü-1');

const userMessage = fc.array(block, { minLength: 1, maxLength: 2 }).map((content) => ({ role: 'user' as const, content, source: { kind: 'user' } }));
const systemMessage = fc.array(textBlock, { minLength: 1, maxLength: 2 }).map((content) => ({ role: 'system' as const, content, source: { kind: 'plugin', plugin: 'notes' } }));

/**
 * A reply's blocks in any order and number, as interleaved thinking streams them
 * (reasoning, a call, more reasoning, text…): several reasoning or text blocks, calls
 * between them; now and then an image, which no text path carries.
 */
const replyBlock = fc.oneof(
  { weight: 3, arbitrary: anyText.map((text): ContentBlock => ({ type: 'reasoning', text })) },
  { weight: 3, arbitrary: anyText.map((text): ContentBlock => ({ type: 'text', text })) },
  { weight: 2, arbitrary: fc.record({ id: callId, name: toolName, arguments: toolArguments }).map((c): ContentBlock => ({ type: 'tool-call', ...c })) },
);

const assistantMessage = fc
  .record({ blocks: fc.array(replyBlock, { maxLength: 5 }), image: fc.noBias(fc.nat(39)) })
  .map(({ blocks, image }) => {
    const content: ContentBlock[] = [...blocks, ...(image === 0 ? [imageBlock] : [])];
    return { role: 'assistant' as const, content, source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' } };
  });

const toolResult = fc
  .record({ id: callId, content: fc.array(block, { maxLength: 2 }), isError: fc.constantFrom(true, false, undefined) })
  .map(({ id, content, isError }) => ({
    role: 'user' as const,
    content: [{ type: 'tool-result' as const, toolCallId: id, content, ...(isError === undefined ? {} : { isError }) }],
    source: { kind: 'tool', callId: id },
  }));

const message = fc.oneof({ weight: 3, arbitrary: userMessage }, { weight: 3, arbitrary: assistantMessage }, { weight: 2, arbitrary: toolResult }, { weight: 1, arbitrary: systemMessage });

const tool: fc.Arbitrary<ToolSpec> = fc.record({
  name: toolName,
  description: anyText,
  parameters: fc.constantFrom({ type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, { type: 'object', properties: {} }, { type: 'object', properties: { 'ключ': { type: 'string', description: 'é 🙂 "q"' } } }),
});

const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });

const EFFORTS = ['off', 'low', 'high', 'max', 'minimal', 'medium', 'xhigh'];

/**
 * Requests for a provider whose reasoning efforts are `efforts`: mostly one of those,
 * sometimes another provider's (which must be refused), often none.
 */
export const generateRequest = (efforts: readonly string[]): fc.Arbitrary<GenerateRequest> =>
  fc
    .record({
      model: fc.constantFrom('deepseek-chat', 'deepseek-v4-flash', 'gpt-4.1', 'claude-sonnet-4-5'),
      messages: fc.array(message, { maxLength: 6 }),
      system: fc.option(anyText, { nil: undefined, freq: 3 }),
      // Mostly a few tools; now and then a catalog as large as real harnesses register (an MCP server's).
      tools: optional(fc.oneof({ weight: 3, arbitrary: fc.array(tool, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.array(tool, { minLength: 5, maxLength: 16 }) })),
      reasoningEffort: optional(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...efforts) }, { weight: 1, arbitrary: fc.constantFrom(...EFFORTS.filter((e) => !efforts.includes(e))) })),
      temperature: optional(fc.oneof(fc.constantFrom(0, 0.5, 1, 2), fc.double({ min: 0, max: 2, noNaN: true }))),
      maxTokens: optional(fc.oneof(fc.constantFrom(1, 4096, 256_000), fc.nat(1_000_000))),
      // DeepSeek takes up to 16 stop sequences; repeats included.
      stop: optional(fc.oneof({ weight: 3, arbitrary: fc.array(anyText, { maxLength: 2 }) }, { weight: 1, arbitrary: fc.array(anyText, { minLength: 3, maxLength: 16 }) })),
      sessionId: optional(fc.constantFrom('s1', '0b7c7c52-54b1-4a3b-9d1e-6f1a2f0c9e11')),
      purpose: optional(fc.constantFrom('compaction' as const, 'session-title' as const)),
    })
    // The config fields in the order drawn, each only when present, then the messages.
    .map(({ messages, model, system, tools, reasoningEffort, temperature, maxTokens, stop, sessionId, purpose }): GenerateRequest => ({
      provider: 'deepseek',
      model,
      ...(system === undefined ? {} : { system }),
      ...(tools === undefined ? {} : { tools }),
      ...(reasoningEffort === undefined ? {} : { reasoningEffort }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(maxTokens === undefined ? {} : { maxTokens }),
      ...(stop === undefined ? {} : { stop }),
      ...(sessionId === undefined ? {} : { sessionId }),
      ...(purpose === undefined ? {} : { purpose }),
      messages: messages.map((m, i): Message => ({ id: `m-${i + 1}`, ...m })),
    }));

/** Every text of a request, for generator statistics. */
function texts(request: GenerateRequest): string[] {
  const out: string[] = [];
  if (request.system !== undefined) out.push(request.system);
  const walk = (blocks: readonly ContentBlock[]) => {
    for (const b of blocks) {
      if (b.type === 'text' || b.type === 'reasoning') out.push(b.text);
      else if (b.type === 'tool-call') out.push(b.arguments, b.name);
      else if (b.type === 'tool-result') walk(b.content);
    }
  };
  for (const m of request.messages) walk(m.content);
  for (const t of request.tools ?? []) out.push(t.name, t.description);
  return out;
}

export function requestLabels(request: GenerateRequest): Record<string, boolean> {
  const blocks = request.messages.flatMap((m) => m.content);
  return {
    'system absent': request.system === undefined,
    tools: (request.tools?.length ?? 0) > 0,
    'many tools': (request.tools?.length ?? 0) > 4,
    'tool calls': blocks.some((b) => b.type === 'tool-call'),
    'tool results': blocks.some((b) => b.type === 'tool-result'),
    reasoning: blocks.some((b) => b.type === 'reasoning'),
    'several reasoning blocks': request.messages.some((m) => m.role === 'assistant' && m.content.filter((b) => b.type === 'reasoning').length > 1),
    image: [...blocks, ...blocks.flatMap((b) => (b.type === 'tool-result' ? b.content : []))].some((b) => b.type === 'image'),
    effort: request.reasoningEffort !== undefined,
    temperature: request.temperature !== undefined,
    'max tokens': request.maxTokens !== undefined,
    stop: request.stop !== undefined,
    'many stop sequences': (request.stop?.length ?? 0) > 4,
    'session id': request.sessionId !== undefined,
    purpose: request.purpose !== undefined,
    ...textLabels(texts(request)),
  };
}
