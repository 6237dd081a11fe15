/**
 * Requests as a serializer receives them (`GenerateRequest`): messages of every role with
 * text of every class, replies whose reasoning, text and tool calls come in any order and
 * number, tool results (empty, several blocks, errors), user turns that hold tool results
 * beside text, now and then a block in a message it does not belong to (the type lets any
 * block be anywhere: reasoning in a prompt, a call in a result), tool-call arguments that are
 * JSON but not an object, now and then a v4 developer message
 * (refused by every wire here), system prompt and tools present, empty, absent or as many as
 * a large catalog, tools with their keys in any order, keys beyond the three the wire sends,
 * and JSON-schema parameters with any keywords (prototype keys such as `__proto__`
 * included), and each config field (effort of every provider's vocabulary and beyond,
 * temperature of any sign and size, max tokens up to the largest safe integer, stop lists
 * short and long, session id, purpose) present or absent.
 */
import fc from 'fast-check';
import type { ContentBlock, Message, ToolSpec } from '../../src/log/index.ts';
import type { GenerateRequest } from '../../src/wire/index.ts';
import { toolArguments } from './provider-stream.ts';
import { anyText, textLabels, toolName } from './text.ts';

const textBlock = anyText.map((text): ContentBlock => ({ type: 'text', text }));
/** Tool-call arguments as a value, undefined when they are no JSON. */
const argumentsObject = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const isJsonObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);

const callId = fc.constantFrom('call_1', 'call_2', 'toolu_01A09q90qw90lq917835lq9', 'c-ü-1');

/**
 * Arguments as a JSON object, as models mostly write them: now and then with keys JavaScript
 * objects treat specially, at the top or nested, or empty (a call of a tool without parameters
 * streams no argument text: Anthropic's input is then `{}`).
 */
const objectArguments = fc.oneof(
  { weight: 6, arbitrary: toolArguments.filter((text) => isJsonObject(argumentsObject(text))) },
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 2,
    arbitrary: fc
      .uniqueArray(fc.tuple(fc.constantFrom('path', '__proto__', 'constructor', 'toString', 'ключ', ''), fc.constantFrom('"a.txt"', '1', 'null', '[]', '{"__proto__":{"x":1}}')), { selector: ([k]) => k, minLength: 1, maxLength: 3 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
  },
);
/**
 * Arguments that are no JSON object: text that is no JSON, or JSON of another kind (an array,
 * the object encoded once more as a string, a number, null, a boolean). Anthropic's object
 * `input` cannot carry them.
 */
const otherArguments = fc.oneof({ weight: 1, arbitrary: toolArguments.filter((text) => !isJsonObject(argumentsObject(text))) }, { weight: 3, arbitrary: fc.constantFrom('[]', '["a",1]', 'null', '42', '-0.5', '"{\\"path\\":\\"a\\"}"', 'true') });
const toolCallBlock = (args: fc.Arbitrary<string>) => fc.record({ id: callId, name: toolName, arguments: args }).map((c): ContentBlock => ({ type: 'tool-call', ...c }));
const reasoningBlock = anyText.map((text): ContentBlock => ({ type: 'reasoning', text }));

const userMessage = fc.array(textBlock, { minLength: 1, maxLength: 2 }).map((content): Omit<Message, 'id'> => ({ role: 'user', content, source: { kind: 'user' } }));
const systemMessage = fc.array(textBlock, { minLength: 1, maxLength: 2 }).map((content): Omit<Message, 'id'> => ({ role: 'system', content, source: { kind: 'plugin', plugin: 'notes' } }));

/**
 * A reply's blocks in any order and number, as interleaved thinking streams them
 * (reasoning, a call, more reasoning, text…): several reasoning or text blocks, calls between them.
 */
const replyBlock = fc.oneof({ weight: 3, arbitrary: reasoningBlock }, { weight: 3, arbitrary: anyText.map((text): ContentBlock => ({ type: 'text', text })) }, { weight: 2, arbitrary: toolCallBlock(objectArguments) });
const assistantMessage = fc.array(replyBlock, { maxLength: 5 }).map((content): Omit<Message, 'id'> => ({ role: 'assistant', content, source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' } }));

/** A tool result: no output, one or several text blocks, an error flag set either way or absent. */
const resultBlock = fc
  .record({ id: callId, content: fc.array(textBlock, { maxLength: 2 }), isError: fc.constantFrom(true, false, undefined) })
  .map(({ id, content, isError }): ContentBlock => ({ type: 'tool-result', toolCallId: id, content, ...(isError === undefined ? {} : { isError }) }));
const toolResult = resultBlock.map((result): Omit<Message, 'id'> => ({ role: 'user', content: [result], source: { kind: 'tool', callId: (result as { toolCallId: string }).toolCallId } }));

/** A user turn that carries tool results beside text (the results of parallel calls and the next prompt in one message): the text goes first or after them. */
const mixedTurn = fc.array(fc.oneof(textBlock, resultBlock), { minLength: 2, maxLength: 4 }).map((content): Omit<Message, 'id'> => ({ role: 'user', content, source: { kind: 'user' } }));

const message = fc.oneof({ weight: 30, arbitrary: userMessage }, { weight: 30, arbitrary: assistantMessage }, { weight: 20, arbitrary: toolResult }, { weight: 6, arbitrary: mixedTurn }, { weight: 10, arbitrary: systemMessage });

/** A format-v4 developer message (tool announcements, text): no wire here carries one, so a request holding it is refused. */
const developerMessage = fc
  .array(fc.oneof({ weight: 5, arbitrary: textBlock }, { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('tool-addition' as const, 'tool-removal' as const), toolName }) }), { minLength: 1, maxLength: 2 })
  .map((content): Omit<Message, 'id'> => ({ role: 'developer', content, source: { kind: 'developer' } }));

/**
 * A block in a message it does not belong to: the log's type lets any block stand in any
 * message (a compaction summary, a hand-built history), so each path must send it by its
 * rule or refuse it, never drop it unseen. Reasoning in a prompt or a result, a call in a
 * user turn, a tool announcement outside a developer message, a result inside a result or a reply.
 */
const strayBlock: fc.Arbitrary<ContentBlock> = fc.oneof(
  reasoningBlock,
  toolCallBlock(objectArguments),
  fc.record({ type: fc.constantFrom('tool-addition' as const, 'tool-removal' as const), toolName }),
  fc.record({ toolCallId: callId, content: fc.array(textBlock, { maxLength: 1 }) }).map((r): ContentBlock => ({ type: 'tool-result', ...r })),
);

/** An image (spec §2.1): no text path carries one, so a request holding it is refused (spec §8.1 item 4). */
const imageBlock: ContentBlock = { type: 'image', attachment: { attachmentId: `sha256:${'ab'.repeat(32)}`, mediaType: 'image/png', bytes: 68, width: 1, height: 1 } };

/**
 * At most one unusual input per request, put in at a drawn place, so the handling of each is
 * seen on its own and not hidden behind another refusal: an image (in any message, a result's
 * output included), a developer message, a stray block, or a call whose arguments are no JSON
 * object.
 */
type Oddity = { readonly kind: 'image' | 'stray' | 'developer' | 'arguments'; readonly at: number; readonly inner: boolean; readonly developer: Omit<Message, 'id'>; readonly call: ContentBlock; readonly block: ContentBlock };
const oddity: fc.Arbitrary<Oddity | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('image' as const, 'stray' as const, 'developer' as const, 'arguments' as const),
      at: fc.nat(),
      inner: fc.boolean(),
      developer: developerMessage,
      call: toolCallBlock(otherArguments),
      block: strayBlock,
    }),
  },
);

/** The messages with the oddity put in: a message inserted, or a block added to a message (inside its tool result when `inner`). */
function withOddity(messages: Array<Omit<Message, 'id'>>, odd: Oddity | undefined): Array<Omit<Message, 'id'>> {
  if (odd === undefined) return messages;
  const out = [...messages];
  if (odd.kind === 'developer' || odd.kind === 'arguments') {
    const inserted = odd.kind === 'developer' ? odd.developer : { role: 'assistant' as const, content: [odd.call], source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' } };
    out.splice(odd.at % (out.length + 1), 0, inserted);
    return out;
  }
  const added = odd.kind === 'image' ? imageBlock : odd.block;
  if (out.length === 0) return [{ role: 'user', content: [added], source: { kind: 'user' } }];
  const i = odd.at % out.length;
  const target = out[i]!;
  const result = target.content.findIndex((b) => b.type === 'tool-result');
  const content = odd.inner && result >= 0 ? target.content.map((b, j) => (j === result && b.type === 'tool-result' ? { ...b, content: [...b.content, added] } : b)) : [...target.content, added];
  out[i] = { ...target, content };
  return out;
}

/**
 * One entry of a JSON object, its value already JSON text. Objects are built from entries
 * as text and read back with JSON.parse, so a key such as `__proto__` is an own key of the
 * value, as it is in a log read from disk.
 */
type Entry = readonly [string, string];
const objectText = (entries: readonly Entry[]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** Names of tool arguments, among them the ones JavaScript objects treat specially. */
const argumentName = fc.constantFrom('path', 'ключ', 'line count', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '');
/** The schema of one argument: the keywords real tool registries use, numbers of every sign and class included. */
const argumentSchema = fc.constantFrom(
  '{"type":"string"}',
  '{"type":"string","description":"é 🙂 \\"q\\""}',
  '{"description":"Lines to skip","type":"integer","minimum":-1,"maximum":0}',
  '{"type":"number","default":-0.5,"exclusiveMinimum":-1e-7,"multipleOf":0.25}',
  '{"type":["string","null"],"enum":["a",null,""]}',
  '{"type":"array","items":{"type":"object","properties":{"__proto__":{"type":"boolean"}},"additionalProperties":false}}',
  '{}',
);

/**
 * A tool's parameters as callers hand them over (MCP servers, hand-written registries):
 * `type`, `properties` and `required` in any order, other keywords beside them
 * (`$schema`, `additionalProperties`, `$defs`, a description, a `__proto__` key), and
 * argument names that are prototype keys.
 */
const parameters: fc.Arbitrary<ToolSpec['parameters']> = fc
  .record({
    args: fc.uniqueArray(fc.tuple(argumentName, argumentSchema), { selector: ([name]) => name, maxLength: 3 }),
    required: fc.boolean(),
    extra: fc.subarray<Entry>([
      ['$schema', '"http://json-schema.org/draft-07/schema#"'],
      ['additionalProperties', 'false'],
      ['description', '"Options of the call"'],
      ['$defs', '{"level":{"type":"integer","minimum":-3}}'],
      ['__proto__', '{"type":"object"}'],
    ]),
    shuffled: fc.boolean(),
    order: fc.array(fc.nat(99), { minLength: 8, maxLength: 8 }),
  })
  .map(({ args, required, extra, shuffled, order }) => {
    const entries: Entry[] = [['type', '"object"'], ['properties', objectText(args)], ...(required && args.length > 0 ? [['required', JSON.stringify(args.map(([name]) => name))] as const] : []), ...extra];
    return JSON.parse(objectText(shuffled ? shuffle(entries, order) : entries)) as ToolSpec['parameters'];
  });

/** Keys real tool objects carry beyond name, description and parameters. */
const TOOL_EXTRAS: readonly Entry[] = [
  ['strict', 'true'],
  ['title', '"Read a file"'],
  ['annotations', '{"readOnlyHint":true,"openWorldHint":false}'],
  ['__proto__', '{"name":"not the name"}'],
];

/**
 * A tool as a harness holds it: name, description and parameters, in that order or any
 * other, now and then with keys beyond them (spec WIRE-2.1: the wire sends the three, in
 * its own order).
 */
const tool: fc.Arbitrary<ToolSpec> = fc
  .record({ name: toolName, description: anyText, parameters, extra: fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.subarray([...TOOL_EXTRAS], { minLength: 1 }) }), shuffled: fc.boolean(), order: fc.array(fc.nat(99), { minLength: 8, maxLength: 8 }) })
  .map(({ name, description, parameters, extra, shuffled, order }) => {
    const entries: Entry[] = [['name', JSON.stringify(name)], ['description', JSON.stringify(description)], ['parameters', JSON.stringify(parameters)], ...extra];
    return JSON.parse(objectText(shuffled ? shuffle(entries, order) : entries)) as ToolSpec;
  });

/** `items` sorted by the drawn keys `order` (one for each of at most eight items), ties in their own order. */
function shuffle<T>(items: readonly T[], order: readonly number[]): T[] {
  return items.map((item, i) => ({ item, key: order[i] ?? 0, i })).sort((a, b) => a.key - b.key || a.i - b.i).map(({ item }) => item);
}

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
      oddity,
      system: fc.option(anyText, { nil: undefined, freq: 3 }),
      // Mostly a few tools; now and then a catalog as large as real harnesses register (an MCP server's).
      tools: optional(fc.oneof({ weight: 3, arbitrary: fc.array(tool, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.array(tool, { minLength: 5, maxLength: 16 }) })),
      reasoningEffort: optional(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...efforts) }, { weight: 1, arbitrary: fc.constantFrom(...EFFORTS.filter((e) => !efforts.includes(e))) })),
      // Any number the log keeps (spec LOG-4.3): the providers' ranges are theirs to enforce, not the serializer's. JSON has no -0.
      temperature: optional(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(0, 0.5, 1, 2) }, { weight: 1, arbitrary: fc.double({ min: 0, max: 2, noNaN: true }) }, { weight: 1, arbitrary: fc.constantFrom(-0.5, 2.5, 1e-7, 100) }, { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) }).map((t) => t + 0)),
      maxTokens: optional(fc.oneof(fc.constantFrom(1, 4096, 256_000, Number.MAX_SAFE_INTEGER), fc.nat(1_000_000))),
      // DeepSeek takes up to 16 stop sequences; repeats included.
      stop: optional(fc.oneof({ weight: 3, arbitrary: fc.array(anyText, { maxLength: 2 }) }, { weight: 1, arbitrary: fc.array(anyText, { minLength: 3, maxLength: 16 }) })),
      sessionId: optional(fc.constantFrom('s1', '0b7c7c52-54b1-4a3b-9d1e-6f1a2f0c9e11')),
      purpose: optional(fc.constantFrom('compaction' as const, 'session-title' as const)),
    })
    // The config fields in the order drawn, each only when present, then the messages.
    .map(({ messages, oddity, model, system, tools, reasoningEffort, temperature, maxTokens, stop, sessionId, purpose }): GenerateRequest => ({
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
      messages: withOddity(messages, oddity).map((m, i): Message => ({ id: `m-${i + 1}`, ...m })),
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

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);

/** Whether a JSON value holds a key JavaScript objects treat specially, at any depth. */
function hasPrototypeKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([k, v]) => PROTOTYPE_KEYS.has(k) || hasPrototypeKey(v));
}

/** Whether a block is one its container never holds in a harness's own history (the stray blocks above). */
function outOfPlace(container: Message['role'] | 'tool-result', b: ContentBlock): boolean {
  if (b.type === 'text' || b.type === 'image') return false;
  if (container === 'assistant') return b.type !== 'reasoning' && b.type !== 'tool-call';
  if (container === 'developer') return b.type !== 'tool-addition' && b.type !== 'tool-removal';
  return container === 'user' ? b.type !== 'tool-result' : true;
}

const isJsonNotObject = (text: string): boolean => {
  const value = argumentsObject(text);
  return text !== '' && value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value));
};

export function requestLabels(request: GenerateRequest): Record<string, boolean> {
  const blocks = request.messages.flatMap((m) => m.content);
  const tools = request.tools ?? [];
  return {
    'tool keys reordered': tools.some((t) => Object.keys(t).filter((k) => ['name', 'description', 'parameters'].includes(k)).join() !== 'name,description,parameters'),
    'tool extra keys': tools.some((t) => Object.keys(t).length > 3),
    'schema keys reordered': tools.some((t) => Object.keys(t.parameters)[0] !== 'type'),
    'schema keywords beyond type, properties, required': tools.some((t) => Object.keys(t.parameters).some((k) => !['type', 'properties', 'required'].includes(k))),
    'prototype keys': tools.some(hasPrototypeKey) || blocks.some((b) => b.type === 'tool-call' && hasPrototypeKey(argumentsObject(b.arguments))),
    'developer message': request.messages.some((m) => m.role === 'developer'),
    'block out of place': request.messages.some((m) => m.content.some((b) => outOfPlace(m.role, b) || (b.type === 'tool-result' && b.content.some((c) => outOfPlace('tool-result', c))))),
    'text beside tool results': request.messages.some((m) => m.content.some((b) => b.type === 'tool-result') && m.content.some((b) => b.type === 'text')),
    'error result': blocks.some((b) => b.type === 'tool-result' && b.isError === true),
    'arguments not an object': blocks.some((b) => b.type === 'tool-call' && isJsonNotObject(b.arguments)),
    'temperature outside 0..2': request.temperature !== undefined && (request.temperature < 0 || request.temperature > 2),
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
