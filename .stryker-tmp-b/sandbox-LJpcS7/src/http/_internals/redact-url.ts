/**
 * Credentials in a URL: user info (`https://user:pass@host`) and query parameters whose
 * name reads as a credential (`api_key`, `key`, `token`, `access_token`, `client_secret`,
 * `X-Amz-Signature`, `apiKey`, …). Some providers take the key in the query string
 * (`?key=` on Google's API), so a cassette would otherwise carry it. The rest of the URL
 * keeps its bytes: a URL without credentials comes back as the same string.
 */
// @ts-nocheck


/** Words that make a parameter name a credential, once the name is split at `-`, `_`, `.` and camelCase. */
const CREDENTIAL_WORDS = new Set(['key', 'apikey', 'token', 'secret', 'password', 'passwd', 'pwd', 'auth', 'authorization', 'signature', 'sig', 'credential', 'credentials', 'session', 'sessionid', 'jwt', 'bearer']);

export function isCredentialName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s\-_.[\]]+/);
  return words.some((word) => CREDENTIAL_WORDS.has(word));
}

/** `url` without user info and without credential-like query parameters. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const fragment = hashAt < 0 ? '' : url.slice(hashAt);
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = base.indexOf('?');
  let head = queryAt < 0 ? base : base.slice(0, queryAt);
  let changed = false;
  const withoutUser = head.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^@/?#]*@/i, '$1');
  if (withoutUser !== head) [head, changed] = [withoutUser, true];
  let query = queryAt < 0 ? undefined : base.slice(queryAt + 1);
  if (query !== undefined) {
    const pairs = query.split('&');
    const kept = pairs.filter((pair) => !isCredentialName(decodeName(pair.split('=')[0]!)));
    if (kept.length !== pairs.length) [query, changed] = [kept.join('&'), true];
  }
  if (!changed) return url;
  return `${head}${query === undefined || query === '' ? '' : `?${query}`}${fragment}`;
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}
