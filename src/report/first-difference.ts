/** Where two texts first differ, with some context on each side: the witness a person reads. */
export interface FirstDifference {
  /** Byte offset (UTF-8) of the first differing byte. */
  readonly offset: number;
  readonly expected: string;
  readonly actual: string;
}

export function firstDifference(expected: string, actual: string, context = 40): FirstDifference | undefined {
  if (expected === actual) return undefined;
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - context);
  const window = (bytes: Buffer) => bytes.subarray(from, Math.min(bytes.length, i + context)).toString('utf8');
  return { offset: i, expected: window(a), actual: window(b) };
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
