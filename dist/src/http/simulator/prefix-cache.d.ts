/**
 * The simulator's prompt cache: entries of token units on an injected clock, and what a
 * request reads from them and writes to them under each provider's rules.
 *  - DeepSeek and OpenAI (classic): every request writes its prompt followed by its reply;
 *    a request reads the longest prefix it shares with any live entry, in the provider's
 *    units (cache-rules.ts).
 *  - Anthropic: entries are written only at `cache_control` breakpoints, only when the
 *    prefix up to there reaches the model's minimum, and hold no reply; a request reads an
 *    entry only when it ends within 20 blocks before one of the request's breakpoints.
 * Reads refresh the entry read, as the providers do.
 */
import type { Provider } from '../cassette.ts';
import type { CountedPrompt, Unit } from './prompt-tokens.ts';
export interface AnthropicUsage {
    readonly read: number;
    readonly write: number;
    /** The write split by the lifetime of the breakpoint that wrote it. */
    readonly write5m: number;
    readonly write1h: number;
}
export declare class PrefixCache {
    #private;
    readonly now: () => number;
    constructor(now: () => number);
    /** Chat: the readable part of the longest prefix `prompt` shares with a live entry. */
    readChat(provider: Provider, prompt: CountedPrompt, count: (text: string) => number): number;
    /** Chat: the prompt followed by its reply (whose unit opens with the generation prompt the request ended with). */
    writeChat(provider: Provider, prompt: CountedPrompt, reply: Unit, lifetime: number): void;
    /** Anthropic: reads the longest entry a breakpoint can reach, then writes an entry at every breakpoint long enough. */
    anthropic(prompt: CountedPrompt, minimum: number): AnthropicUsage;
}
