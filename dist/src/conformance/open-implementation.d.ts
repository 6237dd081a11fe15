import type { Implementation } from './implementation.ts';
export interface OpenOptions {
    readonly cwd: string;
    /** Per-call timeout for out-of-process and module implementations. */
    readonly timeoutMs?: number;
    /** cmd: the longest line accepted on stdout, in bytes. */
    readonly maxLineBytes?: number;
    /** Validate every protocol message against its JSON Schema. */
    readonly validateProtocol?: boolean;
}
export declare function openImplementation(spec: string, options: OpenOptions): Promise<Implementation>;
