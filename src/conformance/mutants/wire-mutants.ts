/** Mutants of the wire: request bytes, stream parsing, usage. */
import type { ContentBlock, JsonObject, JsonValue, Message, StreamChunk, TokenUsage } from '../../log/index.ts';
import { AnthropicStreamTranslator, ChatCompletionsStreamTranslator, DeepSeekStreamTranslator, mapOpenAiUsage, parseSse, serializeAnthropicRequest, serializeDeepSeekRequest, serializeOpenAiRequest, translateSse, translateSseBody, type DeepSeekUsage, type GenerateRequest, type ImageWireOptions, type SseEvent, type StreamTranslator } from '../../wire/index.ts';
import { REFERENCE_PARTS, cutAt, parseDeepSeekStream, type ProviderWire } from '../reference/reference-implementation.ts';
import { inProcess } from './define.ts';
import { issue } from './mutant.ts';

/** Rewrites the top-level keys of a serialized body. */
function rebody(body: string, edit: (value: Record<string, unknown>) => Record<string, unknown>): string {
  return JSON.stringify(edit(JSON.parse(body) as Record<string, unknown>));
}

let rotation = 0;
export const WIRE_KEYS_UNORDERED = inProcess('wire-keys-unordered', 'the body’s keys come out in a different order from call to call (a map without order)', 'unstable serialization', {
  parts: {
    serialize: (request) => {
      const wire = serializeDeepSeekRequest(request);
      const shift = rotation++;
      return { ...wire, body: rebody(wire.body, (v) => Object.fromEntries(Object.entries(v).map((_, i, all) => all[(i + shift) % all.length]!))) };
    },
  },
});

export const WIRE_NULL_CONTENT = inProcess('wire-null-content', 'an assistant message without text is sent with content null (DeepSeek needs "")', 'projection', {
  parts: {
    serialize: (request) => {
      const wire = serializeDeepSeekRequest(request);
      const messages = (m: unknown[]) => m.map((x) => ((x as { role: string; content: string }).role === 'assistant' && (x as { content: string }).content === '' ? { ...(x as object), content: null } : x));
      return { ...wire, body: rebody(wire.body, (v) => ({ ...v, messages: messages(v['messages'] as unknown[]) })) };
    },
  },
});

export const CONTEXT_STATS_IN_SYSTEM = inProcess('context-stats-in-system', 'the system message carries a running message count, so every body differs from the first byte of its history', 'per-turn data in the cached block', {
  parts: {
    serialize: (request) => {
      const wire = serializeDeepSeekRequest(request);
      const stamp = (m: unknown[]) => m.map((x, i) => (i === 0 && (x as { role: string }).role === 'system' ? { ...(x as object), content: `${(x as { content: string }).content} (${m.length} messages)` } : x));
      return { ...wire, body: rebody(wire.body, (v) => ({ ...v, messages: stamp(v['messages'] as unknown[]) })) };
    },
  },
});

export const USAGE_DOUBLE_COUNTED = inProcess('usage-double-counted', 'cached tokens are counted twice: input is taken as prompt_tokens, not prompt_tokens minus the cache hits', 'usage mis-mapped', {
  parts: {
    parseStream: (body, cuts) =>
      REFERENCE_PARTS.parseStream(body, cuts).map((c): StreamChunk => (c.type === 'usage' && c.usage.cacheReadTokens !== undefined ? { ...c, usage: { ...c.usage, inputTokens: c.usage.inputTokens + c.usage.cacheReadTokens } } : c)),
  },
});

// Each network piece is decoded on its own, so a UTF-8 sequence split across pieces turns into U+FFFD.
export const SSE_SPLIT_UTF8 = inProcess('sse-split-utf8', 'the SSE reader decodes every network chunk on its own and breaks characters split between chunks', 'stream parsing', {
  parts: { parseStream: (body, cuts) => parseDeepSeekStream(cutAt(body, cuts).map((piece) => new TextDecoder().decode(piece))) },
});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A translator behind the reference's SSE reader, with `push` bent by `edit` (an event `edit` drops is pushed as `{}`). */
function bentStream(make: () => StreamTranslator, edit: (event: Record<string, unknown>) => Record<string, unknown> | undefined): ProviderWire['parseStream'] {
  return (body, cuts) => {
    const translator = make();
    const bent: StreamTranslator = { push: (event) => translator.push(isObject(event) ? (edit(event) ?? {}) : event), finish: () => translator.finish() };
    return translateSseBody(bent, cutAt(body, cuts));
  };
}

/** DeepSeek's usage read with `??` alone: a count sent as null survives as null. */
function usageKeepingNulls(usage: DeepSeekUsage): TokenUsage {
  const read = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens;
  const reasoning = usage.completion_tokens_details?.reasoning_tokens;
  return {
    inputTokens: (usage.prompt_tokens ?? 0) - (read ?? 0),
    outputTokens: usage.completion_tokens ?? 0,
    ...(read === undefined ? {} : { cacheReadTokens: read as number }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning as number }),
  };
}

export const USAGE_NULL_REPORTED = inProcess('usage-null-reported', 'a usage count the provider sent as null is passed on as null instead of being left out as unreported', { bugClass: 'usage mis-mapped' }, {
  parts: { parseStream: bentStream(() => new ChatCompletionsStreamTranslator(usageKeepingNulls), (event) => event) },
});

const openAi = REFERENCE_PARTS.wire.openai;
const anthropic = REFERENCE_PARTS.wire.anthropic;

export const OPENAI_USAGE_CHUNK_IGNORED = inProcess('openai-usage-chunk-ignored', 'usage is read only from chunks that carry a choice, so OpenAI’s final `choices: []` usage chunk is dropped', { bugClass: 'usage mis-mapped' }, {
  parts: {
    wire: {
      anthropic,
      openai: { serialize: openAi.serialize, parseStream: bentStream(() => new ChatCompletionsStreamTranslator(mapOpenAiUsage), (event) => ((event['choices'] as unknown[] | undefined)?.length ? event : undefined)) },
    },
  },
});

export const OPENAI_MAX_TOKENS_LEGACY = inProcess('openai-max-tokens-legacy', 'the OpenAI body caps output with the deprecated `max_tokens`, which reasoning models refuse, instead of `max_completion_tokens`', { bugClass: 'wire field mis-mapped' }, {
  parts: {
    wire: {
      anthropic,
      openai: {
        parseStream: openAi.parseStream,
        serialize: (request) => {
          const wire = serializeOpenAiRequest(request);
          return { ...wire, body: rebody(wire.body, (v) => Object.fromEntries(Object.entries(v).map(([k, x]) => [k === 'max_completion_tokens' ? 'max_tokens' : k, x]))) };
        },
      },
    },
  },
});

export const ANTHROPIC_OUTPUT_PLACEHOLDER = inProcess('anthropic-output-placeholder', 'Anthropic usage is taken from message_start alone, so the output count is its placeholder (1) and message_delta’s final count is lost', { bugClass: 'usage mis-mapped' }, {
  parts: {
    wire: {
      openai: openAi,
      anthropic: { serialize: anthropic.serialize, parseStream: bentStream(() => new AnthropicStreamTranslator(), (event) => (event['type'] === 'message_delta' ? { ...event, usage: undefined } : event)) },
    },
  },
});

export const ANTHROPIC_ERROR_FLAG_DROPPED = inProcess('anthropic-error-flag-dropped', 'a failed tool result is sent to Anthropic without `is_error`, so the model reads the error text as a successful output', { bugClass: 'wire field mis-mapped' }, {
  parts: {
    wire: {
      openai: openAi,
      anthropic: {
        parseStream: anthropic.parseStream,
        serialize: (request) => {
          const wire = serializeAnthropicRequest(request);
          return { ...wire, body: wire.body.replaceAll(',"is_error":true', '') };
        },
      },
    },
  },
});

// --- Bugs found by playing the outside evaluator: each one a harness could ship ----------------

const byName = (a: { readonly name: string }, b: { readonly name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export const TOOLS_SORTED_WHEN_MANY = inProcess('tools-sorted-when-many', 'a tool list longer than four (an MCP server’s catalog) is sorted by name on its way into the body, so the tools go out in another order than the header logged', 'tool order drift', {
  parts: { serialize: (request) => serializeDeepSeekRequest(request.tools !== undefined && request.tools.length > 4 ? { ...request, tools: [...request.tools].sort(byName) } : request) },
});

/** An assistant message whose reasoning blocks are merged into one, their texts joined with `separator`, where the first stood. */
function reasoningJoined(message: Message, separator: string): Message {
  const thoughts = message.content.filter((b) => b.type === 'reasoning');
  if (message.role !== 'assistant' || thoughts.length < 2) return message;
  const merged: ContentBlock = { type: 'reasoning', text: thoughts.map((b) => b.text).join(separator) };
  const first = message.content.findIndex((b) => b.type === 'reasoning');
  return { ...message, content: message.content.flatMap((b, i): ContentBlock[] => (i === first ? [merged] : b.type === 'reasoning' ? [] : [b])) };
}

export const REASONING_BLOCKS_NEWLINE = inProcess('reasoning-blocks-newline', 'several reasoning blocks of one reply (interleaved thinking between tool calls) are sent back joined with a blank line, not concatenated as they streamed', 'reasoning dropped or merged', {
  parts: { serialize: (request) => serializeDeepSeekRequest({ ...request, messages: request.messages.map((m) => reasoningJoined(m, '\n\n')) }) },
});

export const STOP_CAPPED_AT_FOUR = inProcess('stop-capped-at-four', 'the stop list is cut to four sequences (OpenAI’s limit, copied onto the DeepSeek path), so a longer list goes out shorter than the log holds', 'wire field mis-mapped', {
  parts: { serialize: (request) => serializeDeepSeekRequest(request.stop === undefined ? request : { ...request, stop: request.stop.slice(0, 4) }) },
});

/** A translator whose `usage` is read once: every usage object after the first is ignored. */
function firstUsageOnly(make: () => StreamTranslator): ProviderWire['parseStream'] {
  return (body, cuts) => {
    const translator = make();
    let seen = false;
    const push = (event: unknown) => {
      if (!isObject(event) || !isObject(event['usage'])) return translator.push(event);
      if (seen) return translator.push({ ...event, usage: null });
      seen = true;
      return translator.push(event);
    };
    return translateSseBody({ push, finish: () => translator.finish() }, cutAt(body, cuts));
  };
}

export const USAGE_FIRST_REPORT_KEPT = inProcess('usage-first-report-kept', 'the usage of a stream is taken from the first chunk that carries one, so a server that reports running usage on every chunk is read at its first count, not its last', 'usage mis-mapped', {
  parts: { parseStream: firstUsageOnly(() => new DeepSeekStreamTranslator()) },
});

/** The delta of a chat-completions chunk with only its first tool call kept. */
function firstCallOnly(event: Record<string, unknown>): Record<string, unknown> {
  const choices = event['choices'];
  if (!Array.isArray(choices) || !isObject(choices[0])) return event;
  const delta = choices[0]['delta'];
  if (!isObject(delta) || !Array.isArray(delta['tool_calls']) || delta['tool_calls'].length < 2) return event;
  return { ...event, choices: [{ ...choices[0], delta: { ...delta, tool_calls: delta['tool_calls'].slice(0, 1) } }, ...choices.slice(1)] };
}

export const PARALLEL_CALLS_FIRST_ONLY = inProcess('parallel-calls-first-only', 'a delta is read as carrying one tool call (`tool_calls[0]`), so a server that sends several calls in one chunk loses all but the first', 'stream parsing', {
  parts: { wire: { anthropic, openai: { serialize: openAi.serialize, parseStream: bentStream(() => new ChatCompletionsStreamTranslator(mapOpenAiUsage), firstCallOnly) } } },
});

export const ANTHROPIC_DELTA_OUTPUT_ONLY = inProcess('anthropic-delta-output-only', 'Anthropic’s message_delta is read for its output count alone, so input and cache counts that grew during the message (server tools) keep message_start’s values', 'usage mis-mapped', {
  parts: {
    wire: {
      openai: openAi,
      anthropic: {
        serialize: anthropic.serialize,
        parseStream: bentStream(() => new AnthropicStreamTranslator(), (event) => {
          const usage = event['usage'];
          if (event['type'] !== 'message_delta' || !isObject(usage)) return event;
          return { ...event, usage: usage['output_tokens'] === undefined ? {} : { output_tokens: usage['output_tokens'] } };
        }),
      },
    },
  },
});

/** The SSE events of a body up to the first whose data mentions `[DONE]`, as a reader that looks for the sentinel with `includes` does. */
export const SSE_DONE_SUBSTRING = inProcess('sse-done-substring', 'the stream reader ends at the first event whose data contains `[DONE]`, so a reply that mentions the sentinel is cut short', 'stream parsing', {
  parts: {
    parseStream: (body, cuts) => {
      const events = parseSse(cutAt(body, cuts));
      const end = events.findIndex((e) => e.data.includes('[DONE]'));
      const translator = new DeepSeekStreamTranslator();
      return [...translateSse(translator, end < 0 ? events : events.slice(0, end)), ...translator.finish()];
    },
  },
});

/** Anthropic chunks numbered by the wire's content-block index rather than in the order the harness opened them. */
function wireIndexed(body: Uint8Array, cuts: readonly number[]): StreamChunk[] {
  const translator = new AnthropicStreamTranslator();
  const wireIndex: number[] = [];
  const push = (event: unknown): StreamChunk[] => {
    const out = translator.push(event);
    for (const chunk of out) if (chunk.type === 'block-start' && isObject(event) && typeof event['index'] === 'number') wireIndex[chunk.index] = event['index'];
    return out;
  };
  const renumber = (chunk: StreamChunk): StreamChunk => ('index' in chunk ? { ...chunk, index: wireIndex[chunk.index] ?? chunk.index } : chunk);
  return translateSseBody({ push, finish: () => translator.finish() }, cutAt(body, cuts)).map(renumber);
}

export const ANTHROPIC_WIRE_INDEX = inProcess('anthropic-wire-index', 'Anthropic blocks keep the wire’s content-block index as their harness index, so a block the harness does not carry (redacted thinking, a server tool) leaves a gap', 'stream parsing', {
  parts: { wire: { openai: openAi, anthropic: { serialize: anthropic.serialize, parseStream: wireIndexed } } },
});

export const TEMPERATURE_ZERO_DROPPED = inProcess('temperature-zero-dropped', 'the Anthropic body sets temperature only when it is truthy, so a configured temperature of 0 is left out and the model samples at its default', 'wire field mis-mapped', {
  parts: {
    wire: {
      openai: openAi,
      anthropic: {
        parseStream: anthropic.parseStream,
        serialize: (request) => {
          const { temperature, ...rest } = request;
          return serializeAnthropicRequest(temperature ? request : rest);
        },
      },
    },
  },
});

/** System-role history messages taken out of the conversation and appended to the system prompt. */
function systemLifted(request: GenerateRequest): GenerateRequest {
  const notes = request.messages.filter((m) => m.role === 'system');
  if (notes.length === 0) return request;
  const text = (m: Message) => m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  const system = [request.system ?? '', ...notes.map(text)].filter((t) => t !== '').join('\n\n');
  return { ...request, system, messages: request.messages.filter((m) => m.role !== 'system') };
}

export const ANTHROPIC_SYSTEM_LIFTED = inProcess('anthropic-system-lifted', 'the translation to Anthropic moves system messages from the middle of the conversation into the top-level system prompt, so each one rewrites the prefix before all history', { bugClass: 'non-monotonic proxy transform', citation: issue('farion1231/cc-switch', 7166) }, {
  parts: { wire: { openai: openAi, anthropic: { parseStream: anthropic.parseStream, serialize: (request) => serializeAnthropicRequest(systemLifted(request)) } } },
});

export const ANTHROPIC_CACHE_WRITE_IN_INPUT = inProcess('anthropic-cache-write-in-input', 'Anthropic’s cache writes are added to the input count, as if input_tokens were the whole prompt, so written tokens are counted twice', 'usage mis-mapped', {
  parts: {
    wire: {
      openai: openAi,
      anthropic: {
        serialize: anthropic.serialize,
        parseStream: (body, cuts) =>
          anthropic.parseStream(body, cuts).map((c): StreamChunk => (c.type === 'usage' ? { ...c, usage: { ...c.usage, inputTokens: c.usage.inputTokens + (c.usage.cacheWriteTokens ?? 0) } } : c)),
      },
    },
  },
});

/**
 * A hand-rolled SSE reader: a line ends at CR, LF or CRLF, but a CR that ends a network
 * piece ends its line at once, so the LF opening the next piece ends an empty line and
 * dispatches the event half read.
 */
function crlfSplitEvents(pieces: readonly Uint8Array[]): SseEvent[] {
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let data: string[] = [];
  let name: string | undefined;
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) events.push(name === undefined ? { data: data.join('\n') } : { event: name, data: data.join('\n') });
      data = [];
      name = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') name = value;
  };
  const feed = (text: string) => {
    buffer += text;
    for (let at = buffer.search(/\r\n|\r|\n/); at >= 0; at = buffer.search(/\r\n|\r|\n/)) {
      line(buffer.slice(0, at));
      buffer = buffer.slice(at + (buffer.startsWith('\r\n', at) ? 2 : 1));
    }
  };
  for (const piece of pieces) feed(decoder.decode(piece, { stream: true }));
  feed(decoder.decode());
  if (buffer !== '') line(buffer);
  line('');
  return events;
}

export const SSE_CRLF_SPLIT = inProcess('sse-crlf-split', 'the SSE reader ends a line at a CR that closes a network piece, so a CRLF split between two pieces reads as a blank line and dispatches the event half read', 'stream parsing', {
  parts: {
    parseStream: (body, cuts) => {
      const translator = new DeepSeekStreamTranslator();
      return [...translateSse(translator, crlfSplitEvents(cutAt(body, cuts))), ...translator.finish()];
    },
  },
});

export const REASONING_OUT_OF_OUTPUT = inProcess('reasoning-out-of-output', 'reasoning tokens are taken out of the output count, as if completion_tokens did not include them, so the output shows only the visible reply', 'usage mis-mapped', {
  parts: {
    parseStream: (body, cuts) =>
      REFERENCE_PARTS.parseStream(body, cuts).map((c): StreamChunk => (c.type === 'usage' && c.usage.reasoningTokens !== undefined ? { ...c, usage: { ...c.usage, outputTokens: c.usage.outputTokens - c.usage.reasoningTokens } } : c)),
  },
});

// --- Serializer and stream inputs as varied as real callers (issue 21) ---------------------

/** The image options a serializer is called with, passed on, so a mutant's bug is its only difference. */
const imageOptions = (images: ImageWireOptions | undefined) => (images === undefined ? {} : { images });

export const TOOL_SPEC_PASSED_THROUGH = inProcess('tool-spec-passed-through', 'the DeepSeek body sends each tool as the object the harness holds (`function: tool`), so its keys go out in the caller’s order and keys beyond name, description and parameters go out too', 'wire field mis-mapped', {
  parts: {
    serialize: (request, images) => {
      const wire = serializeDeepSeekRequest(request, imageOptions(images));
      const tools = request.tools;
      if (tools === undefined || tools.length === 0) return wire;
      return { ...wire, body: rebody(wire.body, (v) => ({ ...v, tools: tools.map((tool) => ({ type: 'function', function: tool })) })) };
    },
  },
});

/** Parameters read into a port's typed schema of three fields: every other keyword is lost, and the fields go out in the struct's order. */
const schemaStruct = (schema: JsonObject): JsonObject => JSON.parse(JSON.stringify({ type: schema['type'], properties: schema['properties'], required: schema['required'] })) as JsonObject;

export const TOOL_SCHEMA_STRUCT = inProcess('tool-schema-struct', 'the OpenAI body reads each tool’s parameters into a typed schema of type, properties and required, so other keywords (additionalProperties, $schema, $defs) are dropped and the keys go out in the struct’s order', 'wire field mis-mapped', {
  parts: {
    wire: {
      anthropic,
      openai: { parseStream: openAi.parseStream, serialize: (request, images) => serializeOpenAiRequest(request.tools === undefined ? request : { ...request, tools: request.tools.map((t) => ({ ...t, parameters: schemaStruct(t.parameters) })) }, imageOptions(images)) },
    },
  },
});

/** A deep copy made by assignment: a key named `__proto__` sets the copy's prototype instead of becoming one of its keys. */
function copiedByAssignment(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(copiedByAssignment);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = copiedByAssignment(item);
  return copy;
}

export const TOOL_SCHEMA_PROTO_LOST = inProcess('tool-schema-proto-lost', 'the Anthropic body deep-copies each tool’s schema into input_schema key by key with assignment, so a schema key named __proto__ (an argument of that name) sets the copy’s prototype and is not sent', 'wire field mis-mapped', {
  parts: {
    wire: {
      openai: openAi,
      anthropic: { parseStream: anthropic.parseStream, serialize: (request, images) => serializeAnthropicRequest(request.tools === undefined ? request : { ...request, tools: request.tools.map((t) => ({ ...t, parameters: copiedByAssignment(t.parameters) as JsonObject })) }, imageOptions(images)) },
    },
  },
});

/** Tool-call arguments as a prototype-poisoning guard reads them: every `__proto__` key removed. */
function argumentsGuarded(message: Message): Message {
  const guard = (text: string) => {
    try {
      return JSON.stringify(JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value)));
    } catch {
      return text;
    }
  };
  return { ...message, content: message.content.map((b) => (b.type === 'tool-call' && b.arguments !== '' ? { ...b, arguments: guard(b.arguments) } : b)) };
}

export const ANTHROPIC_ARGUMENTS_PROTO_STRIPPED = inProcess('anthropic-arguments-proto-stripped', 'Anthropic tool_use input is parsed with a prototype-poisoning guard that removes __proto__ keys, so arguments the model wrote with such a key go back without it', 'wire field mis-mapped', {
  parts: { wire: { openai: openAi, anthropic: { parseStream: anthropic.parseStream, serialize: (request, images) => serializeAnthropicRequest({ ...request, messages: request.messages.map(argumentsGuarded) }, imageOptions(images)) } } },
});

export const TEMPERATURE_CLAMPED = inProcess('temperature-clamped', 'the DeepSeek body clamps temperature into 0..2, the provider’s documented range, so a configured temperature outside it is sent as another value than the log holds', 'wire field mis-mapped', {
  parts: { serialize: (request, images) => serializeDeepSeekRequest(request.temperature === undefined ? request : { ...request, temperature: Math.min(2, Math.max(0, request.temperature)) }, imageOptions(images)) },
});

export const DEVELOPER_SENT_AS_USER = inProcess('developer-sent-as-user', 'the OpenAI path sends a format-v4 developer message as a user message (any role it does not know is a user), where the spec refuses it: the model reads the harness’s notes as the user’s words', 'wire field mis-mapped', {
  parts: { wire: { anthropic, openai: { parseStream: openAi.parseStream, serialize: (request, images) => serializeOpenAiRequest({ ...request, messages: request.messages.map((m) => (m.role === 'developer' ? { ...m, role: 'user' } : m)) }, imageOptions(images)) } } },
});

export const RESULT_TURN_TEXT_DROPPED = inProcess('result-turn-text-dropped', 'a user turn that carries tool results is sent as its tool messages alone, so text beside the results (the next prompt in the same turn) never reaches the model', 'wire field mis-mapped', {
  parts: {
    serialize: (request, images) =>
      serializeDeepSeekRequest({ ...request, messages: request.messages.map((m) => (m.role === 'user' && m.content.some((b) => b.type === 'tool-result') ? { ...m, content: m.content.filter((b) => b.type === 'tool-result') } : m)) }, imageOptions(images)),
  },
});

/** Whether tool-call arguments are JSON that is not an object. */
const jsonNotObject = (text: string): boolean => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value !== 'object' || value === null || Array.isArray(value);
  } catch {
    return false;
  }
};

export const ANTHROPIC_INPUT_ANY_JSON = inProcess('anthropic-input-any-json', 'Anthropic tool_use input is whatever the arguments parse to, so arguments that are a JSON array, string, number or null go out as an input that is no object, where the spec refuses them', 'wire field mis-mapped', {
  parts: {
    wire: {
      openai: openAi,
      anthropic: {
        parseStream: anthropic.parseStream,
        serialize: (request, images) => {
          // Each such argument stands in as a numbered object, put back as the parsed value.
          const held: string[] = [];
          const messages = request.messages.map((m) => ({ ...m, content: m.content.map((b) => (b.type === 'tool-call' && jsonNotObject(b.arguments) ? { ...b, arguments: JSON.stringify({ 'recon-held': held.push(b.arguments) - 1 }) } : b)) }));
          const wire = serializeAnthropicRequest({ ...request, messages }, imageOptions(images));
          return { ...wire, body: wire.body.replace(/\{"recon-held":(\d+)\}/g, (_, i: string) => JSON.stringify(JSON.parse(held[Number(i)]!))) };
        },
      },
    },
  },
});

/** The tool calls of a chat-completions event, each rewritten by `edit` with its wire index. */
function callsEdited(edit: (call: Record<string, unknown>, index: number) => Record<string, unknown>): (event: Record<string, unknown>) => Record<string, unknown> {
  return (event) => {
    const choices = event['choices'];
    if (!Array.isArray(choices) || !isObject(choices[0])) return event;
    const delta = choices[0]['delta'];
    if (!isObject(delta) || !Array.isArray(delta['tool_calls'])) return event;
    const calls = delta['tool_calls'].map((call: unknown) => (isObject(call) ? edit(call, typeof call['index'] === 'number' ? call['index'] : 0) : call));
    return { ...event, choices: [{ ...choices[0], delta: { ...delta, tool_calls: calls } }, ...choices.slice(1)] };
  };
}

/** A chat-completions stream read through a fresh `edit` of its tool calls (the edit keeps state for one stream). */
const callsBent = (edit: () => (call: Record<string, unknown>, index: number) => Record<string, unknown>): ProviderWire['parseStream'] => (body, cuts) => bentStream(() => new DeepSeekStreamTranslator(), callsEdited(edit()))(body, cuts);

export const TOOL_CALL_FIRST_ID_KEPT = inProcess('tool-call-first-id-kept', 'a streamed tool call keeps the id and name of its first delta, so a later delta that names it again with another value is ignored (DSH rc.8 and the spec take the later one)', 'stream parsing', {
  parts: {
    parseStream: callsBent(() => {
      const seen = new Set<number>();
      return (call, index) => {
        if (!seen.has(index)) {
          seen.add(index);
          return call;
        }
        const { id: _id, function: fn, ...rest } = call;
        if (!isObject(fn)) return rest;
        const { name: _name, ...args } = fn;
        return { ...rest, function: args };
      };
    }),
  },
});

export const TOOL_CALL_NAME_APPENDED = inProcess('tool-call-name-appended', 'a streamed tool call’s name is accumulated like its arguments, every delta’s name appended, so a server that repeats the name on each delta yields “read_fileread_file”', 'stream parsing', {
  parts: {
    parseStream: callsBent(() => {
      const names = new Map<number, string>();
      return (call, index) => {
        const fn = call['function'];
        if (!isObject(fn) || typeof fn['name'] !== 'string') return call;
        const name = (names.get(index) ?? '') + fn['name'];
        names.set(index, name);
        return { ...call, function: { ...fn, name } };
      };
    }),
  },
});

/** The tool calls a chat-completions event carries, as objects. */
function toolCallsOf(event: unknown): Array<Record<string, unknown>> {
  if (!isObject(event) || !Array.isArray(event['choices']) || !isObject(event['choices'][0])) return [];
  const delta = event['choices'][0]['delta'];
  return isObject(delta) && Array.isArray(delta['tool_calls']) ? delta['tool_calls'].filter(isObject) : [];
}

/** A tool call's id and name as DSH rc.8 reads them: whatever a delta carries under the key, "" and null included, replaces what the block had. */
function identityOverwritten(body: Uint8Array, cuts: readonly number[]): StreamChunk[] {
  const translator = new DeepSeekStreamTranslator();
  const last = new Map<number, { id?: unknown; name?: unknown }>();
  const wireIndexOf = new Map<number, number>();
  const push = (event: unknown): StreamChunk[] => {
    const out = translator.push(event);
    const deltas = out.filter((c) => c.type === 'tool-call-delta');
    toolCallsOf(event).forEach((call, k) => {
      const index = typeof call['index'] === 'number' ? call['index'] : 0;
      if (deltas[k] !== undefined) wireIndexOf.set(deltas[k].index, index);
      const seen = last.get(index) ?? {};
      if (call['id'] !== undefined) seen.id = call['id'];
      const fn = call['function'];
      if (isObject(fn) && fn['name'] !== undefined) seen.name = fn['name'];
      last.set(index, seen);
    });
    return out;
  };
  return translateSseBody({ push, finish: () => translator.finish() }, cutAt(body, cuts)).map((c): StreamChunk => {
    if (c.type !== 'block-end' || c.block.type !== 'tool-call') return c;
    const seen = last.get(wireIndexOf.get(c.index) ?? -1) ?? {};
    const text = (v: unknown, kept: string) => (v === undefined ? kept : typeof v === 'string' ? v : '');
    return { ...c, block: { ...c.block, id: text(seen.id, c.block.id), name: text(seen.name, c.block.name) } };
  });
}

export const TOOL_CALL_EMPTY_ID_TAKEN = inProcess('tool-call-empty-id-taken', 'a streamed tool call takes the id and name of every delta that has the key, so a server that sends "" (or null) on each continuation delta, as DashScope does, leaves the call without its id and name', 'stream parsing', {
  parts: { parseStream: identityOverwritten },
});

/** Anthropic deltas added to the block opened last when their index names no block the translator opened (a server tool's input). */
function deltasToLastBlock(body: Uint8Array, cuts: readonly number[]): StreamChunk[] {
  const translator = new AnthropicStreamTranslator();
  const opened = new Set<unknown>();
  let last: { index: unknown; type: string } | undefined;
  const AS = { text: (t: string) => ({ type: 'text_delta', text: t }), reasoning: (t: string) => ({ type: 'thinking_delta', thinking: t }), 'tool-call': (t: string) => ({ type: 'input_json_delta', partial_json: t }) } as Record<string, (t: string) => object>;
  const push = (event: unknown): StreamChunk[] => {
    const out = translator.push(event);
    if (!isObject(event)) return out;
    const started = out.find((c) => c.type === 'block-start');
    if (started !== undefined) {
      opened.add(event['index']);
      last = { index: event['index'], type: started.blockType };
    }
    if (event['type'] !== 'content_block_delta' || opened.has(event['index']) || last === undefined) return out;
    const delta = isObject(event['delta']) ? event['delta'] : {};
    const text = [delta['partial_json'], delta['text'], delta['thinking']].find((v): v is string => typeof v === 'string');
    return text === undefined ? out : translator.push({ ...event, index: last.index, delta: AS[last.type]!(text) });
  };
  return translateSseBody({ push, finish: () => translator.finish() }, cutAt(body, cuts));
}

export const ANTHROPIC_DELTA_TO_LAST_BLOCK = inProcess('anthropic-delta-to-last-block', 'an Anthropic delta whose index names no block the translator opened (a server tool’s streamed input) is added to the block opened last, so a web search query lands in the reply’s text', 'stream parsing', {
  parts: { wire: { openai: openAi, anthropic: { serialize: anthropic.serialize, parseStream: deltasToLastBlock } } },
});

export const ANTHROPIC_ERROR_EVENT_IGNORED = inProcess('anthropic-error-event-ignored', 'an Anthropic `error` event is skipped like an unknown event, so an overloaded stream ends as merely incomplete and its error type is lost', 'stream parsing', {
  parts: { wire: { openai: openAi, anthropic: { serialize: anthropic.serialize, parseStream: bentStream(() => new AnthropicStreamTranslator(), (event) => (event['type'] === 'error' ? undefined : event)) } } },
});

const ANTHROPIC_EVENTS = new Set(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping', 'error']);

export const ANTHROPIC_UNKNOWN_EVENT_REFUSED = inProcess('anthropic-unknown-event-refused', 'an Anthropic event of a type the translator does not list is refused, where the API says new event types may come and are to be skipped', 'stream parsing', {
  parts: {
    wire: {
      openai: openAi,
      anthropic: {
        serialize: anthropic.serialize,
        parseStream: bentStream(() => new AnthropicStreamTranslator(), (event) => {
          if (!ANTHROPIC_EVENTS.has(String(event['type']))) throw new Error(`unknown stream event ${String(event['type'])}`);
          return event;
        }),
      },
    },
  },
});

export const CHAT_DELTA_ASSUMED = inProcess('chat-delta-assumed', 'every chat-completions choice is read as carrying a delta, so a choice without one (Azure’s content-filter results) breaks the stream', 'stream parsing', {
  parts: {
    parseStream: bentStream(() => new DeepSeekStreamTranslator(), (event) => {
      const choices = event['choices'];
      if (Array.isArray(choices) && isObject(choices[0]) && !isObject(choices[0]['delta'])) throw new TypeError("Cannot read properties of undefined (reading 'content')");
      return event;
    }),
  },
});

export const WIRE_MUTANTS = [
  WIRE_KEYS_UNORDERED,
  WIRE_NULL_CONTENT,
  CONTEXT_STATS_IN_SYSTEM,
  USAGE_DOUBLE_COUNTED,
  SSE_SPLIT_UTF8,
  USAGE_NULL_REPORTED,
  OPENAI_USAGE_CHUNK_IGNORED,
  OPENAI_MAX_TOKENS_LEGACY,
  ANTHROPIC_OUTPUT_PLACEHOLDER,
  ANTHROPIC_ERROR_FLAG_DROPPED,
  TOOLS_SORTED_WHEN_MANY,
  REASONING_BLOCKS_NEWLINE,
  STOP_CAPPED_AT_FOUR,
  USAGE_FIRST_REPORT_KEPT,
  PARALLEL_CALLS_FIRST_ONLY,
  ANTHROPIC_DELTA_OUTPUT_ONLY,
  SSE_DONE_SUBSTRING,
  ANTHROPIC_WIRE_INDEX,
  TEMPERATURE_ZERO_DROPPED,
  ANTHROPIC_SYSTEM_LIFTED,
  ANTHROPIC_CACHE_WRITE_IN_INPUT,
  SSE_CRLF_SPLIT,
  REASONING_OUT_OF_OUTPUT,
  TOOL_SPEC_PASSED_THROUGH,
  TOOL_SCHEMA_STRUCT,
  TOOL_SCHEMA_PROTO_LOST,
  ANTHROPIC_ARGUMENTS_PROTO_STRIPPED,
  TEMPERATURE_CLAMPED,
  DEVELOPER_SENT_AS_USER,
  RESULT_TURN_TEXT_DROPPED,
  ANTHROPIC_INPUT_ANY_JSON,
  TOOL_CALL_FIRST_ID_KEPT,
  TOOL_CALL_NAME_APPENDED,
  TOOL_CALL_EMPTY_ID_TAKEN,
  ANTHROPIC_DELTA_TO_LAST_BLOCK,
  ANTHROPIC_ERROR_EVENT_IGNORED,
  ANTHROPIC_UNKNOWN_EVENT_REFUSED,
  CHAT_DELTA_ASSUMED,
];
