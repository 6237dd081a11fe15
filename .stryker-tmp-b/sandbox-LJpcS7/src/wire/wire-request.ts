// @ts-nocheck
import type { LlmCallConfig, Message, ToolSpec } from '../log/index.ts';

/**
 * What a serializer takes: a loop request (`sessionId` set) or a one-shot such as a
 * compaction summary (`purpose` set). A `NeutralRequest` is one of these.
 */
export interface GenerateRequest extends LlmCallConfig {
  readonly messages: readonly Message[];
  readonly system?: string;
  readonly tools?: readonly ToolSpec[];
  readonly sessionId?: string;
  readonly purpose?: 'compaction' | 'session-title';
}

/** The exact bytes of one HTTP request. Credentials are added by the client, never here. */
export interface WireRequest {
  readonly method: 'POST';
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}
