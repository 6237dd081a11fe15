/** Where two byte strings part, shown the way a reader can act on it. */

/** The offset of the first differing byte; the shorter length when one is a prefix of the other; undefined when equal. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number | undefined {
  const n = Math.min(a.byteLength, b.byteLength);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.byteLength === b.byteLength ? undefined : n;
}

/** `radius` bytes either side of `offset`, decoded leniently and JSON-quoted so control bytes stay visible. */
export function excerpt(bytes: Uint8Array, offset: number, radius = 40): string {
  const start = Math.max(0, offset - radius);
  const end = Math.min(bytes.byteLength, offset + radius);
  const text = JSON.stringify(Buffer.from(bytes.subarray(start, end)).toString('utf8'));
  return `${start > 0 ? '…' : ''}${text}${end < bytes.byteLength ? '…' : ''}`;
}
