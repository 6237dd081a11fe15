/**
 * A scripted reply as an Anthropic messages event stream: `message_start` carries the
 * input, cache-read and cache-write counts (output 1, a placeholder), `message_delta`
 * the final output count. The simulator sends no thinking blocks: their signatures could
 * not go back in the next request.
 */
// @ts-nocheck

import { pieces, type ScriptedReply } from '../../loop/index.ts';
import type { ReplyMeta } from './chat-stream.ts';
import type { AnthropicUsage } from './prefix-cache.ts';

export type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

/** The content blocks of `reply` as the next request will send them back. */
export function replyBlocks(reply: ScriptedReply, position: number): Block[] {
  const text: Block[] = reply.text === undefined || reply.text === '' ? [] : [{ type: 'text', text: reply.text }];
  const calls = (reply.toolCalls ?? []).map((call, index): Block => ({ type: 'tool_use', id: call.id ?? `toolu_${position}_${index}`, name: call.name, input: JSON.parse(call.arguments || '{}') }));
  return [...text, ...calls];
}

export function anthropicSse(reply: ScriptedReply, blocks: readonly Block[], meta: ReplyMeta, usage: AnthropicUsage & { readonly input: number; readonly output: number }): string {
  const events: Array<[string, Record<string, unknown>]> = [];
  const cache = { cache_creation_input_tokens: usage.write, cache_read_input_tokens: usage.read, cache_creation: { ephemeral_5m_input_tokens: usage.write5m, ephemeral_1h_input_tokens: usage.write1h } };
  const message = { id: meta.id, type: 'message', role: 'assistant', model: meta.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.input, ...cache, output_tokens: 1 } };
  events.push(['message_start', { type: 'message_start', message }]);
  for (const [index, block] of blocks.entries()) {
    const delta = (d: Record<string, unknown>) => events.push(['content_block_delta', { type: 'content_block_delta', index, delta: d }]);
    if (block.type === 'text') {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }]);
      for (const p of pieces(block.text, reply.chunkSize)) delta({ type: 'text_delta', text: p });
    } else {
      events.push(['content_block_start', { type: 'content_block_start', index, content_block: { ...block, input: {} } }]);
      for (const p of pieces(JSON.stringify(block.input), reply.chunkSize)) delta({ type: 'input_json_delta', partial_json: p });
    }
    events.push(['content_block_stop', { type: 'content_block_stop', index }]);
  }
  const stop = reply.finish === 'max-tokens' ? 'max_tokens' : blocks.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn';
  events.push(['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: usage.output } }]);
  events.push(['message_stop', { type: 'message_stop' }]);
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
}
