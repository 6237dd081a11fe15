/**
 * The Anthropic messages request body, with one rolling cache breakpoint: the last
 * content block of the last message carries `cache_control`, so each request writes the
 * prefix the next one reads (tools and system come before the messages and are in it).
 */
import { ReconError } from "../../errors.js";
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1';
export const ANTHROPIC_VERSION = '2023-06-01';
/** Anthropic requires max_tokens; a request without one gets this. */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;
export function serializeAnthropicRequest(request, options = {}) {
    if (request.reasoningEffort !== undefined && request.reasoningEffort !== 'off') {
        // Thinking blocks must go back with their signatures, which the neutral log does not keep.
        throw new ReconError('UNSUPPORTED_REASONING_EFFORT', `the Anthropic path sends no extended thinking; effort "${request.reasoningEffort}" cannot be honoured`);
    }
    const messages = wireMessages(request.messages);
    const last = messages.at(-1)?.content.at(-1);
    if (last !== undefined)
        last['cache_control'] = { type: 'ephemeral' };
    const body = { model: request.model, max_tokens: request.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS };
    if (request.system !== undefined && request.system !== '')
        body['system'] = [{ type: 'text', text: request.system }];
    body['messages'] = messages;
    if (request.tools !== undefined && request.tools.length > 0)
        body['tools'] = request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }));
    if (request.temperature !== undefined)
        body['temperature'] = request.temperature;
    if (request.stop !== undefined)
        body['stop_sequences'] = request.stop;
    body['stream'] = true;
    return {
        method: 'POST',
        url: `${options.baseUrl ?? ANTHROPIC_BASE_URL}/messages`,
        headers: { 'content-type': 'application/json', 'anthropic-version': ANTHROPIC_VERSION },
        body: JSON.stringify(body),
    };
}
/** Neutral messages → Anthropic's, consecutive same-role messages merged (tool results and the next prompt share a turn). */
function wireMessages(messages) {
    const out = [];
    for (const message of messages) {
        const role = message.role === 'assistant' ? 'assistant' : 'user';
        const blocks = message.content.flatMap((block) => wireBlocks(block));
        if (blocks.length === 0)
            continue;
        const previous = out.at(-1);
        if (previous?.role === role)
            previous.content.push(...blocks);
        else
            out.push({ role, content: blocks });
    }
    return out;
}
function wireBlocks(block) {
    switch (block.type) {
        case 'text':
            return block.text === '' ? [] : [{ type: 'text', text: block.text }];
        case 'reasoning':
            return [];
        case 'tool-call':
            return [{ type: 'tool_use', id: block.id, name: block.name, input: toolInput(block.arguments) }];
        case 'tool-result': {
            // A non-text output (a screenshot) is refused like any image on this path, never dropped.
            const text = block.content.map((b) => (b.type === 'text' ? b.text : b.type === 'reasoning' ? '' : unsupported(b.type))).join('');
            return [{ type: 'tool_result', tool_use_id: block.toolCallId, content: [{ type: 'text', text: text === '' ? '(no output)' : text }], ...(block.isError === true ? { is_error: true } : {}) }];
        }
        default:
            return unsupported(block.type);
    }
}
function unsupported(type) {
    throw new ReconError('UNSUPPORTED_CONTENT', `the Anthropic text path cannot carry a "${type}" block`);
}
function toolInput(argumentsJson) {
    try {
        const value = JSON.parse(argumentsJson === '' ? '{}' : argumentsJson);
        if (typeof value === 'object' && value !== null && !Array.isArray(value))
            return value;
    }
    catch {
        // Falls through to the refusal below.
    }
    throw new ReconError('UNSUPPORTED_CONTENT', `tool-call arguments must be a JSON object for Anthropic, got ${JSON.stringify(argumentsJson.slice(0, 60))}`);
}
