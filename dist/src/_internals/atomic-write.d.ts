export interface AtomicWriteOptions {
    /** Refuse to replace an existing file (EEXIST), as `flag: 'wx'` does. */
    readonly exclusive?: boolean;
}
export declare function writeFileAtomic(file: string, data: string | Uint8Array, options?: AtomicWriteOptions): void;
