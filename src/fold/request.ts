/**
 * The neutral request a loop sends (spec §4.4 item 7) and its reconstruction from a
 * log prefix: `{...header.config, messages, system?, tools?, toolHistory?, sessionId}`. The
 * messages are the header's session prefix, if any (dsh-eras §4.1 item 4), then the derived
 * history. From format v3 there is no `system`: the prompt is the derived message 0
 * (§4.3 item 7); from v4 a request also carries its `toolHistory` (tool-history.ts).
 */
import { deepFreeze, V0, type EpochHeader, type LlmCallConfig, type LogFormat, type Message, type SessionEvent, type ToolSpec } from '../log/index.ts';
import type { Era } from './era.ts';
import { deriveMessagesFresh } from './fold-surface.ts';
import { foldRequestHeader } from './request-header.ts';
import { toolHistoryOf, type ToolHistory } from './tool-history.ts';

export interface NeutralRequest extends LlmCallConfig {
  readonly messages: readonly Message[];
  readonly system?: string;
  readonly tools?: readonly ToolSpec[];
  /** Format v4: the tools of the declaration series and the changes developer messages announced since. */
  readonly toolHistory?: ToolHistory;
  readonly sessionId: string;
}

/** The request for a header and messages, deep-frozen. Key order: config keys, messages, system, tools, toolHistory, sessionId. */
export function buildRequest(header: EpochHeader, messages: readonly Message[], sessionId: string, toolHistory?: ToolHistory): NeutralRequest {
  return deepFreeze(requestOf(header, messages, sessionId, toolHistory));
}

/** `buildRequest` without the freeze, which walks every message: for a comparison that keeps nothing. */
export function requestOf(header: EpochHeader, messages: readonly Message[], sessionId: string, toolHistory?: ToolHistory): NeutralRequest {
  return {
    ...header.config,
    messages: header.messagePrefix === undefined ? messages : [...header.messagePrefix, ...messages],
    // Stryker disable next-line ConditionalExpression: a key holding undefined is not in the request's JSON, which is all an answer or a serializer reads of it
    ...(header.system === undefined ? {} : { system: header.system }),
    // Stryker disable next-line ConditionalExpression: a key holding undefined is not in the request's JSON, which is all an answer or a serializer reads of it
    ...(header.tools === undefined ? {} : { tools: header.tools }),
    // Stryker disable next-line all: format v4's toolHistory; the reference builds format v0 requests, where it is always undefined
    ...(toolHistory === undefined ? {} : { toolHistory }),
    sessionId,
  };
}

/**
 * Rebuilds the request dispatched at `boundarySeq` from the events before it, with a
 * fresh fold; undefined when no request/header precedes it (the request cannot be
 * reconstructed). In the session-prefix era the messages are those of the events before
 * the step's `step/start`, after the header's prefix (dsh-eras §4.1).
 */
// Stryker disable next-line StringLiteral: the reference's only caller, the dispatch-time check, passes the era
export function reconstructRequest(events: readonly SessionEvent[], boundarySeq: number, sessionId: string, era: Era = 'current', format: LogFormat = V0): NeutralRequest | undefined {
  // The dispatch-time check passes the whole log: no second copy of it.
  // Stryker disable next-line ConditionalExpression,EqualityOperator,MethodExpression: the reference's only caller, the dispatch-time check, passes the whole log, whose slice to its length is itself
  const prefix = boundarySeq === events.length ? events : events.slice(0, boundarySeq);
  const header = foldRequestHeader(prefix);
  // Stryker disable next-line ConditionalExpression: the reference's loop logs a snapshot before its first request, so its dispatch-time check always finds one
  if (header === undefined) return undefined;
  const messages = era === 'current' ? prefix : prefix.slice(0, stepStartBefore(prefix));
  return buildRequest(header, deriveMessagesFresh(messages), sessionId, format.toolRole ? toolHistoryOf(prefix) : undefined);
}

/** The seq of the last `step/start` in `events` (their length when there is none). */
function stepStartBefore(events: readonly SessionEvent[]): number {
  // Stryker disable next-line EqualityOperator: the reference folds only its loop's own logs, whose event 0 is a turn/start, never a step/start
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.type === 'step/start') return i;
  return events.length;
}
