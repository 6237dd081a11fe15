import type { RegressionPayload } from '../../properties/index.ts';
export interface RegressionMeta {
    readonly seed?: number;
    readonly path?: string;
    readonly failure?: string;
}
export interface StoredRegression extends RegressionMeta {
    readonly file: string;
    readonly property: string;
    readonly payload: RegressionPayload;
}
export declare class RegressionStore {
    readonly dirs: readonly string[];
    readonly writeDir: string | undefined;
    /** Read from all of `dirs`; new counterexamples are written to `writeDir` (none when undefined). */
    constructor(dirs: readonly string[], writeDir: string | undefined);
    load(property: string): StoredRegression[];
    save(property: string, payload: RegressionPayload, meta: RegressionMeta): string | undefined;
}
/** A stored regression, or REGRESSION_INVALID naming the file and line: a half-written or edited file never replays as something else. */
export declare function parseRegression(file: string, text: string): StoredRegression;
