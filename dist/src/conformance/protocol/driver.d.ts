import { type Implementation } from '../implementation.ts';
export declare const DEFAULT_TIMEOUT_MS = 10000;
export interface StdioOptions {
    /** Where the command runs (through the shell). */
    readonly cwd: string;
    /** How long one request line may wait for its answer. */
    readonly timeoutMs?: number;
    /** Check every message against schemas/protocol-v1.json; a violation is a PROTOCOL_ERROR. */
    readonly validateProtocol?: boolean;
    /** The longest line accepted on stdout, in bytes (default 64 MB); a longer one is a PROTOCOL_ERROR at once. */
    readonly maxLineBytes?: number;
}
/** Starts `command`, performs the handshake, and returns the implementation it declares. */
export declare function openStdioImplementation(command: string, options: StdioOptions): Promise<Implementation>;
