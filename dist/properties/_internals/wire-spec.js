class Refused extends Error {
    code;
    constructor(code) {
        super(code);
        this.code = code;
    }
}
const refuse = (code) => {
    throw new Refused(code);
};
function attempt(build) {
    try {
        return { ok: true, wire: build() };
    }
    catch (error) {
        if (error instanceof Refused)
            return { ok: false, code: error.code };
        throw error;
    }
}
/** Text blocks joined with ""; reasoning is left out; any other block cannot travel as text. */
function textOf(blocks) {
    let text = '';
    for (const b of blocks) {
        if (b.type === 'text')
            text += b.text;
        else if (b.type !== 'reasoning')
            refuse('UNSUPPORTED_CONTENT');
    }
    return text;
}
function toolCall(b) {
    return { id: b.id, type: 'function', function: { name: b.name, arguments: b.arguments } };
}
/**
 * Chat-completions messages (spec §8.1 items 1–4): system first when defined; a user
 * message's text when non-empty or when it has no tool result, then one `tool` message
 * per result; a system-role history message flattened to text.
 */
function chatMessages(request, assistant) {
    const out = [];
    if (request.system !== undefined)
        out.push({ role: 'system', content: request.system });
    for (const m of request.messages) {
        if (m.role === 'assistant') {
            out.push(assistant(m));
            continue;
        }
        if (m.role === 'system') {
            out.push({ role: 'system', content: textOf(m.content) });
            continue;
        }
        const results = m.content.filter((b) => b.type === 'tool-result');
        const text = textOf(m.content.filter((b) => b.type !== 'tool-result'));
        if (text !== '' || results.length === 0)
            out.push({ role: 'user', content: text });
        for (const r of results) {
            const output = textOf(r.content);
            out.push({ role: 'tool', tool_call_id: r.toolCallId, content: output === '' ? '(no output)' : output });
        }
    }
    return out;
}
const functions = (request) => request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } }));
const hasTools = (request) => request.tools !== undefined && request.tools.length > 0;
/** DeepSeek (spec §8.1), with no deployment thinking default. */
export function specDeepSeekWire(request) {
    return attempt(() => {
        const messages = chatMessages(request, (m) => {
            let content = '';
            let reasoning = '';
            const calls = [];
            for (const b of m.content) {
                if (b.type === 'text')
                    content += b.text;
                else if (b.type === 'reasoning')
                    reasoning += b.text;
                else if (b.type === 'tool-call')
                    calls.push(toolCall(b));
                else
                    refuse('UNSUPPORTED_CONTENT');
            }
            const message = { role: 'assistant', content };
            if (reasoning !== '')
                message['reasoning_content'] = reasoning;
            if (calls.length > 0)
                message['tool_calls'] = calls;
            return message;
        });
        const body = { model: request.model, messages, stream: true, stream_options: { include_usage: true } };
        const effort = request.reasoningEffort;
        if (request.purpose === 'session-title')
            body['thinking'] = { type: 'disabled' };
        else if (effort !== undefined) {
            if (!['off', 'low', 'high', 'max'].includes(effort))
                refuse('UNSUPPORTED_REASONING_EFFORT');
            if (effort === 'off')
                body['thinking'] = { type: 'disabled' };
            else {
                body['thinking'] = { type: 'enabled' };
                body['reasoning_effort'] = effort;
            }
        }
        if (hasTools(request))
            body['tools'] = functions(request);
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
        return { method: 'POST', url: 'https://api.deepseek.com/chat/completions', headers, body: JSON.stringify(body) };
    });
}
/**
 * OpenAI chat completions: the same message list, reasoning not sent back, no image on
 * this path (as for DeepSeek, spec §8.1 item 4), an assistant
 * message with tool calls has content null when it has no text; `max_completion_tokens`;
 * efforts minimal, low, medium, high; the session id as `prompt_cache_key`, last.
 */
export function specOpenAiWire(request) {
    return attempt(() => {
        const messages = chatMessages(request, (m) => {
            const content = textOf(m.content.filter((b) => b.type !== 'tool-call'));
            const calls = m.content.filter((b) => b.type === 'tool-call').map(toolCall);
            if (calls.length === 0)
                return { role: 'assistant', content };
            return { role: 'assistant', content: content === '' ? null : content, tool_calls: calls };
        });
        const body = { model: request.model, messages, stream: true, stream_options: { include_usage: true } };
        if (request.reasoningEffort !== undefined) {
            if (!['minimal', 'low', 'medium', 'high'].includes(request.reasoningEffort))
                refuse('UNSUPPORTED_REASONING_EFFORT');
            body['reasoning_effort'] = request.reasoningEffort;
        }
        if (hasTools(request))
            body['tools'] = functions(request);
        if (request.temperature !== undefined)
            body['temperature'] = request.temperature;
        if (request.maxTokens !== undefined)
            body['max_completion_tokens'] = request.maxTokens;
        if (request.stop !== undefined)
            body['stop'] = request.stop;
        if (request.sessionId !== undefined)
            body['prompt_cache_key'] = request.sessionId;
        return { method: 'POST', url: 'https://api.openai.com/v1/chat/completions', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    });
}
/**
 * Anthropic messages: system as one text block when non-empty; user and system-role
 * messages as `user`, consecutive same-role messages merged; empty text and reasoning
 * left out; tool calls as `tool_use` with their arguments as an object; tool results as
 * `tool_result` (`is_error` only when true); no image anywhere (the text path has none, and
 * dropping one would send less than the log holds); one `cache_control` breakpoint on the last
 * block; `max_tokens` always (4096 by default); no extended thinking, so any effort but
 * `off` is refused.
 */
export function specAnthropicWire(request) {
    return attempt(() => {
        if (request.reasoningEffort !== undefined && request.reasoningEffort !== 'off')
            refuse('UNSUPPORTED_REASONING_EFFORT');
        const messages = [];
        for (const m of request.messages) {
            const role = m.role === 'assistant' ? 'assistant' : 'user';
            const blocks = [];
            for (const b of m.content) {
                if (b.type === 'text') {
                    if (b.text !== '')
                        blocks.push({ type: 'text', text: b.text });
                }
                else if (b.type === 'reasoning')
                    continue;
                else if (b.type === 'tool-call')
                    blocks.push({ type: 'tool_use', id: b.id, name: b.name, input: objectOf(b.arguments) });
                else if (b.type === 'tool-result') {
                    const output = textOf(b.content);
                    const result = { type: 'tool_result', tool_use_id: b.toolCallId, content: [{ type: 'text', text: output === '' ? '(no output)' : output }] };
                    if (b.isError === true)
                        result['is_error'] = true;
                    blocks.push(result);
                }
                else
                    refuse('UNSUPPORTED_CONTENT');
            }
            if (blocks.length === 0)
                continue;
            const last = messages[messages.length - 1];
            if (last !== undefined && last.role === role)
                last.content.push(...blocks);
            else
                messages.push({ role, content: blocks });
        }
        const lastMessage = messages[messages.length - 1];
        if (lastMessage !== undefined)
            lastMessage.content[lastMessage.content.length - 1]['cache_control'] = { type: 'ephemeral' };
        const body = { model: request.model, max_tokens: request.maxTokens ?? 4096 };
        if (request.system !== undefined && request.system !== '')
            body['system'] = [{ type: 'text', text: request.system }];
        body['messages'] = messages;
        if (hasTools(request))
            body['tools'] = request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
        if (request.temperature !== undefined)
            body['temperature'] = request.temperature;
        if (request.stop !== undefined)
            body['stop_sequences'] = request.stop;
        body['stream'] = true;
        return { method: 'POST', url: 'https://api.anthropic.com/v1/messages', headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01' }, body: JSON.stringify(body) };
    });
}
/** Tool-call arguments as the object Anthropic takes; "" is the empty object, anything but a JSON object is refused. */
function objectOf(argumentsText) {
    let value;
    try {
        value = JSON.parse(argumentsText === '' ? '{}' : argumentsText);
    }
    catch {
        return refuse('UNSUPPORTED_CONTENT');
    }
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : refuse('UNSUPPORTED_CONTENT');
}
export const SPEC_WIRE = { deepseek: specDeepSeekWire, openai: specOpenAiWire, anthropic: specAnthropicWire };
