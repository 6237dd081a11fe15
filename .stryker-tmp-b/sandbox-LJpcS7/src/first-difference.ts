/** Where two byte strings part, shown the way a reader can act on it: the one byte diff of the project. */
// @ts-nocheck


/** How many leading elements (bytes, characters, message keys) `a` and `b` share. */
export function sharedLength(a: ArrayLike<unknown>, b: ArrayLike<unknown>): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/** Where two texts (as UTF-8) or byte strings first differ, with some context on each side: the witness a person reads. */
export interface FirstDifference {
  /** Byte offset of the first differing byte; the shorter length when one is a prefix of the other. */
  readonly offset: number;
  readonly expected: string;
  readonly actual: string;
}

/** The first difference of `expected` and `actual`, with `context` bytes either side; undefined when they are equal. */
export function firstDifference(expected: string | Uint8Array, actual: string | Uint8Array, context = 40): FirstDifference | undefined {
  if (typeof expected === 'string' && expected === actual) return undefined;
  const a = typeof expected === 'string' ? Buffer.from(expected) : expected;
  const b = typeof actual === 'string' ? Buffer.from(actual) : actual;
  const offset = sharedLength(a, b);
  // Two different texts may encode to the same bytes (lone surrogates); they still differ.
  if (typeof expected !== 'string' && offset === a.byteLength && offset === b.byteLength) return undefined;
  const from = Math.max(0, offset - context);
  const window = (bytes: Uint8Array) => Buffer.from(bytes.subarray(from, Math.min(bytes.byteLength, offset + context))).toString('utf8');
  return { offset, expected: window(a), actual: window(b) };
}

/** Three readable lines: the offset, then the expected and actual bytes around it. */
export function describeDifference(difference: FirstDifference, labels: readonly [string, string] = ['expected', 'actual']): string {
  const width = Math.max(labels[0].length, labels[1].length);
  return [
    `first difference at byte ${difference.offset}:`,
    `  ${labels[0].padEnd(width)} …${JSON.stringify(difference.expected)}…`,
    `  ${labels[1].padEnd(width)} …${JSON.stringify(difference.actual)}…`,
  ].join('\n');
}

/** `radius` bytes either side of `offset`, decoded leniently and JSON-quoted so control bytes stay visible. */
export function excerpt(bytes: Uint8Array, offset: number, radius = 40): string {
  const start = Math.max(0, offset - radius);
  const end = Math.min(bytes.byteLength, offset + radius);
  const text = JSON.stringify(Buffer.from(bytes.subarray(start, end)).toString('utf8'));
  return `${start > 0 ? '…' : ''}${text}${end < bytes.byteLength ? '…' : ''}`;
}
