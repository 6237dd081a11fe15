import type { SessionEvent } from './types.ts';
export declare class Surface {
    #private;
    /** Current node seqs in surface order. A fresh copy: the caller may keep it. */
    get nodes(): readonly number[];
    get size(): number;
    /** The seq of the node at surface position `index`. */
    nodeAt(index: number): number | undefined;
    /** Incremented by every replace: a fold cache keyed on it knows when to rebuild. */
    get replaceGeneration(): number;
    /**
     * Applies `event`, or throws SURFACE_INVALID and changes nothing. `eventAt(seq)` returns
     * an earlier event of the same log. Returns the seqs a replace took off the surface.
     */
    add(event: SessionEvent, eventAt: (seq: number) => SessionEvent | undefined): readonly number[] | undefined;
}
