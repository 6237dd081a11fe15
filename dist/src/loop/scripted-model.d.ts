import type { LlmCallConfig, StreamChunk, TokenUsage } from '../log/index.ts';
import { type GenerateRequest, type WireRequest } from '../wire/index.ts';
import { type ModelAdapter, type PreparedCall, type RouteDefaults } from './model.ts';
/** One scripted model reply, as data. Blocks stream in the order reasoning, text, tool calls. */
export interface ScriptedReply {
    readonly reasoning?: string;
    readonly text?: string;
    readonly toolCalls?: ReadonlyArray<{
        readonly id?: string;
        readonly name: string;
        readonly arguments: string;
    }>;
    readonly usage?: TokenUsage;
    /** Default: `tool-calls` when there are calls, else `stop`. */
    readonly finish?: 'stop' | 'tool-calls' | 'max-tokens' | 'error';
    readonly error?: {
        readonly message: string;
        readonly code: string;
    };
    /** Deltas of this many characters (default: the whole text in one delta). */
    readonly chunkSize?: number;
}
export interface ScriptedModelOptions {
    readonly provider?: string;
    readonly defaults?: RouteDefaults;
    readonly replies: readonly ScriptedReply[] | ((index: number, request: GenerateRequest) => ScriptedReply);
    /** How requests become bytes; DeepSeek's chat-completions body by default. */
    readonly serialize?: (request: GenerateRequest) => WireRequest;
}
/** A model whose replies are data: what makes a loop run replay byte for byte. */
export declare class ScriptedModel implements ModelAdapter {
    #private;
    readonly provider: string;
    constructor(options: ScriptedModelOptions);
    prepare(proposal: LlmCallConfig): PreparedCall;
    serialize(request: GenerateRequest): WireRequest;
    stream(request: GenerateRequest): AsyncIterable<StreamChunk>;
}
/** `text` in deltas of `size` characters (the whole text in one when no size is given). */
export declare function pieces(text: string, size: number | undefined): string[];
