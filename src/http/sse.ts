/**
 * Server-sent events from recorded chunks. Bytes are decoded with a streaming decoder, so
 * a chunk boundary inside a UTF-8 sequence costs nothing, and events are cut by
 * eventsource-parser, so a boundary inside a line or an event costs nothing either:
 * however the bytes were chunked, the events are the same.
 */
import { createParser } from 'eventsource-parser';

export interface SseEvent {
  /** The `event:` name (Anthropic and the Responses API name theirs); absent for plain `data:` streams. */
  readonly event?: string;
  readonly data: string;
}

export function parseSse(chunks: Iterable<Uint8Array | string>): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => events.push(event === undefined ? { data } : { event, data }) });
  const decoder = new TextDecoder();
  for (const chunk of chunks) parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  parser.feed(decoder.decode());
  return events;
}

/** The JSON payload of every event, skipping the `[DONE]` sentinel of OpenAI-style streams. */
export function sseJson(events: readonly SseEvent[]): Array<{ readonly event?: string; readonly json: Record<string, unknown> }> {
  return events.flatMap(({ event, data }) => {
    if (data === '[DONE]') return [];
    try {
      const json: unknown = JSON.parse(data);
      return typeof json === 'object' && json !== null ? [event === undefined ? { json: json as Record<string, unknown> } : { event, json: json as Record<string, unknown> }] : [];
    } catch {
      return [];
    }
  });
}
