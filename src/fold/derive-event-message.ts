import { isEvent, type Message, type SessionEvent } from '../log/index.ts';

/**
 * The message one surface event projects to, or null (spec §3.1; dsh-eras §2 for the
 * released formats). Projection adds nothing and copies nothing: it returns the event's own
 * frozen message object, or the one an image/offload projected for its node (`projected`).
 */
export function deriveEventMessage(event: SessionEvent, projected?: (seq: number) => Message | undefined): Message | null {
  const changed = projected?.(event.seq);
  // Stryker disable next-line ConditionalExpression: a node has a projection only after a format v3+ image/offload, which the reference (v0) never reads
  if (changed !== undefined) return changed;
  // String comparisons, not isTyped's table lookup: the fold projects every surface node through here.
  if (isEvent(event, 'user/message')) return event.data;
  if (isEvent(event, 'tool/result') || isEvent(event, 'context/message')) return event.data.message;
  // A usage-only step (no content) is not a message the model sees; an empty system/message
  // records "no system prompt" and an empty developer/message keeps its place, both sending nothing.
  // Stryker disable next-line ConditionalExpression,BooleanLiteral,StringLiteral: only surface nodes come here, and in the reference's format v0 each that reaches this line is an assistant/message (system/message is v3+, developer/message v4), so the test is false whenever it runs
  if (!isEvent(event, 'assistant/message') && !isEvent(event, 'system/message') && !isEvent(event, 'developer/message')) return null;
  const message = event.data.message;
  return message.content.length === 0 ? null : message;
}
