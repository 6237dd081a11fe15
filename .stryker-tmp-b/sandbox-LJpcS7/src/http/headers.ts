/**
 * Which headers a cassette may hold. An allow-list, not a deny-list: a header a provider
 * invents tomorrow (a new key header, a session cookie) is dropped until someone decides
 * it is harmless. Matching never looks at headers, so dropping them costs nothing.
 */
// @ts-nocheck


const REQUEST_HEADERS = new Set(['content-type', 'accept', 'anthropic-version', 'anthropic-beta', 'openai-beta']);
// x-recon-simulator marks a response of the recon simulator: a recording of it must never pass for the provider's.
const RESPONSE_HEADERS = new Set(['content-type', 'cache-control', 'date', 'retry-after', 'request-id', 'x-request-id', 'openai-processing-ms', 'openai-version', 'x-recon-simulator']);
const RESPONSE_PREFIXES = ['x-ratelimit-', 'anthropic-ratelimit-'];

/** Headers that carry credentials or identify an account; named in errors and in the repository scan. */
export const CREDENTIAL_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'anthropic-api-key',
  'api-key',
  'x-goog-api-key',
  'openai-organization',
  'openai-project',
  'cookie',
  'set-cookie',
];

export type HeaderSide = 'request' | 'response';

export function isAllowedHeader(side: HeaderSide, name: string): boolean {
  return side === 'request' ? REQUEST_HEADERS.has(name) : RESPONSE_HEADERS.has(name) || RESPONSE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

type HeaderSource = Iterable<readonly [string, string]> | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The allow-listed headers, lower-cased, repeated values joined with ", ", sorted by name. */
export function allowedHeaders(side: HeaderSide, source: HeaderSource): Record<string, string> {
  const entries: Iterable<readonly [string, unknown]> = Symbol.iterator in source ? (source as Iterable<readonly [string, string]>) : Object.entries(source);
  const kept = new Map<string, string[]>();
  for (const [rawName, value] of entries) {
    const name = rawName.toLowerCase();
    if (value === undefined || !isAllowedHeader(side, name)) continue;
    kept.set(name, [...(kept.get(name) ?? []), ...(Array.isArray(value) ? value.map(String) : [String(value)])]);
  }
  return Object.fromEntries([...kept].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, values]) => [name, values.join(', ')]));
}
