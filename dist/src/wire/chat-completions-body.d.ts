import type { ContentBlock, Message, ToolSpec } from '../log/index.ts';
import type { GenerateRequest } from './wire-request.ts';
export declare function chatCompletionsMessages(request: GenerateRequest, provider: string, assistant: (message: Message) => object): object[];
export declare function chatCompletionsTools(tools: readonly ToolSpec[]): object[];
/** A tool-call block as an entry of an assistant message's `tool_calls`. */
export declare function chatCompletionsToolCall(block: Extract<ContentBlock, {
    type: 'tool-call';
}>): object;
/** The text blocks joined with "" (reasoning is not re-sent); anything else cannot travel on this path. */
export declare function joinText(blocks: readonly ContentBlock[], provider: string): string;
export declare function unsupported(block: ContentBlock, provider: string): never;
