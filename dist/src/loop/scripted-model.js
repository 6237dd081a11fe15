import { ReconError } from "../errors.js";
import { serializeDeepSeekRequest } from "../wire/index.js";
import { prepareWithDefaults } from "./model.js";
/** A model whose replies are data: what makes a loop run replay byte for byte. */
export class ScriptedModel {
    provider;
    #options;
    #served = 0;
    #calls = 0;
    constructor(options) {
        this.provider = options.provider ?? 'deepseek';
        this.#options = options;
    }
    prepare(proposal) {
        return prepareWithDefaults(proposal, this.#options.defaults ?? {});
    }
    serialize(request) {
        return (this.#options.serialize ?? serializeDeepSeekRequest)(request);
    }
    async *stream(request) {
        const index = this.#served++;
        const replies = this.#options.replies;
        const reply = typeof replies === 'function' ? replies(index, request) : replies[index];
        if (reply === undefined)
            throw new ReconError('USAGE', `the script has no reply for request ${index + 1} (it holds ${Array.isArray(replies) ? replies.length : '?'})`);
        yield* this.#chunks(reply);
    }
    *#chunks(reply) {
        const blocks = [];
        if (reply.reasoning !== undefined)
            blocks.push({ type: 'reasoning', text: reply.reasoning });
        if (reply.text !== undefined)
            blocks.push({ type: 'text', text: reply.text });
        for (const call of reply.toolCalls ?? [])
            blocks.push({ type: 'tool-call', id: call.id ?? `call-${++this.#calls}`, name: call.name, arguments: call.arguments });
        for (const [index, block] of blocks.entries()) {
            yield { type: 'block-start', index, blockType: block.type };
            if (block.type === 'tool-call') {
                for (const piece of pieces(block.arguments, reply.chunkSize))
                    yield { type: 'tool-call-delta', index, id: block.id, name: block.name, argumentsDelta: piece };
            }
            else if (block.type === 'text' || block.type === 'reasoning') {
                const type = block.type === 'text' ? 'text-delta' : 'reasoning-delta';
                for (const piece of pieces(block.text, reply.chunkSize))
                    yield { type, index, text: piece };
            }
            yield { type: 'block-end', index, block };
        }
        if (reply.usage !== undefined)
            yield { type: 'usage', usage: reply.usage };
        yield { type: 'finish', reason: finishReason(reply, blocks) };
    }
}
function finishReason(reply, blocks) {
    const finish = reply.finish ?? (reply.toolCalls?.length ? 'tool-calls' : 'stop');
    if (finish === 'error')
        return { kind: 'error', failure: reply.error ?? { message: 'scripted failure', code: 'SCRIPTED' } };
    if (finish === 'stop' && blocks.length === 0)
        return { kind: 'error', failure: { message: 'the model finished without any content', code: 'EMPTY_RESPONSE' } };
    return { kind: finish };
}
/** `text` in deltas of `size` characters (the whole text in one when no size is given). */
export function pieces(text, size) {
    if (size === undefined || size <= 0 || text.length <= size)
        return [text];
    const out = [];
    for (let i = 0; i < text.length; i += size)
        out.push(text.slice(i, i + size));
    return out;
}
