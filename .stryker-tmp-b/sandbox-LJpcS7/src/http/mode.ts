/**
 * The four cassette modes behind one fetch:
 *  - `replay` (default, lockdown): answers from the cassette; a request it does not hold fails;
 *  - `record`: sends every request to the network and records it;
 *  - `update`: answers what the cassette holds and records only what is missing;
 *  - `passthrough`: the network, nothing recorded.
 * Replay goes through undici's own fetch with the cassette dispatcher passed explicitly.
 */
// @ts-nocheck

import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { ReconError } from '../errors.ts';
import type { CassetteWriter } from './cassette-writer.ts';
import { CassetteDispatcher } from './dispatcher.ts';
import { materialise, recordingFetch, type FetchLike, type RecordingFetch, type RecordingOptions } from './recording-fetch.ts';
import type { Replayer } from './replayer.ts';
import type { ReplayTiming } from './timing.ts';

export const HTTP_MODES = ['replay', 'record', 'update', 'passthrough'] as const;
export type HttpMode = (typeof HTTP_MODES)[number];

/** The environment variable that picks the mode. */
export const HTTP_MODE_VARIABLE = 'RECON_HTTP_MODE';

export function parseHttpMode(value: string | undefined): HttpMode {
  if (value === undefined || value === '') return 'replay';
  if ((HTTP_MODES as readonly string[]).includes(value)) return value as HttpMode;
  throw new ReconError('USAGE', `${HTTP_MODE_VARIABLE} is "${value}"; it must be one of ${HTTP_MODES.join(', ')}`);
}

export interface CassetteFetchOptions extends RecordingOptions {
  readonly mode: HttpMode;
  /** The cassette to answer from: replay and update. */
  readonly replayer?: Replayer;
  /** Where new exchanges go: record and update. */
  readonly writer?: CassetteWriter;
  /** The network: record, update and passthrough. Default: the global fetch. */
  readonly fetch?: FetchLike;
  readonly timing?: ReplayTiming;
}

/** undici's own fetch with `dispatcher` passed explicitly, as a FetchLike; the global dispatcher is never touched. */
export function dispatcherFetch(dispatcher: Dispatcher): FetchLike {
  return async (input, init) => {
    const sent = await materialise(input, init);
    // undici's RequestInit names other FormData and BodyInit types than the global one; the values are the same.
    const fields: object = sent.init;
    return undiciFetch(sent.url, { ...fields, dispatcher });
  };
}

export function cassetteFetch(options: CassetteFetchOptions): RecordingFetch {
  const network = options.fetch ?? globalThis.fetch;
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new ReconError('USAGE', `mode "${options.mode}" needs ${what}`);
    return value;
  };
  if (options.mode === 'passthrough') return Object.assign((input: string | URL | Request, init?: RequestInit) => network(input, init), { settled: async () => {} });
  if (options.mode === 'record') return recordingFetch(network, need(options.writer, 'a cassette writer'), options);
  const replayer = need(options.replayer, 'a cassette to replay');
  const replay = dispatcherFetch(new CassetteDispatcher(replayer, options.timing));
  if (options.mode === 'replay') return Object.assign(replay, { settled: async () => {} });
  const record = recordingFetch(network, need(options.writer, 'a cassette writer'), options);
  return Object.assign(
    async (input: string | URL | Request, init?: RequestInit) => {
      const sent = await materialise(input, init);
      return replayer.find(sent) === undefined ? record(sent.url, sent.init) : replay(sent.url, sent.init);
    },
    { settled: () => record.settled() },
  );
}
