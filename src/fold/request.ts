/**
 * The neutral request a loop sends (spec §4.4 item 7) and its reconstruction from a
 * log prefix: `{...header.config, messages, system?, tools?, sessionId}`.
 */
import { deepFreeze, type EpochHeader, type LlmCallConfig, type Message, type SessionEvent, type ToolSpec } from '../log/index.ts';
import { deriveMessagesFresh } from './fold-surface.ts';
import { foldRequestHeader } from './request-header.ts';

export interface NeutralRequest extends LlmCallConfig {
  readonly messages: readonly Message[];
  readonly system?: string;
  readonly tools?: readonly ToolSpec[];
  readonly sessionId: string;
}

/** The request for a header and messages, deep-frozen. Key order: config keys, messages, system, tools, sessionId. */
export function buildRequest(header: EpochHeader, messages: readonly Message[], sessionId: string): NeutralRequest {
  return deepFreeze(requestOf(header, messages, sessionId));
}

/** `buildRequest` without the freeze, which walks every message: for a comparison that keeps nothing. */
export function requestOf(header: EpochHeader, messages: readonly Message[], sessionId: string): NeutralRequest {
  return {
    ...header.config,
    messages,
    ...(header.system === undefined ? {} : { system: header.system }),
    ...(header.tools === undefined ? {} : { tools: header.tools }),
    sessionId,
  };
}

/**
 * Rebuilds the request dispatched at `boundarySeq` from the events before it, with a
 * fresh fold; undefined when no request/header precedes it (the request cannot be
 * reconstructed).
 */
export function reconstructRequest(events: readonly SessionEvent[], boundarySeq: number, sessionId: string): NeutralRequest | undefined {
  // The dispatch-time check passes the whole log: no second copy of it.
  const prefix = boundarySeq === events.length ? events : events.slice(0, boundarySeq);
  const header = foldRequestHeader(prefix);
  return header === undefined ? undefined : buildRequest(header, deriveMessagesFresh(prefix), sessionId);
}
