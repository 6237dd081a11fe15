/** Where two sequences part, shown the way a reader can act on it. */
/** How many leading elements (bytes, characters, message keys) `a` and `b` share. */
export declare function sharedLength(a: ArrayLike<unknown>, b: ArrayLike<unknown>): number;
/** The offset of the first differing byte; the shorter length when one is a prefix of the other; undefined when equal. */
export declare function firstDifference(a: Uint8Array, b: Uint8Array): number | undefined;
/** `radius` bytes either side of `offset`, decoded leniently and JSON-quoted so control bytes stay visible. */
export declare function excerpt(bytes: Uint8Array, offset: number, radius?: number): string;
