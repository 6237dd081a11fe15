export declare function decodeLogBytes(bytes: Uint8Array, file?: string): string;
