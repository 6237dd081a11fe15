/**
 * What a generated provider stream carries besides its bytes: the content the generator
 * put in it, written down as the spec says a parser must give it back (spec §2.1, §8.2).
 * This is the independent oracle of the stream properties: it comes from the generator's
 * own choices, never from a parser.
 */
import fc from 'fast-check';
import { anyText, toolName } from "./text.js";
import { pieces } from "./sse-framing.js";
/** A text of any class, and the pieces a model streams it in. */
export const streamedText = anyText.chain((text) => pieces(text).map((p) => ({ text, pieces: p })));
/** Tool-call arguments: a JSON object whose values are texts of every class, or (rarely) raw text. */
export const toolArguments = fc.oneof({ weight: 4, arbitrary: fc.dictionary(fc.constantFrom('path', 'command', 'text', 'query', 'ключ', '🙂'), fc.oneof(anyText, fc.integer(), fc.boolean(), fc.array(anyText, { maxLength: 2 })), { maxKeys: 3 }).map((o) => JSON.stringify(o)) }, { weight: 1, arbitrary: anyText });
export const streamedCall = (i) => fc
    .record({ id: fc.constantFrom(`call_${i}`, `call_00_xjY8Z2BvSlzgEmmw0DtH046${i}`, `toolu_01${i}A09q90qw90lq917835lq9`), name: toolName, arguments: toolArguments })
    .chain((c) => pieces(c.arguments).map((p) => ({ ...c, pieces: p })));
/** Several calls with distinct ids. */
export const streamedCalls = fc.constantFrom(0, 0, 0, 1, 2, 3).chain((n) => (n === 0 ? fc.constant([]) : fc.tuple(...Array.from({ length: n }, (_, i) => streamedCall(i)))));
/** The value of a count the provider reported; null and absence both mean "not reported". */
export const reported = (value) => (typeof value === 'number' ? value : undefined);
/** A reported count, or one left out or set to null. */
export const maybeCount = (max) => fc.oneof({ weight: 3, arbitrary: fc.nat(max) }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constant(undefined) });
/** Only the keys whose value is defined, in the order given. */
export function defined(entries) {
    return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}
/** TokenUsage in the spec's key order, the optional counts only when reported. */
export function tokenUsage(input, output, read, write, reasoning) {
    return defined({ inputTokens: input, outputTokens: output, cacheReadTokens: read, cacheWriteTokens: write, reasoningTokens: reasoning });
}
/**
 * The harness finish for a provider's reason (spec §8.2): the known reasons map to their
 * kind, a stop without any block is EMPTY_RESPONSE, no reason INCOMPLETE_STREAM, any other
 * reason an error coded with it in upper case.
 */
export function expectedFinish(reason, kinds, blocks) {
    if (reason === null)
        return { kind: 'error', code: 'INCOMPLETE_STREAM' };
    const kind = Object.hasOwn(kinds, reason) ? kinds[reason] : undefined;
    if (kind === undefined)
        return { kind: 'error', code: reason.toUpperCase() };
    if (kind === 'stop' && blocks === 0)
        return { kind: 'error', code: 'EMPTY_RESPONSE' };
    return { kind };
}
export function finishLabels(finish) {
    return {
        'finish: stop': finish.kind === 'stop',
        'finish: tool calls': finish.kind === 'tool-calls',
        'finish: max tokens': finish.kind === 'max-tokens',
        'finish: error': finish.kind === 'error',
    };
}
