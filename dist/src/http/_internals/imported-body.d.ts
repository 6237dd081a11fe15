import { type Chunk } from '../cassette.ts';
/**
 * The chunks of an imported response. A recording that kept no chunk boundaries gets one
 * chunk per server-sent event, so a stream still replays event by event; `t` is whatever
 * the source knew (0 when it kept no timing).
 */
export declare function importedChunks(bytes: Uint8Array, contentType: string | undefined, t: number): Chunk[];
/** A body stored as the compressed bytes on the wire (vcrpy's !!binary), decoded as a client sees it. */
export declare function decompressed(bytes: Uint8Array, contentEncoding: string | undefined): Uint8Array;
