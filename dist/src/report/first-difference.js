export function firstDifference(expected, actual, context = 40) {
    if (expected === actual)
        return undefined;
    const a = Buffer.from(expected);
    const b = Buffer.from(actual);
    let i = 0;
    while (i < a.length && i < b.length && a[i] === b[i])
        i++;
    const from = Math.max(0, i - context);
    const window = (bytes) => bytes.subarray(from, Math.min(bytes.length, i + context)).toString('utf8');
    return { offset: i, expected: window(a), actual: window(b) };
}
/** Three readable lines: the offset, then the expected and actual bytes around it. */
export function describeDifference(difference, labels = ['expected', 'actual']) {
    const width = Math.max(labels[0].length, labels[1].length);
    return [
        `first difference at byte ${difference.offset}:`,
        `  ${labels[0].padEnd(width)} …${JSON.stringify(difference.expected)}…`,
        `  ${labels[1].padEnd(width)} …${JSON.stringify(difference.actual)}…`,
    ].join('\n');
}
