/** Anthropic's named SSE events → the harness's stream chunks. */
import type { StreamChunk } from '../../log/index.ts';
import { type AnthropicUsage } from './usage.ts';
interface Event {
    readonly type?: string;
    readonly index?: number;
    readonly message?: {
        readonly usage?: AnthropicUsage;
    };
    readonly content_block?: {
        readonly type?: string;
        readonly id?: string;
        readonly name?: string;
        readonly text?: string;
    };
    readonly delta?: {
        readonly type?: string;
        readonly text?: string;
        readonly partial_json?: string;
        readonly thinking?: string;
        readonly stop_reason?: string | null;
    };
    readonly usage?: AnthropicUsage;
    readonly error?: {
        readonly type?: string;
        readonly message?: string;
    };
}
export declare class AnthropicStreamTranslator {
    #private;
    push(event: Event): StreamChunk[];
    finish(): StreamChunk[];
}
export {};
