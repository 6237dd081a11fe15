/**
 * Credentials in a URL: user info (`https://user:pass@host`) and query parameters whose
 * name reads as a credential (`api_key`, `key`, `token`, `access_token`, `client_secret`,
 * `X-Amz-Signature`, `apiKey`, …). Some providers take the key in the query string
 * (`?key=` on Google's API), so a cassette would otherwise carry it. The rest of the URL
 * keeps its bytes: a URL without credentials comes back as the same string.
 */
export declare function isCredentialName(name: string): boolean;
/** `url` without user info and without credential-like query parameters. */
export declare function redactUrl(url: string): string;
