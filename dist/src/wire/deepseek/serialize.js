/** The DeepSeek chat-completions request body (spec §8.1). */
import { ReconError } from "../../errors.js";
import { chatCompletionsMessages, chatCompletionsToolCall, chatCompletionsTools, unsupported } from "../chat-completions-body.js";
export const DEEPSEEK_BASE_URL = 'https://api.deepseek.com';
export const DEEPSEEK_EFFORTS = new Set(['off', 'low', 'high', 'max']);
export function serializeDeepSeekRequest(request, options = {}) {
    // Key order is part of the bytes: model, messages, stream, stream_options, thinking,
    // reasoning_effort, tools, temperature, max_tokens, stop. Absent fields are omitted, never null.
    const body = { model: request.model, messages: chatCompletionsMessages(request, 'DeepSeek', assistantMessage) };
    body['stream'] = true;
    body['stream_options'] = { include_usage: true };
    const thinking = resolveThinking(request, options);
    if (thinking !== undefined)
        body['thinking'] = { type: thinking.type };
    if (thinking?.effort !== undefined)
        body['reasoning_effort'] = thinking.effort;
    if (request.tools !== undefined && request.tools.length > 0)
        body['tools'] = chatCompletionsTools(request.tools);
    if (request.temperature !== undefined)
        body['temperature'] = request.temperature;
    if (request.maxTokens !== undefined)
        body['max_tokens'] = request.maxTokens;
    if (request.stop !== undefined)
        body['stop'] = request.stop;
    const headers = { 'content-type': 'application/json' };
    if (request.sessionId !== undefined)
        headers['x-deepseek-harness-session-id'] = request.sessionId;
    if (request.purpose === 'compaction')
        headers['x-deepseek-harness-compact'] = '1';
    return { method: 'POST', url: `${options.baseUrl ?? DEEPSEEK_BASE_URL}/chat/completions`, headers, body: JSON.stringify(body) };
}
function resolveThinking(request, options) {
    if (request.purpose === 'session-title')
        return { type: 'disabled' };
    const effort = request.reasoningEffort;
    if (effort === undefined)
        return options.thinking === undefined ? undefined : { type: options.thinking };
    if (!DEEPSEEK_EFFORTS.has(effort)) {
        throw new ReconError('UNSUPPORTED_REASONING_EFFORT', `DeepSeek takes reasoning effort off, low, high or max, not "${effort}"`);
    }
    if (effort === 'off')
        return { type: 'disabled' };
    if (options.thinking === 'disabled') {
        throw new ReconError('UNSUPPORTED_REASONING_EFFORT', `this deployment disables thinking, so effort "${effort}" cannot be sent`);
    }
    return { type: 'enabled', effort };
}
function assistantMessage(message) {
    let content = '';
    let reasoning = '';
    const calls = [];
    for (const block of message.content) {
        if (block.type === 'text')
            content += block.text;
        else if (block.type === 'reasoning')
            reasoning += block.text;
        else if (block.type === 'tool-call')
            calls.push(chatCompletionsToolCall(block));
        else
            unsupported(block, 'DeepSeek');
    }
    // content is always a string, "" without text: DeepSeek rejects null here.
    return { role: 'assistant', content, ...(reasoning === '' ? {} : { reasoning_content: reasoning }), ...(calls.length === 0 ? {} : { tool_calls: calls }) };
}
