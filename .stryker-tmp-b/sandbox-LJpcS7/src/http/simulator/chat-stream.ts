/**
 * A scripted reply as a chat-completions event stream, in the two dialects: DeepSeek puts
 * the usage on the chunk that carries `finish_reason` (and sends it whether asked or not);
 * OpenAI sends it, when `stream_options.include_usage` asks, in a last chunk with no
 * choices. Reasoning is streamed as DeepSeek's `reasoning_content`; OpenAI's chat API
 * never shows it, so the simulator leaves it out there. The one encoder of scripted
 * replies: the simulator serves it, and the DSH adapter feeds it to DSH's own translator.
 */
// @ts-nocheck

import { pieces, type ScriptedReply } from '../../loop/index.ts';

export interface ReplyMeta {
  readonly id: string;
  readonly created: number;
  readonly model: string;
  /** The reply's position in its conversation: tool-call ids are derived from it, so reruns send the same bytes. */
  readonly position: number;
}

type Chunk = Record<string, unknown>;

/** The wire's finish reasons; a scripted error finishes with its code (DeepSeek's `content_filter` without one). */
const FINISH_REASONS: Readonly<Record<string, string>> = { stop: 'stop', 'tool-calls': 'tool_calls', 'max-tokens': 'length' };

/** The chunks of `reply`, without usage. */
export function chatChunks(reply: ScriptedReply, meta: ReplyMeta, reasoning: boolean): Chunk[] {
  const chunk = (delta: Chunk, finish: string | null = null): Chunk => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const out = [chunk({ role: 'assistant', content: '' })];
  if (reasoning && reply.reasoning !== undefined) out.push(...pieces(reply.reasoning, reply.chunkSize).map((p) => chunk({ reasoning_content: p })));
  if (reply.text !== undefined) out.push(...pieces(reply.text, reply.chunkSize).map((p) => chunk({ content: p })));
  for (const [index, call] of (reply.toolCalls ?? []).entries()) {
    const [first = '', ...rest] = pieces(call.arguments, reply.chunkSize);
    out.push(chunk({ tool_calls: [{ index, id: call.id ?? `call_${meta.position}_${index}`, type: 'function', function: { name: call.name, arguments: first } }] }));
    out.push(...rest.map((p) => chunk({ tool_calls: [{ index, function: { arguments: p } }] })));
  }
  const finish = reply.finish ?? (reply.toolCalls?.length ? 'tool-calls' : 'stop');
  out.push(chunk({}, FINISH_REASONS[finish] ?? (reply.error?.code.toLowerCase() || 'content_filter')));
  return out;
}

/** The chunks with the usage placed as the provider places it; `usage` undefined sends none. */
export function withUsage(provider: 'deepseek' | 'openai', chunks: readonly Chunk[], usage: Chunk | undefined): Chunk[] {
  if (usage === undefined) return [...chunks];
  if (provider === 'deepseek') return chunks.map((c, i) => ({ ...c, usage: i === chunks.length - 1 ? usage : null }));
  const last = chunks.at(-1)!;
  return [...chunks.map((c) => ({ ...c, usage: null })), { id: last['id'], object: last['object'], created: last['created'], model: last['model'], choices: [], usage }];
}

export const chatSse = (chunks: readonly Chunk[]): string => chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
