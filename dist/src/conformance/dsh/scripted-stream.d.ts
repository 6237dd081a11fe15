/**
 * A scripted reply as the DeepSeek SSE body that carries it, so DSH's own stream
 * translation turns it back into chunks. Reasoning, text and tool calls stream in that
 * order (DSH numbers blocks by first appearance), cut into `chunkSize` pieces.
 */
import { type ScriptedReply } from '../../loop/index.ts';
export declare function sseBody(reply: ScriptedReply, nextCallId: () => string): string;
