import type { Reserialised } from '../cassette.ts';
/** A float as its recording wrote it: JavaScript numbers would turn 1.0 into 1. */
export declare class FloatText {
    readonly text: string;
    constructor(text: string);
}
/** YAML with floats kept as {@link FloatText}. */
export declare function parseYamlKeepingFloats(text: string): unknown;
type JsonStyle = Reserialised['style'];
export declare function serialiseJson(value: unknown, style: JsonStyle): string;
/** The bytes of `value` in the style whose length equals `recordedLength`, else compact. */
export declare function reserialise(value: unknown, recordedLength: number | undefined): {
    bytes: Uint8Array;
    reserialised: Reserialised;
};
export {};
