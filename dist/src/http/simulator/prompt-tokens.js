import { messageKey, promptOf } from "../prompt.js";
import { tokenizerFor } from "../tokenizers.js";
const counters = new Map();
/** The counter of a provider's API and tokenizer, one per process: each unit is tokenised once, so a growing prompt costs what it appends. */
export async function promptCounter(provider, model) {
    const api = provider === 'anthropic' ? 'messages' : 'chat';
    const tokenizer = await tokenizerFor(provider === 'anthropic' ? 'openai' : provider, provider === 'anthropic' ? undefined : model);
    const name = `${api} ${tokenizer.name}`;
    let counter = counters.get(name);
    if (counter === undefined)
        counters.set(name, (counter = newCounter(api, tokenizer)));
    return counter;
}
function newCounter(api, tokenizer) {
    const opening = tokenizer.render([], false);
    const openingTokens = tokenizer.count(opening);
    const generation = api === 'chat' ? tokenizer.count(tokenizer.render([], true)) - openingTokens : tokenizer.count('\n\nAssistant:');
    const counted = new Map();
    const unit = (message) => {
        const key = messageKey(message);
        const known = counted.get(key);
        if (known !== undefined)
            return known;
        // A simulator that runs for days forgets rather than grows.
        if (counted.size >= 10_000)
            counted.clear();
        // Reasoning is counted beside the text: the DeepSeek template does not render it, but the model generated it.
        const { reasoning, ...visible } = message;
        const text = api === 'chat' ? tokenizer.render([visible], false).slice(opening.length) : message.content;
        const fresh = { key, text, tokens: tokenizer.count(text) + (reasoning === undefined ? 0 : tokenizer.count(reasoning)) };
        counted.set(key, fresh);
        return fresh;
    };
    return {
        tokenizer,
        unit,
        prompt(body) {
            const prompt = promptOf(api, body);
            const units = prompt.messages.map(unit);
            const tools = api === 'chat' && body['tools'] !== undefined ? tokenizer.count(JSON.stringify(body['tools'])) : 0;
            const headTokens = api === 'chat' ? openingTokens + tools : 0;
            const total = headTokens + units.reduce((sum, u) => sum + u.tokens, 0) + generation;
            return { model: prompt.model, head: prompt.head, headTokens, units, generation, breakpoints: prompt.breakpoints, hourLong: prompt.hourLong, total };
        },
    };
}
