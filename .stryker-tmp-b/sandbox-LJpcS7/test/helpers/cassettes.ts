// @ts-nocheck
import { recordChunk, recordRequest, type Cassette, type Interaction } from '../../src/http/index.ts';

export const CHAT_URL = 'https://api.deepseek.com/chat/completions';

export function chatBody(content: string, extra = ''): string {
  return `{"model":"deepseek-chat","messages":[{"role":"user","content":${JSON.stringify(content)}}]${extra},"stream":true}`;
}

/** An SSE stream split into chunks at the given byte offsets (offsets may fall inside a UTF-8 sequence). */
export function streamedInteraction(body: string, sse: string, splits: readonly number[], times: readonly number[]): Interaction {
  const bytes = Buffer.from(sse, 'utf8');
  const edges = [0, ...splits, bytes.byteLength];
  return {
    request: recordRequest({ method: 'POST', url: CHAT_URL, headers: { 'content-type': 'application/json', authorization: 'Bearer not-a-real-key' }, body: Buffer.from(body) }),
    response: {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      chunks: edges.slice(1).map((end, i) => recordChunk(times[i] ?? 0, new Uint8Array(bytes.subarray(edges[i], end)))),
    },
  };
}

export const SSE = [
  'data: {"choices":[{"index":0,"delta":{"content":"Grüße 🎉"},"finish_reason":null}],"usage":null}\n\n',
  'data: {"choices":[{"index":0,"delta":{"content":"!"},"finish_reason":"stop"}],"usage":{"prompt_tokens":70,"completion_tokens":5,"prompt_cache_hit_tokens":64,"prompt_cache_miss_tokens":6}}\n\n',
  'data: [DONE]\n\n',
].join('');

/** Two streamed exchanges; the first response is cut inside the 4-byte emoji. */
export function sampleCassette(): Cassette {
  const emoji = Buffer.from(SSE).indexOf(Buffer.from('🎉'));
  return {
    header: { cassette: 1, provider: 'deepseek', source: 'recorded' },
    interactions: [
      streamedInteraction(chatBody('hello'), SSE, [emoji + 2, Buffer.byteLength(SSE) - 14], [5, 15, 40]),
      streamedInteraction(chatBody('hello again'), SSE, [], [7]),
    ],
  };
}

/** A clock for replay: records every wait and resolves it at once. */
export function recordingSleep(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}
