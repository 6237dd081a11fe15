export interface FoldCounters {
    readonly events: number;
    /** Surface nodes the cached fold projects for one more step; the naive refold projects all of them. */
    readonly cachedNodesPerStep: number;
    readonly naiveNodesPerStep: number;
    /** Events a naive refold walks for one step (all of them); the cached fold walks none. */
    readonly naiveEventsRefolded: number;
    readonly messages: number;
}
export declare function foldCounters(size: number): FoldCounters;
export interface PrefixCounters {
    readonly requests: number;
    readonly bodyBytes: number;
    /** Bytes of each request body that repeat the previous body from its first byte. */
    readonly prefixBytesReused: number;
    readonly reuse: number;
}
/** How much of each wire body the previous one already sent, byte for byte: what a prefix cache can read. */
export declare function prefixCounters(): Promise<PrefixCounters>;
