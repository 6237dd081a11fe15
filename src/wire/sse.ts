import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseEvent {
  readonly event?: string;
  readonly data: string;
}

/**
 * Server-sent events from bytes that arrive in arbitrary pieces: a UTF-8 sequence or a
 * line may be split anywhere, and the events come out the same.
 */
export class SseDecoder {
  readonly #decoder = new TextDecoder('utf-8', { fatal: false });
  #pending: SseEvent[] = [];
  readonly #parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      this.#pending.push(message.event === undefined ? { data: message.data } : { event: message.event, data: message.data });
    },
  });

  push(piece: Uint8Array | string): SseEvent[] {
    this.#parser.feed(typeof piece === 'string' ? piece : this.#decoder.decode(piece, { stream: true }));
    return this.#take();
  }

  /** Flushes a final event that was not followed by a blank line. */
  end(): SseEvent[] {
    const rest = this.#decoder.decode();
    if (rest !== '') this.#parser.feed(rest);
    this.#parser.feed('\n\n');
    return this.#take();
  }

  #take(): SseEvent[] {
    const out = this.#pending;
    this.#pending = [];
    return out;
  }
}

/** All events of a complete SSE body. */
export function parseSse(body: Uint8Array | string): SseEvent[] {
  const decoder = new SseDecoder();
  return [...decoder.push(body), ...decoder.end()];
}
