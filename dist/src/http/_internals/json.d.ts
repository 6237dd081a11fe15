/** Reading JSON whose shape is not known in advance: recorded bodies, imported files. */
export declare function isObject(value: unknown): value is Record<string, unknown>;
/** The JSON object `text` holds; undefined when it is not JSON or not an object. */
export declare function jsonObject(text: string): Record<string, unknown> | undefined;
