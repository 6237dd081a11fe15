/**
 * The event vocabulary of a DSH v0 session log (spec §1–2), as TypeScript types.
 * Everything is readonly: events are deep-frozen once they are in a log.
 */
import type { JsonObject, JsonValue } from './json.ts';
export type ReplaceOp = {
    readonly op: 'replace';
    readonly start: number;
    readonly end: number;
};
export type SurfaceOp = 'append' | ReplaceOp;
/** One line of the log (after packed chunk rows are expanded). Key order on disk: as listed. */
export interface SessionEvent<D extends JsonValue = JsonValue> {
    readonly type: string;
    readonly seq: number;
    readonly time: number;
    readonly data: D;
    readonly sourceEventSeqs?: readonly number[];
    readonly surfaceOp?: SurfaceOp;
    readonly ignorable?: true;
}
/** The first line of a JSONL log: storage metadata, not an event (spec §1.5). */
export interface SessionHeader {
    readonly type: 'session';
    readonly version: number;
    readonly id: string;
    readonly createdAt: number;
    readonly cwd?: string;
    readonly parentSession?: string;
    readonly seedLength?: number;
    readonly origin?: 'subagent';
    readonly delegationDepth?: number;
    readonly agentPreset?: string;
}
export type ContentBlock = {
    readonly type: 'text';
    readonly text: string;
} | {
    readonly type: 'reasoning';
    readonly text: string;
} | {
    readonly type: 'image';
    readonly attachment: JsonObject;
} | {
    readonly type: 'tool-call';
    readonly id: string;
    readonly name: string;
    readonly arguments: string;
} | {
    readonly type: 'tool-result';
    readonly toolCallId: string;
    readonly content: readonly ContentBlock[];
    readonly isError?: boolean;
};
export interface MessageSource {
    readonly kind: string;
    readonly [key: string]: JsonValue;
}
export interface Message {
    readonly id: string;
    readonly role: 'system' | 'user' | 'assistant';
    readonly content: readonly ContentBlock[];
    readonly source: MessageSource;
}
/** Disjoint counts: `inputTokens` is uncached input; billed input = input + cacheRead + cacheWrite. */
export interface TokenUsage {
    readonly inputTokens: number;
    readonly outputTokens: number;
    readonly cacheReadTokens?: number;
    readonly cacheWriteTokens?: number;
    readonly reasoningTokens?: number;
}
export interface LlmCallConfig {
    readonly provider: string;
    readonly model: string;
    readonly reasoningEffort?: string;
    readonly temperature?: number;
    readonly maxTokens?: number;
    readonly stop?: readonly string[];
}
export interface ToolSpec {
    readonly name: string;
    readonly description: string;
    readonly parameters: JsonObject;
}
/** A full request-header snapshot (spec §2.2). */
export interface EpochHeader {
    readonly config: LlmCallConfig;
    readonly adapterDefaults?: {
        readonly reasoningEffort?: true;
        readonly maxTokens?: true;
    };
    readonly system?: string;
    readonly tools?: readonly ToolSpec[];
}
export type HeaderReason = 'initial' | 'resume' | 'change';
export interface RequestHeaderData {
    readonly header: EpochHeader;
    readonly reason: HeaderReason;
}
export interface AssistantMessageData {
    readonly turn: number;
    readonly step: number;
    readonly message: Message;
    readonly usage?: TokenUsage;
    readonly interrupted?: true;
}
export interface ToolResultData {
    readonly turn: number;
    readonly step: number;
    readonly message: Message;
    readonly error?: {
        readonly name: string;
        readonly code: string;
    };
    readonly meta?: JsonValue;
}
/** One streamed chunk as an `assistant/chunk` event stores it (spec §2.2). */
export type StreamChunk = {
    readonly type: 'block-start';
    readonly index: number;
    readonly blockType: 'text' | 'reasoning' | 'tool-call';
} | {
    readonly type: 'text-delta';
    readonly index: number;
    readonly text: string;
} | {
    readonly type: 'reasoning-delta';
    readonly index: number;
    readonly text: string;
} | {
    readonly type: 'tool-call-delta';
    readonly index: number;
    readonly id: string;
    readonly name?: string;
    readonly argumentsDelta: string;
} | {
    readonly type: 'block-end';
    readonly index: number;
    readonly block: ContentBlock;
} | {
    readonly type: 'usage';
    readonly usage: TokenUsage;
} | {
    readonly type: 'finish';
    readonly reason: FinishReason;
};
export type FinishReason = {
    readonly kind: 'stop';
} | {
    readonly kind: 'tool-calls';
} | {
    readonly kind: 'max-tokens';
} | {
    readonly kind: 'aborted';
} | {
    readonly kind: 'error';
    readonly failure: LlmFailure;
};
export interface LlmFailure {
    readonly message: string;
    readonly code: string;
    readonly status?: number;
    readonly providerRetryAfterMs?: number;
    readonly requestId?: string;
}
