/**
 * Text of every class the spec allows in a free-text field (system prompt, user text,
 * reply text, reasoning, tool arguments, tool output, tool names). A harness that trims,
 * normalises, re-escapes or truncates text shows it on one of these classes.
 */
import fc from 'fast-check';
export type TextClass = 'empty' | 'whitespace edges' | 'non-ASCII' | 'astral' | 'combining' | 'JSON-special' | 'long' | 'plain';
export declare const TEXT_CLASSES: readonly TextClass[];
/** A text of any class; every class is drawn often enough to meet a floor of 5 %. */
export declare const anyText: fc.Arbitrary<string>;
/** Text of one class (for targeted generators). */
export declare function textOf(cls: TextClass): fc.Arbitrary<string>;
/** A tool name: identifier-like, but also the shapes real tool registries let through. */
export declare const toolName: fc.Arbitrary<string>;
/** The classes one text belongs to (a text can be in several), for generator statistics. */
export declare function textClasses(s: string): TextClass[];
/** Labels for generator statistics: one per class, true when any of the texts is in it. */
export declare function textLabels(texts: Iterable<string>, prefix?: string): Record<string, boolean>;
