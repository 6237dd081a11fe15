/**
 * A scripted reply as an Anthropic messages event stream: `message_start` carries the
 * input, cache-read and cache-write counts (output 1, a placeholder), `message_delta`
 * the final output count. The simulator sends no thinking blocks: their signatures could
 * not go back in the next request.
 */
import { type ScriptedReply } from '../../loop/index.ts';
import type { ReplyMeta } from './chat-stream.ts';
import type { AnthropicUsage } from './prefix-cache.ts';
export type Block = {
    type: 'text';
    text: string;
} | {
    type: 'tool_use';
    id: string;
    name: string;
    input: unknown;
};
/** The content blocks of `reply` as the next request will send them back. */
export declare function replyBlocks(reply: ScriptedReply, position: number): Block[];
export declare function anthropicSse(reply: ScriptedReply, blocks: readonly Block[], meta: ReplyMeta, usage: AnthropicUsage & {
    readonly input: number;
    readonly output: number;
}): string;
