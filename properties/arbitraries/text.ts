/**
 * Text of every class the spec allows in a free-text field (system prompt, user text,
 * reply text, reasoning, tool arguments, tool output, tool names). A harness that trims,
 * normalises, re-escapes or truncates text shows it on one of these classes.
 */
import fc from 'fast-check';

export type TextClass = 'empty' | 'whitespace edges' | 'non-ASCII' | 'astral' | 'combining' | 'JSON-special' | 'long' | 'plain';

export const TEXT_CLASSES: readonly TextClass[] = ['empty', 'whitespace edges', 'non-ASCII', 'astral', 'combining', 'JSON-special', 'long', 'plain'];

const plain = fc.constantFrom('hello', 'Run the tests.', 'ok', 'Done.', 'List the files.', 'Why did it fail?');
const pad = fc.constantFrom(' ', '  ', '\n', '\n\n', '\t', ' \n', '\r\n');

const byClass: Record<TextClass, fc.Arbitrary<string>> = {
  empty: fc.constant(''),
  'whitespace edges': fc
    .tuple(fc.option(pad, { nil: '' }), plain, fc.option(pad, { nil: '' }), pad)
    .map(([lead, body, trail, must]) => (lead === '' && trail === '' ? must + body + must : lead + body + trail)),
  'non-ASCII': fc.constantFrom('Ünïcödé', 'naïve café', 'Привет', '日本語のテキスト', 'ĳ ŀ ǅ', '\u00a0nbsp\u00a0'),
  astral: fc.constantFrom('emoji 🙂', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '👩‍💻 at work', '🏳️‍🌈', '𠜎𠜱𠝹'),
  combining: fc.constantFrom('e\u0301 (decomposed é)', 'n\u0303', 'a\u0308\u0304', 'Z\u0335\u0321a\u0336l\u0334g\u0337o', '\u0301leading mark'),
  'JSON-special': fc.constantFrom('quote " and \\ backslash', 'line\nbreak', '\u2028sep\u2029', 'tab\there', 'nul\u0000byte', '\u001f unit sep', '</script>', '{"json":"inside"}', '\\u0041 not an escape', '\ud83d lone surrogate'),
  long: fc.integer({ min: 2_000, max: 5_000 }).map((n) => 'long line of text '.repeat(Math.ceil(n / 18)).slice(0, n)),
  plain: fc.oneof(plain, fc.string({ maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 6 })),
};

/** A text of any class; every class is drawn often enough to meet a floor of 5 %. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  ...TEXT_CLASSES.map((c) => ({ weight: c === 'plain' ? 4 : c === 'long' ? 1 : 2, arbitrary: byClass[c] })),
);

/** Text of one class (for targeted generators). */
export function textOf(cls: TextClass): fc.Arbitrary<string> {
  return byClass[cls];
}

/** A tool name: identifier-like, but also the shapes real tool registries let through. */
export const toolName: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('read_file', 'run', 'apply_patch', 'grep', 'web.search') },
  { weight: 1, arbitrary: fc.constantFrom('mcp__server__tool', 'ツール', 'tool-with-dash', 'a', 'x'.repeat(64)) },
);

/**
 * Text that spells the log's own lines and types, kept out of `anyText` (whose draws every
 * fixed-seed check depends on): a reader that finds a turn/end, or any line, by its text
 * takes such a message for one.
 */
export const logSyntaxText: fc.Arbitrary<string> = fc.constantFrom('{"type":"turn/end","seq":1,"time":0,"data":{"turn":1,"reason":"completed"}}', 'ended with turn/end', '{"type":"session","version":0,"id":"s","createdAt":0}\n{"type":"turn/start"}', '"type":"text-chunks"');

/** Whether a text spells a log line or type (see `logSyntaxText`). */
export const spellsLogSyntax = (s: string): boolean => /"type":"|turn\/end/.test(s);

/** The classes one text belongs to (a text can be in several), for generator statistics. */
export function textClasses(s: string): TextClass[] {
  const out: TextClass[] = [];
  if (s === '') out.push('empty');
  if (s !== '' && (/^\s/u.test(s) || /\s$/u.test(s))) out.push('whitespace edges');
  if (/[^\x00-\x7f]/u.test(s)) out.push('non-ASCII');
  if (/[\u{10000}-\u{10ffff}]/u.test(s)) out.push('astral');
  if (/\p{M}/u.test(s)) out.push('combining');
  if (/["\\\u0000-\u001f\u2028\u2029]/u.test(s) || /[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''))) out.push('JSON-special');
  if (s.length >= 2_000) out.push('long');
  return out;
}

/** Labels for generator statistics: one per class, true when any of the texts is in it. */
export function textLabels(texts: Iterable<string>, prefix = 'text'): Record<string, boolean> {
  const seen = new Set<TextClass>();
  for (const t of texts) for (const c of textClasses(t)) seen.add(c);
  const out: Record<string, boolean> = {};
  for (const c of TEXT_CLASSES) if (c !== 'plain') out[`${prefix}: ${c}`] = seen.has(c);
  return out;
}
