/**
 * The OpenAI chat-completions request body. Same neutral request, same rule: the bytes
 * are a pure function of it, and a request that extends the previous one extends its body.
 */
import { ReconError } from "../../errors.js";
import { chatCompletionsMessages, chatCompletionsToolCall, chatCompletionsTools, joinText } from "../chat-completions-body.js";
export const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const EFFORTS = new Set(['minimal', 'low', 'medium', 'high']);
export function serializeOpenAiRequest(request, options = {}) {
    const body = { model: request.model, messages: chatCompletionsMessages(request, 'OpenAI', assistant), stream: true, stream_options: { include_usage: true } };
    if (request.reasoningEffort !== undefined) {
        if (!EFFORTS.has(request.reasoningEffort))
            throw new ReconError('UNSUPPORTED_REASONING_EFFORT', `OpenAI takes reasoning effort minimal, low, medium or high, not "${request.reasoningEffort}"`);
        body['reasoning_effort'] = request.reasoningEffort;
    }
    if (request.tools !== undefined && request.tools.length > 0)
        body['tools'] = chatCompletionsTools(request.tools);
    if (request.temperature !== undefined)
        body['temperature'] = request.temperature;
    if (request.maxTokens !== undefined)
        body['max_completion_tokens'] = request.maxTokens;
    if (request.stop !== undefined)
        body['stop'] = request.stop;
    // Routes requests of one session to the same cache shard: more reads, no effect on the bytes before it.
    if (request.sessionId !== undefined)
        body['prompt_cache_key'] = request.sessionId;
    return { method: 'POST', url: `${options.baseUrl ?? OPENAI_BASE_URL}/chat/completions`, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
function assistant(message) {
    const calls = message.content.filter((b) => b.type === 'tool-call').map(chatCompletionsToolCall);
    // OpenAI takes null content beside tool calls; reasoning is not sent back on this API. Any
    // other block (an image) is refused, never dropped: the request would hold less than the log.
    const content = joinText(message.content.filter((b) => b.type !== 'tool-call'), 'OpenAI');
    return calls.length > 0 ? { role: 'assistant', content: content === '' ? null : content, tool_calls: calls } : { role: 'assistant', content };
}
