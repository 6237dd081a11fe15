import { AnthropicStreamTranslator } from "./anthropic/translate-stream.js";
import { ANTHROPIC_BASE_URL, serializeAnthropicRequest } from "./anthropic/serialize.js";
import { ChatCompletionsStreamTranslator, DeepSeekStreamTranslator } from "./chat-completions-stream.js";
import { DEEPSEEK_BASE_URL, serializeDeepSeekRequest } from "./deepseek/serialize.js";
import { OPENAI_BASE_URL, serializeOpenAiRequest } from "./openai/serialize.js";
import { mapOpenAiUsage } from "./openai/usage.js";
export const PROVIDERS = ['deepseek', 'openai', 'anthropic'];
/** Feeds SSE events to a translator: each `data:` is one JSON payload, and the `[DONE]` of chat-completions streams carries none. */
export function translateSse(translator, events) {
    return events.flatMap((event) => (event.data === '[DONE]' ? [] : translator.push(JSON.parse(event.data))));
}
export const WIRE_FORMATS = {
    deepseek: {
        baseUrl: DEEPSEEK_BASE_URL,
        keyVariable: 'DEEPSEEK_API_KEY',
        serialize: serializeDeepSeekRequest,
        translator: () => new DeepSeekStreamTranslator(),
        auth: (key) => ({ authorization: `Bearer ${key}` }),
    },
    openai: {
        baseUrl: OPENAI_BASE_URL,
        keyVariable: 'OPENAI_API_KEY',
        serialize: serializeOpenAiRequest,
        translator: () => new ChatCompletionsStreamTranslator(mapOpenAiUsage),
        auth: (key) => ({ authorization: `Bearer ${key}` }),
    },
    anthropic: {
        baseUrl: ANTHROPIC_BASE_URL,
        keyVariable: 'ANTHROPIC_API_KEY',
        serialize: serializeAnthropicRequest,
        translator: () => new AnthropicStreamTranslator(),
        auth: (key) => ({ 'x-api-key': key }),
    },
};
export function isProvider(name) {
    return PROVIDERS.includes(name);
}
