/**
 * Token counts for prefix estimates. DeepSeek: the DeepSeek V3 tokenizer, with the chat
 * template it ships to render the prompt. OpenAI: tiktoken's o200k_base (gpt-4o, gpt-4.1,
 * gpt-5, o-series) or cl100k_base (gpt-4, gpt-3.5), with a ChatML-style rendering whose
 * markers count one token each. Anthropic publishes no tokenizer: its bounds use the
 * recorded usage only. The tokenizers are large, so each loads once, on first use.
 *
 * Both renderings are approximations of what the provider tokenises (the V3 template
 * renders neither tool definitions nor reasoning, and OpenAI's exact format is private);
 * callers anchor estimates on the provider's own totals to keep the error local.
 */
import type { Provider } from './cassette.ts';
import type { PromptMessage } from './prompt.ts';
export interface PromptTokenizer {
    readonly name: string;
    /** The text of `messages`, followed by the assistant generation prompt when asked. */
    render(messages: readonly PromptMessage[], generationPrompt: boolean): string;
    count(text: string): number;
}
export declare function tokenizerFor(provider: Exclude<Provider, 'anthropic'>, model: string | undefined): Promise<PromptTokenizer>;
