/**
 * How a server lays out server-sent events: every variation the SSE format allows and
 * providers or proxies send — LF or CRLF line ends, `data:` with or without its space, a
 * payload spread over several `data:` lines, `event:` and `id:` fields, keep-alive
 * comments between events, and a last event with or without its closing blank line.
 * The payloads are the same whatever the framing, so a parser must give the same content.
 */
// @ts-nocheck

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
export function framing(eventField: fc.Arbitrary<boolean>): fc.Arbitrary<Framing> {
  return fc.record({
    lineEnd: fc.constantFrom<Framing['lineEnd']>('\n', '\r\n'),
    end: fc.constantFrom<Framing['end']>('blank', 'blank', 'line', 'none'),
    multiLine: fc.boolean(),
    compact: fc.boolean(),
    eventField,
    idField: fc.boolean(),
    comments: fc.boolean(),
  });
}

export function frame(messages: readonly SseMessage[], f: Framing): string {
  const field = (name: string, value: string) => `${name}:${f.compact ? '' : ' '}${value}${f.lineEnd}`;
  const events = messages.map((m, i) => {
    let out = '';
    if (f.comments && i % 3 === 1) out += `: keep-alive${f.lineEnd}${f.lineEnd}`;
    if (f.eventField && m.event !== undefined) out += field('event', m.event);
    if (f.idField) out += field('id', String(i));
    if (f.comments && i === 2) out += `: inside an event${f.lineEnd}`;
    const text = m.literal === true ? String(m.data) : JSON.stringify(m.data, null, f.multiLine ? 1 : undefined);
    for (const line of text.split('\n')) out += field('data', line);
    return out;
  });
  const body = events.join(f.lineEnd);
  if (f.end === 'blank') return body + f.lineEnd;
  if (f.end === 'line') return body;
  return body.slice(0, -f.lineEnd.length);
}

export function framingLabels(f: Framing): Record<string, boolean> {
  return {
    CRLF: f.lineEnd === '\r\n',
    'no final blank line': f.end !== 'blank',
    'multi-line data': f.multiLine,
    'data: without space': f.compact,
    'event field': f.eventField,
    comments: f.comments,
  };
}

/** `text` cut into 1–4 pieces between code points, as a model streams it. */
export function pieces(text: string): fc.Arbitrary<string[]> {
  const points = Array.from(text);
  if (points.length < 2) return fc.constant([text]);
  return fc.uniqueArray(fc.integer({ min: 1, max: points.length - 1 }), { maxLength: 3 }).map((cuts) => {
    const at = [0, ...cuts.sort((a, b) => a - b), points.length];
    return at.slice(1).map((end, i) => points.slice(at[i], end).join(''));
  });
}

/**
 * Offsets where a reader's state turns (between a CR and its LF, right after a field's
 * colon, at a line's start): a reader that keeps its state wrongly across pieces breaks
 * only when a piece ends exactly there.
 */
function framingPoints(bytes: Buffer): number[] {
  const out: number[] = [];
  let lineStart = 0;
  for (let i = 1; i < bytes.length; i++) {
    const before = bytes[i - 1]!;
    if (before === 0x0a || before === 0x0d) {
      if (bytes[i] === 0x0a || before === 0x0a) out.push(i);
      lineStart = i;
    } else if (before === 0x3a && bytes.subarray(lineStart, i - 1).every((b) => b >= 0x61 && b <= 0x7a)) out.push(i);
  }
  return out;
}

/** Byte offsets to cut a body at, some inside a UTF-8 sequence and some at a turn of the framing, as a network delivers it. */
export function cutsOf(body: string): fc.Arbitrary<number[]> {
  const bytes = Buffer.from(body);
  const inside = [...bytes.keys()].filter((i) => (bytes[i]! & 0xc0) === 0x80);
  const turns = framingPoints(bytes);
  const anywhere = fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 20 });
  return fc
    .tuple(anywhere, fc.subarray(inside, { maxLength: Math.min(4, inside.length) }), fc.subarray(turns, { maxLength: Math.min(4, turns.length) }))
    .map(([a, b, c]) => [...new Set([...a, ...b, ...c])].sort((x, y) => x - y));
}

/** Whether a cut falls between a CR and its LF (a line end split between two pieces). */
export function cutInsideLineEnd(body: string, cuts: readonly number[]): boolean {
  const bytes = Buffer.from(body);
  return cuts.some((c) => bytes[c - 1] === 0x0d && bytes[c] === 0x0a);
}

export function cutInsideCharacter(body: string, cuts: readonly number[]): boolean {
  const bytes = Buffer.from(body);
  return cuts.some((c) => (bytes[c]! & 0xc0) === 0x80);
}
