/**
 * The event vocabulary of a DSH v0 session log (spec §1–2), as TypeScript types.
 * Everything is readonly: events are deep-frozen once they are in a log. Payloads are
 * type aliases, not interfaces: an object type alias is a `JsonValue` when its fields are,
 * so typed payloads go into the log without a cast.
 */
// @ts-nocheck

import type { JsonObject, JsonValue } from './json.ts';

export type ReplaceOp = { readonly op: 'replace'; readonly start: number; readonly end: number };
export type SurfaceOp = 'append' | ReplaceOp;

/** One line of the log (after packed chunk rows are expanded). Key order on disk: as listed. */
export type SessionEvent<D extends JsonValue = JsonValue> = {
  readonly type: string;
  readonly seq: number;
  readonly time: number;
  readonly data: D;
  readonly sourceEventSeqs?: readonly number[];
  readonly surfaceOp?: SurfaceOp;
  readonly ignorable?: true;
};

/** The first line of a JSONL log: storage metadata, not an event (spec §1.5). */
export type SessionHeader = {
  readonly type: 'session';
  readonly version: number;
  readonly id: string;
  readonly createdAt: number;
  readonly cwd?: string;
  readonly parentSession?: string;
  readonly seedLength?: number;
  /** From format v2 (dsh-eras §1.3): whether the log starts with an inherited prefix, whose cut a tagged `session/end-seed` marks. */
  readonly isSeeded?: boolean;
  readonly origin?: 'subagent';
  readonly delegationDepth?: number;
  readonly agentPreset?: string;
};

export type ContentBlock =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string }
  /** `offloaded` is set by a v3+ `image/offload` projection (dsh-eras §6.4), never stored on the block. */
  | { readonly type: 'image'; readonly attachment: JsonObject; readonly offloaded?: true }
  | { readonly type: 'tool-call'; readonly id: string; readonly name: string; readonly arguments: string }
  | {
      readonly type: 'tool-result';
      readonly toolCallId: string;
      readonly content: readonly ContentBlock[];
      readonly isError?: boolean;
    }
  /** A v4 developer message's announcement of a tool joining or leaving the request (dsh-eras §1.3). */
  | { readonly type: 'tool-addition' | 'tool-removal'; readonly toolName: string };

export type MessageSource = {
  readonly kind: string;
  readonly [key: string]: JsonValue;
};

/**
 * A model-visible message. `developer` is format v4's (a `developer/message`, dsh-eras §1.3);
 * v4's tool-role results are read in the neutral user-role tool-result form.
 */
export type Message = {
  readonly id: string;
  readonly role: 'system' | 'user' | 'assistant' | 'developer';
  readonly content: readonly ContentBlock[];
  readonly source: MessageSource;
};

/** Disjoint counts: `inputTokens` is uncached input; billed input = input + cacheRead + cacheWrite. */
export type TokenUsage = {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
  readonly reasoningTokens?: number;
};

export type LlmCallConfig = {
  readonly provider: string;
  readonly model: string;
  readonly reasoningEffort?: string;
  readonly temperature?: number;
  readonly maxTokens?: number;
  readonly stop?: readonly string[];
};

export type ToolSpec = {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonObject;
};

/**
 * A full request-header snapshot (spec §2.2). `messagePrefix` is the session-prefix era's
 * (dsh-eras §3): request-only messages sent before the whole derived history, composed
 * once per loop instance; the header is their only record. Empty is the same as absent.
 */
export type EpochHeader = {
  readonly config: LlmCallConfig;
  readonly adapterDefaults?: { readonly reasoningEffort?: true; readonly maxTokens?: true };
  readonly system?: string;
  readonly tools?: readonly ToolSpec[];
  readonly messagePrefix?: readonly Message[];
};

/** `series` is the released formats' (v2+): an unchanged header that starts a new message series (dsh-eras §3). */
export type HeaderReason = 'initial' | 'resume' | 'change' | 'series';

export type RequestHeaderData = {
  readonly header: EpochHeader;
  readonly reason: HeaderReason;
  /** v2+: this request starts a new message series whatever its reason. */
  readonly startsSeries?: true;
};

export type AssistantMessageData = {
  readonly turn: number;
  readonly step: number;
  readonly message: Message;
  readonly usage?: TokenUsage;
  readonly interrupted?: true;
  /** v2+: the attempt's stream, embedded (packed records as DSH writes them); log-only. */
  readonly stream?: readonly JsonValue[];
};

/** v2+: an attempt that sent a request and settled without a surface message (failed, retried, cancelled). Log-only. */
export type AssistantAttemptData = { readonly turn: number; readonly step: number; readonly stream: readonly JsonValue[] };

/** v3+: the system prompt as a surface node; an empty one records "no system prompt" and projects to nothing. */
export type SystemMessageData = { readonly turn: number; readonly step: number; readonly message: Message };

/** v4: tool additions and removals in conversation order; `headerSeq` names the header that defines the added tools. */
export type DeveloperMessageData = { readonly turn: number; readonly step: number; readonly message: Message; readonly headerSeq?: number };

/** v3+: image occurrences of current nodes marked offloaded from here on (dsh-eras §6.4); a message projection. */
export type ImageOffloadData = { readonly targets: readonly { readonly seq: number; readonly imageIndexes: readonly number[] }[] };

export type ToolResultData = {
  readonly turn: number;
  readonly step: number;
  readonly message: Message;
  readonly error?: { readonly name: string; readonly code: string; readonly reason?: string };
  readonly meta?: JsonValue;
};

/** One streamed chunk as an `assistant/chunk` event stores it (spec §2.2). */
export type StreamChunk =
  | { readonly type: 'block-start'; readonly index: number; readonly blockType: 'text' | 'reasoning' | 'tool-call' }
  | { readonly type: 'text-delta'; readonly index: number; readonly text: string }
  | { readonly type: 'reasoning-delta'; readonly index: number; readonly text: string }
  | { readonly type: 'tool-call-delta'; readonly index: number; readonly id: string; readonly name?: string; readonly argumentsDelta: string }
  | { readonly type: 'block-end'; readonly index: number; readonly block: ContentBlock }
  | { readonly type: 'usage'; readonly usage: TokenUsage }
  | { readonly type: 'finish'; readonly reason: FinishReason };

export type FinishReason =
  | { readonly kind: 'stop' }
  | { readonly kind: 'tool-calls' }
  | { readonly kind: 'max-tokens' }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'error'; readonly failure: LlmFailure };

export type LlmFailure = {
  readonly message: string;
  readonly code: string;
  readonly status?: number;
  readonly providerRetryAfterMs?: number;
  readonly requestId?: string;
};

/** Why a turn ended (spec §2.2). `interrupted` is written by crash repair only. */
export type TurnEndReason =
  | { readonly kind: 'completed' }
  | { readonly kind: 'aborted'; readonly reason: JsonValue }
  | { readonly kind: 'blocked' }
  | { readonly kind: 'error'; readonly error: LlmFailure }
  | { readonly kind: 'max-tokens' }
  | { readonly kind: 'interrupted' }
  /** v4: a fork seed closed a turn still open at its boundary. */
  | { readonly kind: 'forked' };

export type TurnData = { readonly turn: number };
export type TurnEndData = { readonly turn: number; readonly reason: TurnEndReason };
export type StepData = { readonly turn: number; readonly step: number };
export type ChunkData = { readonly turn: number; readonly step: number; readonly chunk: StreamChunk };
export type ToolCallData = { readonly turn: number; readonly step: number; readonly callId: string; readonly name: string; readonly arguments: string };
export type SeqRange = { readonly start: number; readonly end: number };

export type InboxSpliceData = {
  readonly target: 'next-turn' | 'next-step';
  readonly start: number;
  readonly removedCount?: number;
  readonly inserted: readonly Message[];
  readonly outcome?: 'canceled';
};

export type CompactionBracketData = { readonly compactionId: string; readonly sourceCommandId?: string; readonly turn: number | null; readonly error?: JsonValue };

export type CompactionSummaryData = {
  readonly compactionId: string;
  readonly sourceCommandId?: string;
  readonly summary: readonly ContentBlock[];
  readonly shadowedRange: SeqRange;
  readonly shadowedSeqs: readonly number[];
  readonly shadowedTokenCount: number;
  /** The one-shot's envelope (spec §2.3); older writers, and a writer that breaks §2.3, leave it out. */
  readonly provider?: string;
  readonly model?: string;
  readonly maxTokens?: number;
  readonly usage?: TokenUsage;
};

/** A session-prefix-era `context/message` (dsh-eras §1.1): a user-role surface message; `meta` is log-only. */
export type ContextMessageData = { readonly message: Message; readonly meta?: JsonValue };

/** A session-prefix-era `prompt/blocked`: a prompt a plugin kept from the model (log only). */
export type PromptBlockedData = { readonly content: readonly ContentBlock[]; readonly source: MessageSource; readonly reason: JsonValue };

/** `compact/start` and `compact/end`, the names of the compaction brackets before the rename to `compaction/*` (dsh-eras §1.1). */
export type CompactBracketData = { readonly turn: number | null; readonly compactionId?: string; readonly sourceCommandId?: string; readonly error?: JsonValue };

/** `compact/summary`: the older payload; `compactionId` and the rest came later, before the rename. */
export type CompactSummaryData = {
  readonly summary: readonly ContentBlock[];
  readonly shadowedRange: SeqRange;
  readonly shadowedSeqs: readonly number[];
  readonly shadowedTokenCount: number;
  readonly provider?: string;
  readonly model?: string;
  readonly maxTokens?: number;
  readonly compactionId?: string;
  readonly sourceCommandId?: string;
  readonly turn?: number | null;
  readonly usage?: TokenUsage;
  readonly rawOutput?: string;
  readonly llmStreamCall?: true;
};

export type CompactionPruneData = { readonly shadowedRange: SeqRange; readonly shadowedSeqs: readonly number[]; readonly shadowedTokenCount: number };

export type RetryData = {
  readonly retryId: string;
  readonly turn: number;
  readonly step: number;
  readonly provider: string;
  readonly mode: 'normal' | 'always';
  readonly policyKey: string;
  readonly retry: number;
  readonly maxRetries?: number;
  readonly delayMs: number;
  readonly failure: LlmFailure;
};

export type RetryStartedData = { readonly retryId: string; readonly turn: number; readonly step: number; readonly retry: number };
export type RequestContextData = { readonly provider: string; readonly model: string; readonly contextWindow?: number; readonly systemPromptUpdate?: string };

/**
 * Event type → payload, for the types the spec gives a shape (spec §2.2–2.3). Load checks
 * the parts §5.2 names (request headers and the three message types); other payloads have
 * the shape the writer gave them, which a reader of foreign logs checks before it trusts.
 */
export type EventDataMap = {
  readonly 'turn/start': TurnData;
  readonly 'turn/end': TurnEndData;
  readonly 'step/start': StepData;
  readonly 'step/end': StepData;
  readonly 'user/message': Message;
  readonly 'assistant/chunk': ChunkData;
  readonly 'assistant/message': AssistantMessageData;
  readonly 'tool/call': ToolCallData;
  readonly 'tool/result': ToolResultData;
  readonly 'request/header': RequestHeaderData;
  readonly 'request/context': RequestContextData;
  readonly 'session/end-seed': { readonly inherited?: true };
  readonly 'agent/inbox/spliced': InboxSpliceData;
  readonly 'compaction/start': CompactionBracketData;
  readonly 'compaction/summary': CompactionSummaryData;
  readonly 'compaction/end': CompactionBracketData;
  readonly 'compaction/prune': CompactionPruneData;
  readonly 'llm/retry': RetryData;
  readonly 'llm/retry-started': RetryStartedData;
  readonly 'context/message': ContextMessageData;
  readonly 'prompt/blocked': PromptBlockedData;
  readonly 'compact/start': CompactBracketData;
  readonly 'compact/summary': CompactSummaryData;
  readonly 'compact/end': CompactBracketData;
  readonly 'compact/prune': CompactionPruneData;
  readonly 'assistant/attempt': AssistantAttemptData;
  readonly 'system/message': SystemMessageData;
  readonly 'developer/message': DeveloperMessageData;
  readonly 'image/offload': ImageOffloadData;
};

export type EventType = keyof EventDataMap;

/** An event whose type is `K`, with that type's payload. */
export type EventOf<K extends EventType> = SessionEvent<EventDataMap[K]> & { readonly type: K };

/** An event of any type `EventDataMap` gives a payload: a union that `switch (event.type)` narrows. */
export type TypedEvent = { readonly [K in EventType]: EventOf<K> }[EventType];
