import type { GenerateRequest, WireRequest } from '../../src/wire/index.ts';
export type SpecWire = {
    readonly ok: true;
    readonly wire: WireRequest;
} | {
    readonly ok: false;
    readonly code: string;
};
/** DeepSeek (spec §8.1), with no deployment thinking default. */
export declare function specDeepSeekWire(request: GenerateRequest): SpecWire;
/**
 * OpenAI chat completions: the same message list, reasoning not sent back, no image on
 * this path (as for DeepSeek, spec §8.1 item 4), an assistant
 * message with tool calls has content null when it has no text; `max_completion_tokens`;
 * efforts minimal, low, medium, high; the session id as `prompt_cache_key`, last.
 */
export declare function specOpenAiWire(request: GenerateRequest): SpecWire;
/**
 * Anthropic messages: system as one text block when non-empty; user and system-role
 * messages as `user`, consecutive same-role messages merged; empty text and reasoning
 * left out; tool calls as `tool_use` with their arguments as an object; tool results as
 * `tool_result` (`is_error` only when true); no image anywhere (the text path has none, and
 * dropping one would send less than the log holds); one `cache_control` breakpoint on the last
 * block; `max_tokens` always (4096 by default); no extended thinking, so any effort but
 * `off` is refused.
 */
export declare function specAnthropicWire(request: GenerateRequest): SpecWire;
export declare const SPEC_WIRE: {
    readonly deepseek: typeof specDeepSeekWire;
    readonly openai: typeof specOpenAiWire;
    readonly anthropic: typeof specAnthropicWire;
};
