/** Where two sequences part, shown the way a reader can act on it. */
/** How many leading elements (bytes, characters, message keys) `a` and `b` share. */
export function sharedLength(a, b) {
    const n = Math.min(a.length, b.length);
    let i = 0;
    while (i < n && a[i] === b[i])
        i++;
    return i;
}
/** The offset of the first differing byte; the shorter length when one is a prefix of the other; undefined when equal. */
export function firstDifference(a, b) {
    const n = sharedLength(a, b);
    return n === a.byteLength && n === b.byteLength ? undefined : n;
}
/** `radius` bytes either side of `offset`, decoded leniently and JSON-quoted so control bytes stay visible. */
export function excerpt(bytes, offset, radius = 40) {
    const start = Math.max(0, offset - radius);
    const end = Math.min(bytes.byteLength, offset + radius);
    const text = JSON.stringify(Buffer.from(bytes.subarray(start, end)).toString('utf8'));
    return `${start > 0 ? '…' : ''}${text}${end < bytes.byteLength ? '…' : ''}`;
}
