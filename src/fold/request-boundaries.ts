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

// Events that show a request went out: a streamed chunk, the message, or a retry of a failed attempt.
const DISPATCH_EVIDENCE: ReadonlySet<string> = new Set(['assistant/chunk', 'assistant/message', 'llm/retry']);

/**
 * The request boundaries of a log. An attempt opens at `step/start` or
 * `llm/retry-started`; its boundary is the first chunk, message or retry after that.
 * A step that ends before any of them sent nothing.
 */
export function requestBoundaries(events: readonly SessionEvent[]): RequestBoundary[] {
  const boundaries: RequestBoundary[] = [];
  let turn = 0;
  let step = 0;
  let attempt = -1;
  let open = false;
  for (const event of events) {
    switch (event.type) {
      case 'step/start': {
        const data = event.data as { turn?: unknown; step?: unknown };
        turn = typeof data.turn === 'number' ? data.turn : turn;
        step = typeof data.step === 'number' ? data.step : step;
        attempt = -1;
        open = true;
        continue;
      }
      case 'llm/retry-started':
        open = true;
        continue;
      case 'step/end':
        open = false;
        continue;
    }
    if (open && DISPATCH_EVIDENCE.has(event.type)) {
      attempt++;
      boundaries.push({ seq: event.seq, turn, step, attempt });
      open = false;
    }
  }
  return boundaries;
}
