/**
 * A scripted reply as a chat-completions event stream, in the two dialects: DeepSeek puts
 * the usage on the chunk that carries `finish_reason` (and sends it whether asked or not);
 * OpenAI sends it, when `stream_options.include_usage` asks, in a last chunk with no
 * choices. Reasoning is streamed as DeepSeek's `reasoning_content`; OpenAI's chat API
 * never shows it, so the simulator leaves it out there.
 */
import { pieces } from "../../loop/index.js";
/** The chunks of `reply`, without usage. */
export function chatChunks(reply, meta, reasoning) {
    const chunk = (delta, finish = null) => ({
        id: meta.id,
        object: 'chat.completion.chunk',
        created: meta.created,
        model: meta.model,
        choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const out = [chunk({ role: 'assistant', content: '' })];
    if (reasoning && reply.reasoning !== undefined)
        out.push(...pieces(reply.reasoning, reply.chunkSize).map((p) => chunk({ reasoning_content: p })));
    if (reply.text !== undefined)
        out.push(...pieces(reply.text, reply.chunkSize).map((p) => chunk({ content: p })));
    for (const [index, call] of (reply.toolCalls ?? []).entries()) {
        const [first = '', ...rest] = pieces(call.arguments, reply.chunkSize);
        out.push(chunk({ tool_calls: [{ index, id: call.id ?? `call_${meta.position}_${index}`, type: 'function', function: { name: call.name, arguments: first } }] }));
        out.push(...rest.map((p) => chunk({ tool_calls: [{ index, function: { arguments: p } }] })));
    }
    const finish = reply.finish === 'max-tokens' ? 'length' : reply.toolCalls?.length ? 'tool_calls' : 'stop';
    out.push(chunk({}, finish));
    return out;
}
/** The chunks with the usage placed as the provider places it; `usage` undefined sends none. */
export function withUsage(provider, chunks, usage) {
    if (usage === undefined)
        return [...chunks];
    if (provider === 'deepseek')
        return chunks.map((c, i) => ({ ...c, usage: i === chunks.length - 1 ? usage : null }));
    const last = chunks.at(-1);
    return [...chunks.map((c) => ({ ...c, usage: null })), { id: last['id'], object: last['object'], created: last['created'], model: last['model'], choices: [], usage }];
}
export const chatSse = (chunks) => chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
