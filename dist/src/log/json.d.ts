/** A value that survives `JSON.stringify` → `JSON.parse` unchanged (spec §1.4). */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | {
    readonly [key: string]: JsonValue;
};
export type JsonObject = {
    readonly [key: string]: JsonValue;
};
/**
 * Validates `value` as lossless JSON and returns a deep copy that shares nothing with
 * the caller (spec §1.4). Throws NOT_LOSSLESS_JSON naming the path of the first bad value.
 */
export declare function snapshotJson(value: unknown, path?: string): JsonValue;
/**
 * Checks, in place, a value that `JSON.parse` just produced and deep-freezes it. Parsed
 * text can still hold what lossless JSON forbids: `-0` and numbers that overflow to
 * `Infinity`. Throws NOT_LOSSLESS_JSON naming the path.
 */
export declare function adoptParsedJson(value: unknown, path?: string): void;
/** Deep-freezes a JSON value (iteratively). Already frozen subtrees are skipped. */
export declare function deepFreeze<T>(value: T): T;
