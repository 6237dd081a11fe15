/** Mutants of the wire: request bytes, stream parsing, usage. */
import type { StreamChunk } from '../../log/index.ts';
import { serializeDeepSeekRequest } from '../../wire/index.ts';
import { REFERENCE_PARTS, cutAt, parseDeepSeekStream } from '../reference/reference-implementation.ts';
import { inProcess } from './define.ts';

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

export const WIRE_MUTANTS = [WIRE_KEYS_UNORDERED, WIRE_NULL_CONTENT, CONTEXT_STATS_IN_SYSTEM, USAGE_DOUBLE_COUNTED, SSE_SPLIT_UTF8];
