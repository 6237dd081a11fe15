/**
 * A scripted reply as the DeepSeek SSE body that carries it, so DSH's own stream
 * translation turns it back into chunks. Reasoning, text and tool calls stream in that
 * order (DSH numbers blocks by first appearance), cut into `chunkSize` pieces.
 */
import { pieces } from "../../loop/index.js";
/** DeepSeek finish reasons; anything else DSH maps to an error finish with the reason as code. */
const FINISH = { stop: 'stop', 'tool-calls': 'tool_calls', 'max-tokens': 'length' };
export function sseBody(reply, nextCallId) {
    const payloads = [];
    const delta = (d) => payloads.push({ choices: [{ index: 0, delta: d }] });
    // Empty text sends no delta; a tool call with empty arguments still needs its one opening delta.
    for (const piece of reply.reasoning ? pieces(reply.reasoning, reply.chunkSize) : [])
        delta({ reasoning_content: piece });
    for (const piece of reply.text ? pieces(reply.text, reply.chunkSize) : [])
        delta({ content: piece });
    (reply.toolCalls ?? []).forEach((call, index) => {
        const id = call.id ?? nextCallId();
        pieces(call.arguments, reply.chunkSize).forEach((piece, k) => delta({ tool_calls: [k === 0 ? { index, id, type: 'function', function: { name: call.name, arguments: piece } } : { index, function: { arguments: piece } }] }));
    });
    const finish = reply.finish ?? ((reply.toolCalls?.length ?? 0) > 0 ? 'tool-calls' : 'stop');
    const reason = FINISH[finish] ?? (reply.error?.code.toLowerCase() || 'content_filter');
    payloads.push({ choices: [{ index: 0, delta: {}, finish_reason: reason }] });
    if (reply.usage !== undefined) {
        const { inputTokens, outputTokens, cacheReadTokens, reasoningTokens } = reply.usage;
        payloads.push({
            choices: [],
            usage: {
                prompt_tokens: inputTokens + (cacheReadTokens ?? 0),
                completion_tokens: outputTokens,
                ...(cacheReadTokens === undefined ? {} : { prompt_cache_hit_tokens: cacheReadTokens }),
                ...(reasoningTokens === undefined ? {} : { completion_tokens_details: { reasoning_tokens: reasoningTokens } }),
            },
        });
    }
    return `${payloads.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('')}data: [DONE]\n\n`;
}
