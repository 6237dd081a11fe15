import { deriveEventMessage } from "./derive-event-message.js";
/**
 * The surface nodes of an already-validated event list, folded from scratch. This is
 * the offline fold: it shares no state with a live `Session`, which is what makes it
 * an independent check of the live cache.
 */
export function foldSurface(events) {
    const nodes = [];
    for (const event of events) {
        const op = event.surfaceOp;
        if (op === undefined)
            continue;
        if (op === 'append')
            nodes.push(event.seq);
        else {
            const from = nodes.indexOf(op.start);
            nodes.splice(from, nodes.indexOf(op.end) - from + 1, event.seq);
        }
    }
    return nodes;
}
/** `deriveMessages()` of a fresh fold over `events` (spec §3.2, the THEOREM test's rebuild). */
export function deriveMessagesFresh(events) {
    const messages = [];
    for (const seq of foldSurface(events)) {
        const message = deriveEventMessage(events[seq]);
        if (message !== null)
            messages.push(message);
    }
    return messages;
}
