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
  // Stryker disable next-line ObjectLiteral: fatal: false is TextDecoder's default, so {} decodes alike
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

  #take(): SseEvent[] {
    const out = this.#pending;
    this.#pending = [];
    return out;
  }
}

/**
 * All events of a complete SSE body, given as the pieces it arrived in. An event is complete
 * at its blank line: a last one the body ends before is not dispatched, as the SSE standard
 * says ("the incomplete event is not dispatched") and DSH rc.8's reader does.
 */
export function parseSse(pieces: Iterable<Uint8Array | string>): SseEvent[] {
  const decoder = new SseDecoder();
  return [...pieces].flatMap((piece) => decoder.push(piece));
}

// Stryker disable all: read only by src/http (usage of recorded and proxied responses), never by the reference; test/http/sse-usage.test.ts checks it
/** The JSON payload of every event, skipping the `[DONE]` sentinel of OpenAI-style streams and non-object payloads. */
export function sseJson(events: readonly SseEvent[]): Array<{ readonly event?: string; readonly json: Record<string, unknown> }> {
  return events.flatMap(({ event, data }) => {
    if (data === '[DONE]') return [];
    try {
      const json: unknown = JSON.parse(data);
      if (typeof json !== 'object' || json === null) return [];
      return [event === undefined ? { json: json as Record<string, unknown> } : { event, json: json as Record<string, unknown> }];
    } catch {
      return [];
    }
  });
}
// Stryker restore all
