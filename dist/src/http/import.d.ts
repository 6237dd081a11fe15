import { type Cassette, type ImportFormat } from './cassette.ts';
export interface ImportOptions {
    /** The name recorded in the header (and in errors); a base name, not a local path. */
    readonly file: string;
    readonly licence?: string;
    /** Where the recording comes from, e.g. "pydantic/pydantic-ai". */
    readonly origin?: string;
}
export declare function detectFormat(text: string): ImportFormat | undefined;
export declare function importRecording(text: string, options: ImportOptions): Cassette;
