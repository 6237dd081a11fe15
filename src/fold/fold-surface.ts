import { isEvent, offloadImages, type Message, type SessionEvent } from '../log/index.ts';
import { deriveEventMessage } from './derive-event-message.ts';

/**
 * The surface nodes of an already-validated event list, folded from scratch. This is
 * the offline fold: it shares no state with a live `Session`, which is what makes it
 * an independent check of the live cache.
 */
// Stryker disable next-line BlockStatement: the surface order for the audit and the unit tests; the reference's fold is its live Session
export function foldSurface(events: readonly SessionEvent[]): number[] {
  return foldProjected(events).nodes;
}

/** The nodes, and the messages image/offload events (format v3+) projected for some of them. */
function foldProjected(events: readonly SessionEvent[]): { nodes: number[]; projected: Map<number, Message> } {
  const nodes: number[] = [];
  const projected = new Map<number, Message>();
  for (const event of events) {
    // Stryker disable all: image/offload is format v3+'s, which the reference (v0) never reads
    if (isEvent(event, 'image/offload')) {
      for (const { seq, imageIndexes } of event.data.targets) {
        const message = offloadImages(projected.get(seq) ?? deriveEventMessage(events[seq]!)!, imageIndexes);
        // The log refused an offload that does not apply: here it always does.
        if (typeof message !== 'string') projected.set(seq, message);
      }
    }
    // Stryker restore all
    const op = event.surfaceOp;
    if (op === undefined) continue;
    if (op === 'append') nodes.push(event.seq);
    else {
      const from = nodes.indexOf(op.start);
      for (const seq of nodes.splice(from, nodes.indexOf(op.end) - from + 1, event.seq)) projected.delete(seq);
    }
  }
  return { nodes, projected };
}

/** `deriveMessages()` of a fresh fold over `events` (spec §3.2, the THEOREM test's rebuild). */
export function deriveMessagesFresh(events: readonly SessionEvent[]): Message[] {
  const { nodes, projected } = foldProjected(events);
  // Stryker disable next-line ArrowFunction: a node has a projection only after a format v3+ image/offload, which the reference (v0) never reads
  const at = (seq: number) => projected.get(seq);
  const messages: Message[] = [];
  for (const seq of nodes) {
    const message = deriveEventMessage(events[seq]!, at);
    if (message !== null) messages.push(message);
  }
  return messages;
}
