/**
 * A scripted reply as a chat-completions event stream, in the two dialects: DeepSeek puts
 * the usage on the chunk that carries `finish_reason` (and sends it whether asked or not);
 * OpenAI sends it, when `stream_options.include_usage` asks, in a last chunk with no
 * choices. Reasoning is streamed as DeepSeek's `reasoning_content`; OpenAI's chat API
 * never shows it, so the simulator leaves it out there.
 */
import { type ScriptedReply } from '../../loop/index.ts';
export interface ReplyMeta {
    readonly id: string;
    readonly created: number;
    readonly model: string;
    /** The reply's position in its conversation: tool-call ids are derived from it, so reruns send the same bytes. */
    readonly position: number;
}
type Chunk = Record<string, unknown>;
/** The chunks of `reply`, without usage. */
export declare function chatChunks(reply: ScriptedReply, meta: ReplyMeta, reasoning: boolean): Chunk[];
/** The chunks with the usage placed as the provider places it; `usage` undefined sends none. */
export declare function withUsage(provider: 'deepseek' | 'openai', chunks: readonly Chunk[], usage: Chunk | undefined): Chunk[];
export declare const chatSse: (chunks: readonly Chunk[]) => string;
export {};
