/**
 * How a server lays out server-sent events: every variation the SSE format allows and
 * providers or proxies send — LF or CRLF line ends, `data:` with or without its space, a
 * payload spread over several `data:` lines, `event:` and `id:` fields, keep-alive
 * comments between events, and a last event with or without its closing blank line.
 * The payloads are the same whatever the framing, so a parser must give the same content.
 */
import fc from 'fast-check';
export interface Framing {
    readonly lineEnd: '\n' | '\r\n';
    /** How the body ends after the last event's last line: a blank line, one line end, or nothing. */
    readonly end: 'blank' | 'line' | 'none';
    /** Payloads pretty-printed over several `data:` lines (joined with "\n" by the reader, still one JSON value). */
    readonly multiLine: boolean;
    /** `data:{…}` rather than `data: {…}`. */
    readonly compact: boolean;
    /** `event:` fields on every event that has a name. */
    readonly eventField: boolean;
    readonly idField: boolean;
    /** `: keep-alive` comments between events (and one inside an event). */
    readonly comments: boolean;
}
export interface SseMessage {
    readonly event?: string;
    /** A JSON value, or the literal text of a sentinel such as `[DONE]`. */
    readonly data: unknown;
    readonly literal?: true;
}
/** `eventField` says whether `event:` lines are written; streams whose events must be named force it. */
export declare function framing(eventField: fc.Arbitrary<boolean>): fc.Arbitrary<Framing>;
export declare function frame(messages: readonly SseMessage[], f: Framing): string;
export declare function framingLabels(f: Framing): Record<string, boolean>;
/** `text` cut into 1–4 pieces between code points, as a model streams it. */
export declare function pieces(text: string): fc.Arbitrary<string[]>;
/** Byte offsets to cut a body at, some of them inside a UTF-8 sequence, as a network delivers it. */
export declare function cutsOf(body: string): fc.Arbitrary<number[]>;
export declare function cutInsideCharacter(body: string, cuts: readonly number[]): boolean;
