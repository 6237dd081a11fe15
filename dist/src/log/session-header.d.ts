import type { SessionHeader } from './types.ts';
/** The one log format version this reader and writer speak (DSH `SESSION_FORMAT_VERSION`). */
export declare const SESSION_FORMAT_VERSION = 0;
/**
 * Checks the parsed header line. The version is checked before the shape, so a log from
 * a newer harness is refused as "upgrade the harness", never as "corrupt".
 */
export declare function checkSessionHeader(value: unknown): asserts value is SessionHeader;
/** The header a new log starts with. */
export declare function newSessionHeader(id: string, createdAt: number): SessionHeader;
