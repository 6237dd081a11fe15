export declare const utf8: (text: string) => Uint8Array;
export declare function sha256(bytes: Uint8Array): string;
/** The text of `bytes` when they are well-formed UTF-8 that encodes back to the same bytes, else undefined. */
export declare function exactText(bytes: Uint8Array): string | undefined;
export declare function concatBytes(parts: readonly Uint8Array[]): Uint8Array;
/** Every byte of a request body in any form undici or node:http hands over. */
export declare function collectBody(body: unknown): Promise<Uint8Array>;
