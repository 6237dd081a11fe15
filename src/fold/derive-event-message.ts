import { isTyped, type Message, type SessionEvent } from '../log/index.ts';

/**
 * The message one surface event projects to, or null (spec §3.1). Projection adds
 * nothing and copies nothing: it returns the event's own frozen message object.
 */
export function deriveEventMessage(event: SessionEvent): Message | null {
  if (!isTyped(event)) return null;
  switch (event.type) {
    case 'user/message':
      return event.data;
    case 'assistant/message': {
      const message = event.data.message;
      // A usage-only step (no content) is not a message the model sees.
      return message.content.length === 0 ? null : message;
    }
    case 'tool/result':
      return event.data.message;
    default:
      return null;
  }
}
