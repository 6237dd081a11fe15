/**
 * The parts of a chat-completions body DeepSeek's and OpenAI's share: the message list
 * (the system prompt first, user text, then one `tool` message per tool result; only the
 * assistant message differs by provider), tools as functions, and tool calls.
 */
import { ReconError } from "../errors.js";
export function chatCompletionsMessages(request, provider, assistant) {
    const out = [];
    if (request.system !== undefined)
        out.push({ role: 'system', content: request.system });
    for (const message of request.messages) {
        if (message.role === 'assistant')
            out.push(assistant(message));
        else if (message.role === 'system')
            out.push({ role: 'system', content: joinText(message.content, provider) });
        else {
            const results = message.content.filter((block) => block.type === 'tool-result');
            const text = joinText(message.content.filter((block) => block.type !== 'tool-result'), provider);
            if (text !== '' || results.length === 0)
                out.push({ role: 'user', content: text });
            for (const block of results)
                out.push({ role: 'tool', tool_call_id: block.toolCallId, content: joinText(block.content, provider) || '(no output)' });
        }
    }
    return out;
}
export function chatCompletionsTools(tools) {
    return tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } }));
}
/** A tool-call block as an entry of an assistant message's `tool_calls`. */
export function chatCompletionsToolCall(block) {
    return { id: block.id, type: 'function', function: { name: block.name, arguments: block.arguments } };
}
/** The text blocks joined with "" (reasoning is not re-sent); anything else cannot travel on this path. */
export function joinText(blocks, provider) {
    let text = '';
    for (const block of blocks) {
        if (block.type === 'text')
            text += block.text;
        else if (block.type !== 'reasoning')
            unsupported(block, provider);
    }
    return text;
}
export function unsupported(block, provider) {
    throw new ReconError('UNSUPPORTED_CONTENT', `the ${provider} text path cannot carry a "${block.type}" block here`);
}
