/** Where two texts first differ, with some context on each side: the witness a person reads. */
export interface FirstDifference {
    /** Byte offset (UTF-8) of the first differing byte. */
    readonly offset: number;
    readonly expected: string;
    readonly actual: string;
}
export declare function firstDifference(expected: string, actual: string, context?: number): FirstDifference | undefined;
/** Three readable lines: the offset, then the expected and actual bytes around it. */
export declare function describeDifference(difference: FirstDifference, labels?: readonly [string, string]): string;
