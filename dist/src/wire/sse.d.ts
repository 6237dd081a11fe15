export interface SseEvent {
    readonly event?: string;
    readonly data: string;
}
/**
 * Server-sent events from bytes that arrive in arbitrary pieces: a UTF-8 sequence or a
 * line may be split anywhere, and the events come out the same.
 */
export declare class SseDecoder {
    #private;
    push(piece: Uint8Array | string): SseEvent[];
    /** Flushes a final event that was not followed by a blank line. */
    end(): SseEvent[];
}
/**
 * All events of a complete SSE body, given whole or as the pieces it arrived in. A last
 * event that lacks its closing blank line is still delivered: some servers end that way.
 */
export declare function parseSse(body: Uint8Array | string | Iterable<Uint8Array | string>): SseEvent[];
/** The JSON payload of every event, skipping the `[DONE]` sentinel of OpenAI-style streams and non-object payloads. */
export declare function sseJson(events: readonly SseEvent[]): Array<{
    readonly event?: string;
    readonly json: Record<string, unknown>;
}>;
