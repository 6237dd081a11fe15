/** A plain-text table: columns padded to their widest cell; numbers right-aligned. */
export declare function formatTable(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>, indent?: string): string;
/** A ratio as a percentage with one decimal, or "n/a" when unknown. */
export declare function percent(ratio: number | null | undefined): string;
