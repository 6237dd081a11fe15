/**
 * What a failed network wait was, read from undici's errors: a deadline passed
 * (NET_TIMEOUT), the response broke off (NET_BROKEN: a reset, or a body shorter than
 * declared), or something else (undefined: the caller's own code applies).
 */
// @ts-nocheck

import { ReconError } from '../../errors.ts';
import type { Incomplete } from '../cassette.ts';

const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'ABORT_ERR_TIMEOUT']);

function causes(error: unknown): { code?: string; message: string }[] {
  const out: { code?: string; message: string }[] = [];
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth += 1) {
    const code = (at as NodeJS.ErrnoException).code;
    out.push({ ...(typeof code === 'string' ? { code } : {}), message: at.message });
    if (at.name === 'TimeoutError') out.push({ code: 'ABORT_ERR_TIMEOUT', message: at.message });
  }
  return out;
}

/** How a body broke off, when `error` says it did. */
export function brokeOff(error: unknown): Incomplete | undefined {
  const all = causes(error);
  if (all.some((c) => c.code === 'ECONNRESET' || c.code === 'EPIPE')) return 'reset';
  if (all.some((c) => c.code === 'UND_ERR_SOCKET' || c.code === 'ERR_STREAM_PREMATURE_CLOSE' || c.message === 'terminated')) return 'truncated';
  return undefined;
}

/** `error` as a coded network failure, when it is one. */
export function netFailure(error: unknown, what: string, timeoutMs?: number): ReconError | undefined {
  if (ReconError.is(error)) return error;
  const all = causes(error);
  const last = all.at(-1)?.message ?? String(error);
  if (all.some((c) => c.code !== undefined && TIMEOUTS.has(c.code))) {
    return new ReconError('NET_TIMEOUT', `${what}: no answer within ${timeoutMs === undefined ? 'the deadline' : `${timeoutMs} ms`} (${last})`, { hint: 'the server accepted the connection and stopped answering; raise --timeout if it is only slow', cause: error });
  }
  const broken = brokeOff(error);
  if (broken !== undefined) return new ReconError('NET_BROKEN', `${what}: the response broke off (${broken === 'reset' ? 'connection reset' : 'the body ended early'}: ${last})`, { cause: error });
  if (all.some((c) => c.code === 'ECONNREFUSED' || c.code === 'ENOTFOUND' || c.code === 'EAI_AGAIN' || c.code === 'EHOSTUNREACH')) return new ReconError('NET_BROKEN', `${what}: cannot connect (${last})`, { cause: error });
  return undefined;
}
