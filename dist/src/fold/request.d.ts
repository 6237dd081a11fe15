/**
 * The neutral request a loop sends (spec §4.4 item 7) and its reconstruction from a
 * log prefix: `{...header.config, messages, system?, tools?, sessionId}`.
 */
import { type EpochHeader, type LlmCallConfig, type Message, type SessionEvent, type ToolSpec } from '../log/index.ts';
export interface NeutralRequest extends LlmCallConfig {
    readonly messages: readonly Message[];
    readonly system?: string;
    readonly tools?: readonly ToolSpec[];
    readonly sessionId: string;
}
/** The request for a header and messages, deep-frozen. Key order: config keys, messages, system, tools, sessionId. */
export declare function buildRequest(header: EpochHeader, messages: readonly Message[], sessionId: string): NeutralRequest;
/** `buildRequest` without the freeze, which walks every message: for a comparison that keeps nothing. */
export declare function requestOf(header: EpochHeader, messages: readonly Message[], sessionId: string): NeutralRequest;
/**
 * Rebuilds the request dispatched at `boundarySeq` from the events before it, with a
 * fresh fold; undefined when no request/header precedes it (the request cannot be
 * reconstructed).
 */
export declare function reconstructRequest(events: readonly SessionEvent[], boundarySeq: number, sessionId: string): NeutralRequest | undefined;
