/**
 * What a generated provider stream carries besides its bytes: the content the generator
 * put in it, written down as the spec says a parser must give it back (spec §2.1, §8.2).
 * This is the independent oracle of the stream properties: it comes from the generator's
 * own choices, never from a parser.
 */
import fc from 'fast-check';
import type { ContentBlock, TokenUsage } from '../../src/log/index.ts';
export type StreamProvider = 'deepseek' | 'openai' | 'anthropic';
/** The finish a parser must report: a kind, and for errors the code (the message is the parser's own words). */
export type ExpectedFinish = {
    readonly kind: 'stop' | 'tool-calls' | 'max-tokens';
} | {
    readonly kind: 'error';
    readonly code: string;
};
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
/** A text of any class, and the pieces a model streams it in. */
export declare const streamedText: fc.Arbitrary<{
    readonly text: string;
    readonly pieces: readonly string[];
}>;
/** Tool-call arguments: a JSON object whose values are texts of every class, or (rarely) raw text. */
export declare const toolArguments: fc.Arbitrary<string>;
export interface StreamedCall {
    readonly id: string;
    readonly name: string;
    readonly arguments: string;
    readonly pieces: readonly string[];
}
export declare const streamedCall: (i: number) => fc.Arbitrary<StreamedCall>;
/** Several calls with distinct ids. */
export declare const streamedCalls: fc.Arbitrary<StreamedCall[]>;
/** A count of tokens, or a field a provider left out or set to null. */
export type Reported = number | null | undefined;
/** The value of a count the provider reported; null and absence both mean "not reported". */
export declare const reported: (value: Reported) => number | undefined;
/** A reported count, or one left out or set to null. */
export declare const maybeCount: (max: number) => fc.Arbitrary<Reported>;
/** Only the keys whose value is defined, in the order given. */
export declare function defined(entries: Record<string, unknown>): Record<string, unknown>;
/** TokenUsage in the spec's key order, the optional counts only when reported. */
export declare function tokenUsage(input: number, output: number, read?: number, write?: number, reasoning?: number): TokenUsage;
/**
 * The harness finish for a provider's reason (spec §8.2): the known reasons map to their
 * kind, a stop without any block is EMPTY_RESPONSE, no reason INCOMPLETE_STREAM, any other
 * reason an error coded with it in upper case.
 */
export declare function expectedFinish(reason: string | null, kinds: Readonly<Record<string, 'stop' | 'tool-calls' | 'max-tokens'>>, blocks: number): ExpectedFinish;
export declare function finishLabels(finish: ExpectedFinish): Record<string, boolean>;
