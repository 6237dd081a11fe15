import { allowedHeaders } from './headers.ts';
export declare const CASSETTE_FORMAT = 2;
export type Provider = 'deepseek' | 'openai' | 'anthropic';
export type ImportFormat = 'vcr-yaml' | 'har' | 'sse-chunks';
export interface CassetteHeader {
    /** 1 for cassettes written before response digests; every writer writes 2. */
    readonly cassette: 1 | typeof CASSETTE_FORMAT;
    readonly provider: Provider | 'unknown';
    readonly source: 'recorded' | 'imported';
    readonly importedFrom?: {
        readonly format: ImportFormat;
        readonly file: string;
        readonly sha256: string;
        readonly origin?: string;
    };
    readonly licence?: string;
    /** What a reader must know about fidelity, e.g. bodies re-serialised from parsed JSON. */
    readonly notes?: readonly string[];
}
/** How an importer rebuilt a body whose bytes the source did not keep (it kept parsed JSON). */
export interface Reserialised {
    /** `compact`: no spaces; `python`: Python's json.dumps defaults (", ", ": ", ASCII escapes). */
    readonly style: 'compact' | 'python';
    /** Whether the rebuilt length equals the recorded content-length; absent when none was recorded. */
    readonly lengthMatches?: boolean;
}
export type Chunk = {
    readonly t: number;
    readonly text: string;
} | {
    readonly t: number;
    readonly b64: string;
};
export interface RecordedRequest {
    readonly method: string;
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    /** The body as sent when it is UTF-8 text; `b64` otherwise; neither when empty. */
    readonly body?: string;
    readonly b64?: string;
    readonly sha256: string;
    readonly reserialised?: Reserialised;
}
export interface RecordedResponse {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly chunks: readonly Chunk[];
    readonly reserialised?: Reserialised;
}
export interface Interaction {
    /** null for a response-only recording (a stream captured without its request). */
    readonly request: RecordedRequest | null;
    readonly response: RecordedResponse;
}
export interface Cassette {
    readonly header: CassetteHeader;
    readonly interactions: readonly Interaction[];
}
/** The 1-based line of interaction `index` in its file. */
export declare const lineOfInteraction: (index: number) => number;
export declare function requestBytes(request: RecordedRequest): Uint8Array;
export declare function chunkBytes(chunk: Chunk): Uint8Array;
export declare function responseBytes(response: RecordedResponse): Uint8Array;
export declare function responseText(response: RecordedResponse): string;
export interface RequestParts {
    readonly method: string;
    readonly url: string;
    readonly headers: Parameters<typeof allowedHeaders>[1];
    readonly body: Uint8Array;
    readonly reserialised?: Reserialised;
}
/** A request as the cassette stores it: allow-listed headers, credentials out of the URL, exact body, its hash. */
export declare function recordRequest(parts: RequestParts): RecordedRequest;
/** A chunk as the cassette stores it: text when its bytes stand alone as UTF-8, base64 when not. */
export declare function recordChunk(t: number, bytes: Uint8Array): Chunk;
/** One interaction line, its response stamped with the sha256 of its body. */
export declare function formatInteraction(interaction: Interaction): string;
export declare function formatCassette(cassette: Cassette): string;
export declare function parseCassette(text: string, file?: string): Cassette;
