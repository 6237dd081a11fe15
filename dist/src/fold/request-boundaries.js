// Events that show a request went out: a streamed chunk, the message, or a retry of a failed attempt.
const DISPATCH_EVIDENCE = new Set(['assistant/chunk', 'assistant/message', 'llm/retry']);
/**
 * The request boundaries of a log, found event by event. An attempt opens at `step/start`
 * or `llm/retry-started`; its boundary is the first chunk, message or retry after that.
 * A step that ends before any of them sent nothing.
 */
export class BoundaryTracker {
    #turn = 0;
    #step = 0;
    #attempt = -1;
    #open = false;
    /** The boundary `event` is, if it is one; call with every event, in order. */
    next(event) {
        switch (event.type) {
            case 'step/start': {
                const data = event.data;
                this.#turn = typeof data.turn === 'number' ? data.turn : this.#turn;
                this.#step = typeof data.step === 'number' ? data.step : this.#step;
                this.#attempt = -1;
                this.#open = true;
                return undefined;
            }
            case 'llm/retry-started':
                this.#open = true;
                return undefined;
            case 'step/end':
                this.#open = false;
                return undefined;
        }
        if (!this.#open || !DISPATCH_EVIDENCE.has(event.type))
            return undefined;
        this.#open = false;
        return { seq: event.seq, turn: this.#turn, step: this.#step, attempt: ++this.#attempt };
    }
}
/** The request boundaries of a whole log. */
export function requestBoundaries(events) {
    const tracker = new BoundaryTracker();
    const boundaries = [];
    for (const event of events) {
        const boundary = tracker.next(event);
        if (boundary !== undefined)
            boundaries.push(boundary);
    }
    return boundaries;
}
