/**
 * Replay for other processes: a loopback HTTP server that answers the cassette's requests
 * with the recorded status, headers and chunks at the recorded pace. Clients point their
 * base URL at it, so requests are matched on path and query, not on origin. A request
 * with no match gets 501 and a JSON body naming the first differing byte.
 */
// @ts-nocheck

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReconError } from '../errors.ts';
import { breakOff } from './_internals/break-off.ts';
import { collectBody } from './_internals/bytes.ts';
import { listenOnLoopback } from './_internals/loopback.ts';
import type { Cassette } from './cassette.ts';
import { Replayer, type ReplayOptions } from './replayer.ts';
import { timedChunks, type ReplayTiming } from './timing.ts';

export interface ServeOptions {
  /** How requests are matched; origins are always ignored. */
  readonly replay?: ReplayOptions;
  /** 0 (default) lets the system pick a free port. */
  readonly port?: number;
  readonly timing?: ReplayTiming;
  /** Told about every request that matched nothing, e.g. to print it. */
  readonly onMiss?: (error: ReconError) => void;
}

export interface CassetteServer {
  /** `http://127.0.0.1:<port>`, to use as the client's base URL. */
  readonly url: string;
  /** Which interactions have answered, for an unused-interaction report. */
  readonly replayer: Replayer;
  close(): Promise<void>;
}

export async function serveCassette(cassette: Cassette, options: ServeOptions = {}): Promise<CassetteServer> {
  const replayer = new Replayer(cassette, { ...options.replay, ignoreOrigin: true });
  const { url, close } = await listenOnLoopback((request, response) => void answer(replayer, options, request, response), options.port);
  return { url, replayer, close };
}

async function answer(replayer: Replayer, options: ServeOptions, request: IncomingMessage, response: ServerResponse): Promise<void> {
  try {
    const body = await collectBody(request);
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`).href;
    const interaction = replayer.take({ method: request.method ?? 'GET', url, body });
    response.writeHead(interaction.response.status, interaction.response.headers);
    response.flushHeaders();
    for await (const chunk of timedChunks(interaction.response, options.timing)) {
      if (response.destroyed) return;
      response.write(chunk);
    }
    // A recorded break-off replays as one: never a clean end the upstream did not give.
    const { incomplete } = interaction.response;
    if (incomplete === undefined) response.end();
    else await breakOff(response, incomplete);
  } catch (error) {
    if (response.headersSent) return void response.destroy(error as Error);
    const refusal = ReconError.is(error) ? error : undefined;
    if (refusal !== undefined) options.onMiss?.(refusal);
    response.writeHead(refusal === undefined ? 500 : 501, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: refusal?.code ?? null, message: (error as Error).message, hint: refusal?.hint ?? null } }));
  }
}
