/**
 * Chat-completions SSE chunks (DeepSeek's and OpenAI's, which share the shape) → the
 * harness's stream chunks (spec §8.2). Only the usage mapping differs by provider.
 */
import type { StreamChunk, TokenUsage } from '../log/index.ts';
interface WireDelta {
    readonly content?: string | null;
    readonly reasoning_content?: string | null;
    readonly tool_calls?: ReadonlyArray<{
        readonly index?: number;
        readonly id?: string;
        readonly function?: {
            readonly name?: string;
            readonly arguments?: string;
        };
    }>;
}
interface WireChunk {
    readonly choices?: ReadonlyArray<{
        readonly delta?: WireDelta;
        readonly finish_reason?: string | null;
    }>;
    readonly usage?: object | null;
}
/**
 * Blocks get harness indices in the order they are first seen: one reasoning block, one
 * text block, one tool-call block per wire tool index. At the end of the stream every
 * block is closed, then the latest usage and the finish reason follow.
 */
export declare class ChatCompletionsStreamTranslator {
    #private;
    constructor(mapUsage: (usage: never) => TokenUsage);
    /** Translates one parsed `data:` payload. */
    push(chunk: WireChunk): StreamChunk[];
    /** The closing chunks, at `[DONE]` or the end of the body. */
    finish(): StreamChunk[];
}
/** DeepSeek's stream: chat completions with DeepSeek's usage fields. */
export declare class DeepSeekStreamTranslator extends ChatCompletionsStreamTranslator {
    constructor();
}
export {};
