import type { Api } from './endpoint.ts';
import type { ResponseBody } from './usage.ts';
export interface ToolCall {
    readonly name: string;
    readonly arguments: string;
}
export interface PromptMessage {
    readonly role: string;
    readonly content: string;
    readonly reasoning?: string;
    readonly toolCalls?: readonly ToolCall[];
}
export interface Prompt {
    readonly model: string | undefined;
    /** Model and tool definitions: a change here shares no prefix. */
    readonly head: string;
    readonly messages: readonly PromptMessage[];
    /** Anthropic: indices of messages (blocks) that carry a cache breakpoint, and of those asking for the one-hour lifetime. */
    readonly breakpoints: readonly number[];
    readonly hourLong: readonly number[];
}
type Json = Record<string, unknown>;
/** The comparable identity of a message. */
export declare const messageKey: (m: PromptMessage) => string;
export declare function promptOf(api: Api, body: Json): Prompt;
/** The assistant turn of a response, as the next request of an append-only loop replays it; empty for Anthropic, which caches no output. */
export declare function outputOf(api: Api, body: ResponseBody): PromptMessage[];
/** Whether a response ran server-side tools (Anthropic code execution, web search): its cache then holds prefixes HTTP never shows. */
export declare function usedServerTools(body: ResponseBody): boolean;
export {};
