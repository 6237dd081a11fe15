/**
 * Which headers a cassette may hold. An allow-list, not a deny-list: a header a provider
 * invents tomorrow (a new key header, a session cookie) is dropped until someone decides
 * it is harmless. Matching never looks at headers, so dropping them costs nothing.
 */
/** Headers that carry credentials or identify an account; named in errors and in the repository scan. */
export declare const CREDENTIAL_HEADERS: readonly string[];
export type HeaderSide = 'request' | 'response';
export declare function isAllowedHeader(side: HeaderSide, name: string): boolean;
type HeaderSource = Iterable<readonly [string, string]> | Readonly<Record<string, string | readonly string[] | undefined>>;
/** The allow-listed headers, lower-cased, repeated values joined with ", ", sorted by name. */
export declare function allowedHeaders(side: HeaderSide, source: HeaderSource): Record<string, string>;
export {};
