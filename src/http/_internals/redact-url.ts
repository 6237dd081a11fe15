/**
 * A URL fit to be written down: query parameters that look like credentials are removed
 * (Google's `key`, Azure's `api-key`, `api_key`, `access_token`, signatures...), and so is
 * any user:password part. Everything else is kept, since replay matches on the query.
 */
const CREDENTIAL_PARAM = /^(?:key|api[-_]?key|apikey|access[-_]?token|token|auth|authorization|secret|client[-_]?secret|password|sig|signature|x-amz-signature|x-amz-credential|x-amz-security-token|code)$/i;

export function redactUrl(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  url.username = '';
  url.password = '';
  for (const name of [...url.searchParams.keys()]) if (CREDENTIAL_PARAM.test(name)) url.searchParams.delete(name);
  return url.href;
}
