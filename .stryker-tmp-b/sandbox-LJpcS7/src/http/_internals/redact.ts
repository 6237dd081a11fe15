/**
 * The one redaction pass over everything recon writes of an HTTP exchange (cassettes of
 * the proxy, `recon import` and `recon e2e`): credentials leave the URL (user info, a
 * parameter named as a credential, a parameter whose value has a key's shape), headers stay
 * on the allow-list, and a key's shape anywhere in a body, a header value or the URL is
 * masked. A mask keeps the byte length (the secret's characters become `*`), so a body keeps
 * its content-length and a response its chunk boundaries: only the secret's bytes change.
 */
// @ts-nocheck

import { concatBytes } from './bytes.ts';
import { redactUrl } from './redact-url.ts';

// sk-… (OpenAI, DeepSeek), sk-ant-… (Anthropic), and a token after "Bearer "; each with letters and digits.
const KEY_SHAPES = /\b(sk-ant-|sk-)([A-Za-z0-9_-]{16,})|\b(Bearer(?:\s+|%20|\+))([A-Za-z0-9._~+/=-]{8,})/g;

/** `text` with every key shape masked; the same string when it holds none. */
export function maskKeys(text: string): string {
  return text.replace(KEY_SHAPES, (match, prefix?: string, key?: string, bearer?: string, token?: string) => {
    const secret = prefix !== undefined ? key! : token!;
    // Prose (a library named sk-learn, the words bearer authentication) has no digit; keys and tokens do.
    if (!/\d/.test(secret) || !/[A-Za-z]/.test(secret) || (bearer !== undefined && secret.length < 16)) return match;
    return `${prefix ?? bearer}${'*'.repeat(secret.length)}`;
  });
}

/**
 * `bytes` with every key shape masked. The patterns are ASCII, so matching the bytes read
 * as latin1 never cuts a UTF-8 sequence, and the result has the same length.
 */
export function maskKeyBytes(bytes: Uint8Array): Uint8Array {
  const latin1 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const masked = maskKeys(latin1);
  return masked === latin1 ? bytes : new Uint8Array(Buffer.from(masked, 'latin1'));
}

/** Pieces of one body (a response's chunks) masked as one: a key split across two chunks is masked too. */
export function maskKeyPieces(pieces: readonly Uint8Array[]): Uint8Array[] {
  const whole = concatBytes([...pieces]);
  const masked = maskKeyBytes(whole);
  if (masked === whole) return [...pieces];
  const out: Uint8Array[] = [];
  let at = 0;
  for (const piece of pieces) {
    out.push(masked.slice(at, at + piece.byteLength));
    at += piece.byteLength;
  }
  return out;
}

/** A URL without credentials: named ones dropped (redactUrl), key-shaped values masked. */
export function redactUrlFully(url: string): string {
  return maskKeys(redactUrl(url));
}

/** Header values masked (the names are on the allow-list already). */
export function maskHeaderValues(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, maskKeys(value)]));
}
