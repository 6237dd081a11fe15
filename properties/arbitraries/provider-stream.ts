/**
 * What a generated provider stream carries besides its bytes: the content the generator
 * put in it, written down as the spec says a parser must give it back (spec §2.1, §8.2).
 * This is the independent oracle of the stream properties: it comes from the generator's
 * own choices, never from a parser.
 */
import fc from 'fast-check';
import type { ContentBlock, TokenUsage } from '../../src/log/index.ts';
import { anyText, toolName } from './text.ts';
import { pieces, type SseMessage } from './sse-framing.ts';
import { independently } from '../_internals/independent.ts';

export type StreamProvider = 'deepseek' | 'openai' | 'anthropic';

/** The finish a parser must report: a kind, and for errors the code (the message is the parser's own words). */
export type ExpectedFinish = { readonly kind: 'stop' | 'tool-calls' | 'max-tokens' } | { readonly kind: 'error'; readonly code: string };

export interface ExpectedStream {
  /** The closed blocks, in harness index order. */
  readonly blocks: readonly ContentBlock[];
  readonly usage: TokenUsage | null;
  readonly finish: ExpectedFinish;
  /**
   * The parser may not see the stream's terminator (`[DONE]`, `message_stop`): the
   * connection ended before it, the server sent an error instead, or the terminator lacks
   * its closing blank line (the SSE standard drops such a last event; lenient readers keep
   * it). A parser may then refuse the whole stream, or end it with an error finish of its
   * own instead of the finish it carried; the blocks and usage must still be exact.
   */
  readonly unterminated?: true;
}

export interface GeneratedStream {
  readonly provider: StreamProvider;
  readonly body: string;
  readonly expected: ExpectedStream;
  /** What the generator chose, for generator statistics and floors. */
  readonly labels: Readonly<Record<string, boolean>>;
}

/**
 * Text a model writes about the wire itself (a reply explaining SSE, a log it quotes): the
 * framing's sentinels and field names inside a payload's strings, each whole in one delta
 * (the text around it may stream apart). A reader that looks for them in the raw bytes or
 * in a payload's text, instead of parsing, ends or splits the stream early.
 */
const WIRE_LOOKALIKES = [
  // The terminators first: a reader that trips on one ends the stream.
  '[DONE]', 'data: [DONE]', 'data: [DONE]\n\n', 'event: message_stop\ndata: {"type":"message_stop"}',
  '\n\ndata: {"choices":[]}\n\n', '"finish_reason":"stop"', '"usage":{"prompt_tokens":1}', ': keep-alive\r\n\r\nid: 7\nretry: 10',
];

/** Whether `text` holds one of the wire's sentinels or field names (for generator statistics). */
export const looksLikeWire = (text: string): boolean => WIRE_LOOKALIKES.some((w) => text.includes(w));

const wireLookalike = fc
  .record({ before: fc.constantFrom('', 'The stream ends with ', 'Quoted: '), quote: fc.constantFrom(...WIRE_LOOKALIKES), after: fc.constantFrom('', ' and then it closes.', '\n'), joined: fc.constantFrom('all', 'before', 'after', 'none') })
  .map(({ before, quote, after, joined }) => {
    const parts = joined === 'all' ? [before + quote + after] : joined === 'before' ? [before + quote, after] : joined === 'after' ? [before, quote + after] : [before, quote, after];
    // The quote is never empty, so no delta is.
    return { text: before + quote + after, pieces: parts.filter((p) => p !== '') };
  });

/** A text of any class, and the pieces a model streams it in; now and then one that quotes the wire. */
export const streamedText: fc.Arbitrary<{ readonly text: string; readonly pieces: readonly string[] }> = fc.oneof(
  { weight: 3, arbitrary: anyText.chain((text) => pieces(text).map((p) => ({ text, pieces: p }))) },
  { weight: 1, arbitrary: wireLookalike },
);

/** A number a model writes in its arguments: zero, negative, fractional, tiny and huge ones included. */
const argumentNumber = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 0.5, -2.75, 1e-7, 1e21), fc.double({ noNaN: true, noDefaultInfinity: true }));

/**
 * Tool-call arguments: a JSON object whose values are texts of every class, numbers of every
 * class, booleans, null and lists, under keys that include the ones JavaScript objects treat
 * specially (`__proto__`, `constructor`), or (rarely) raw text.
 */
export const toolArguments: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .dictionary(fc.constantFrom('path', 'command', 'text', 'query', 'ключ', '🙂', '__proto__', 'constructor'), fc.oneof(anyText, argumentNumber, fc.boolean(), fc.constant(null), fc.array(anyText, { maxLength: 2 })), { maxKeys: 3 })
      .map((o) => JSON.stringify(o)),
  },
  { weight: 1, arbitrary: anyText },
);

export interface StreamedCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string;
  readonly pieces: readonly string[];
}

export const streamedCall = (i: number): fc.Arbitrary<StreamedCall> =>
  fc
    .record({ id: fc.constantFrom(`call_${i}`, `call_00_xjY8Z2BvSlzgEmmw0DtH046${i}`, `toolu_01${i}A09q90qw90lq917835lq9`), name: toolName, arguments: toolArguments })
    .chain((c) => pieces(c.arguments).map((p) => ({ ...c, pieces: p })));

/** Several calls with distinct ids. */
export const streamedCalls: fc.Arbitrary<StreamedCall[]> = fc.constantFrom(0, 0, 0, 1, 2, 3).chain((n) => (n === 0 ? fc.constant([]) : fc.tuple(...Array.from({ length: n }, (_, i) => streamedCall(i)))));

/** A count of tokens, or a field a provider left out or set to null. */
export type Reported = number | null | undefined;

/** The value of a count the provider reported; null and absence both mean "not reported". */
export const reported = (value: Reported): number | undefined => (typeof value === 'number' ? value : undefined);

/** A reported count, or one left out or set to null. */
export const maybeCount = (max: number): fc.Arbitrary<Reported> => fc.oneof({ weight: 3, arbitrary: fc.nat(max) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant(undefined) });

/** Only the keys whose value is defined, in the order given. */
export function defined(entries: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

/** TokenUsage in the spec's key order, the optional counts only when reported. */
export function tokenUsage(input: number, output: number, read?: number, write?: number, reasoning?: number): TokenUsage {
  return {
    inputTokens: input,
    outputTokens: output,
    ...(read === undefined ? {} : { cacheReadTokens: read }),
    ...(write === undefined ? {} : { cacheWriteTokens: write }),
    ...(reasoning === undefined ? {} : { reasoningTokens: reasoning }),
  };
}

/**
 * The harness finish for a provider's reason (spec §8.2): the known reasons map to their
 * kind, a stop without any block is EMPTY_RESPONSE, no reason INCOMPLETE_STREAM, any other
 * reason an error coded with it in upper case.
 */
export function expectedFinish(reason: string | null, kinds: Readonly<Record<string, 'stop' | 'tool-calls' | 'max-tokens'>>, blocks: number): ExpectedFinish {
  if (reason === null) return { kind: 'error', code: 'INCOMPLETE_STREAM' };
  const kind = Object.hasOwn(kinds, reason) ? kinds[reason] : undefined;
  if (kind === undefined) return { kind: 'error', code: reason.toUpperCase() };
  if (kind === 'stop' && blocks === 0) return { kind: 'error', code: 'EMPTY_RESPONSE' };
  return { kind };
}

export function finishLabels(finish: ExpectedFinish): Record<string, boolean> {
  return {
    'finish: stop': finish.kind === 'stop',
    'finish: tool calls': finish.kind === 'tool-calls',
    'finish: max tokens': finish.kind === 'max-tokens',
    'finish: error': finish.kind === 'error',
  };
}

/** An event a reader cannot read, and where it goes: `at` picks a place among the events it may stand between. */
export interface UnreadableEvent {
  readonly at: number;
  readonly message: SseMessage;
}

/**
 * Now and then (one stream in four) one to three of `payloads`, each an event whose data is
 * JSON but no object, or an object whose fields are not of the format's type (WIRE-5.4).
 * Drawn from a stream of its own, so the stream they go into comes out as it did without them.
 */
export function unreadableEvents(name: string, payloads: readonly SseMessage[]): fc.Arbitrary<readonly UnreadableEvent[]> {
  const one = fc.record({ at: fc.nat(), message: fc.constantFrom(...payloads) });
  return independently(name, fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(one, { minLength: 1, maxLength: 3 }) }));
}

/** `events` with each unreadable one put before the event its `at` picks among the first `places` (default: anywhere, the end included). */
export function withUnreadable(events: readonly SseMessage[], unreadable: readonly UnreadableEvent[], places = events.length + 1): SseMessage[] {
  const out = [...events];
  // From the last place to the first, so an insertion does not move the places still to fill.
  const placed = unreadable.map((u) => ({ place: u.at % places, message: u.message })).sort((a, b) => b.place - a.place);
  for (const { place, message } of placed) out.splice(place, 0, message);
  return out;
}
