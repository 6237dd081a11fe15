/**
 * The network as recon's own clients use it (`recon e2e`): undici with a deadline on every
 * wait (connecting, the response headers, each stretch between body bytes) and failures
 * with codes. A server that accepts and never answers ends at the deadline as NET_TIMEOUT,
 * a reset or a body cut short as NET_BROKEN, in the promise and in the body stream alike.
 */
// @ts-nocheck

import { Agent } from 'undici';
import { ReconError } from '../errors.ts';
import { netFailure } from './_internals/net-failure.ts';
import { redactUrlFully } from './_internals/redact.ts';
import { dispatcherFetch } from './mode.ts';
import type { FetchLike } from './recording-fetch.ts';

/** setTimeout's largest delay: a longer one fires at once (Node's TimeoutOverflowWarning). */
export const MAX_TIMEOUT_MS = 2_147_483_647;

export interface NetworkFetch extends FetchLike {
  close(): Promise<void>;
}

export function networkFetch(timeoutMs: number): NetworkFetch {
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_TIMEOUT_MS) throw new ReconError('USAGE', `a network deadline is a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, got ${timeoutMs}`);
  const agent = new Agent({ connectTimeout: timeoutMs, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const fetch = dispatcherFetch(agent);
  const coded = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const what = `${init?.method ?? 'GET'} ${redactUrlFully(input instanceof Request ? input.url : String(input))}`;
    const fail = (error: unknown): unknown => netFailure(error, what, timeoutMs) ?? error;
    let response: Response;
    try {
      response = await fetch(input, init);
    } catch (error) {
      throw fail(error);
    }
    if (response.body === null || [101, 204, 205, 304].includes(response.status)) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          controller.error(fail(error));
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return Object.assign(coded, { close: () => agent.close() });
}
