// @ts-nocheck
import type { SessionEvent } from '../log/index.ts';

/** Where a dispatched request shows in the log: the first event its attempt produced. */
export interface RequestBoundary {
  /** Requests are rebuilt from the events before this seq. */
  readonly seq: number;
  readonly turn: number;
  readonly step: number;
  /** 0 for the first attempt of a step, then one more per retry. */
  readonly attempt: number;
}

// Events that show a request went out: a streamed chunk, the message, a retry of a failed attempt,
// or (from format v2, whose streams are embedded) the settled attempt that committed no message.
const DISPATCH_EVIDENCE: ReadonlySet<string> = new Set(['assistant/chunk', 'assistant/message', 'assistant/attempt', 'llm/retry']);

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
  next(event: SessionEvent): RequestBoundary | undefined {
    switch (event.type) {
      case 'step/start': {
        const data = event.data as { turn?: unknown; step?: unknown };
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
    if (!this.#open || !DISPATCH_EVIDENCE.has(event.type)) return undefined;
    this.#open = false;
    return { seq: event.seq, turn: this.#turn, step: this.#step, attempt: ++this.#attempt };
  }
}

/** The request boundaries of a whole log. */
export function requestBoundaries(events: readonly SessionEvent[]): RequestBoundary[] {
  const tracker = new BoundaryTracker();
  const boundaries: RequestBoundary[] = [];
  for (const event of events) {
    const boundary = tracker.next(event);
    if (boundary !== undefined) boundaries.push(boundary);
  }
  return boundaries;
}
