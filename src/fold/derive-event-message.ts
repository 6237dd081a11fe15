import { isEvent, type Message, type SessionEvent } from '../log/index.ts';

/**
 * The message one surface event projects to, or null (spec §3.1). Projection adds
 * nothing and copies nothing: it returns the event's own frozen message object.
 */
export function deriveEventMessage(event: SessionEvent): Message | null {
  // String comparisons, not isTyped's table lookup: the fold projects every surface node through here.
  if (isEvent(event, 'user/message')) return event.data;
  if (isEvent(event, 'tool/result') || isEvent(event, 'context/message')) return event.data.message;
  if (!isEvent(event, 'assistant/message')) return null;
  const message = event.data.message;
  // A usage-only step (no content) is not a message the model sees.
  return message.content.length === 0 ? null : message;
}
