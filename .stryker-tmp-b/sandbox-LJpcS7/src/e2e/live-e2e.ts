/**
 * The e2e conversation through any implementation's own model client (`recon e2e
 * --impl`): the implementation plays it as a live-model scenario with its base URL on a
 * recording proxy, and recon judges what the proxy saw, not what the implementation
 * reports: every request that went out must equal the spec serialization of its rebuild
 * from the implementation's own log, every request after the first must read from the
 * cache, and the reads are measured against the bound (accountCache on the proxy's cassette).
 * Upstream: the simulator, started here, unless a base URL is given (the real provider,
 * with a key).
 */
// @ts-nocheck

import { checkObserved } from '../../properties/observed-wire.ts';
import { PropertyFailure } from '../../properties/index.ts';
import type { Implementation } from '../contract/implementation.ts';
import { ReconError } from '../errors.ts';
import { CASSETTE_FORMAT, SIMULATOR_HEADER, accountCache, openCassetteWriter, startProxy, startSimulator, type CacheAccount, type FetchLike } from '../http/index.ts';
import { loadJsonl } from '../log/index.ts';
import type { E2eProblem } from './run-e2e.ts';
import { E2E_LIVE_SCRIPT, e2eScenario } from './live-scenario.ts';

export interface LiveE2eOptions {
  readonly impl: Implementation;
  readonly model: string;
  /** The proxy's way out: undici's fetch with an explicit dispatcher. */
  readonly fetch: FetchLike;
  /** The upstream API; without one, the simulator. */
  readonly upstream?: string;
  readonly apiKey?: string;
  readonly cassette: string;
  readonly sessionId: string;
  readonly createdAt: number;
  /** The proxy's deadline on its upstream's silence, in milliseconds. */
  readonly timeout?: number;
}

export interface LiveE2eRun {
  readonly account: CacheAccount;
  /** Requests the proxy saw: the loop's, and one-shots the log records. */
  readonly observed: number;
  /** Loop requests that went out equal to their rebuild from the log; undefined when they did not. */
  readonly rebuilt?: number;
  readonly attainment: number | null;
  readonly problems: readonly E2eProblem[];
  readonly simulated: boolean;
}

export async function runLiveE2e(options: LiveE2eOptions): Promise<LiveE2eRun> {
  const { impl } = options;
  if (impl.run === undefined || impl.info.scenarioFeatures?.includes('liveModel') !== true) {
    throw new ReconError('USAGE', `${impl.info.name} does not declare the scenario feature liveModel: its model client cannot be pointed at recon's proxy`, { hint: 'see docs/PROTOCOL.md, optional scenario features' });
  }
  const simulator = options.upstream === undefined ? await startSimulator({ provider: 'deepseek', replies: E2E_LIVE_SCRIPT }) : undefined;
  let simulated = false;
  const fetch: FetchLike = async (input, init) => {
    const response = await options.fetch(input, init);
    simulated ||= response.headers.has(SIMULATOR_HEADER);
    return response;
  };
  const header = { cassette: CASSETTE_FORMAT, provider: 'deepseek', source: 'recorded' } as const;
  const writer = await openCassetteWriter(options.cassette, header);
  const proxy = await startProxy({ provider: 'deepseek', upstream: simulator?.url ?? options.upstream!, fetch, writer, ...(options.timeout === undefined ? {} : { timeout: options.timeout }) });
  try {
    const live = { baseUrl: proxy.url, ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }) };
    const outcome = await impl.run(await e2eScenario({ sessionId: options.sessionId, model: options.model, createdAt: options.createdAt, live }));
    if (!outcome.ok) throw new ReconError('IMPL_UNAVAILABLE', `${impl.info.name} refused the e2e scenario with ${outcome.code}${outcome.message === undefined ? '' : `: ${outcome.message}`}`);
    await proxy.close();
    const cassette = proxy.cassette();
    const problems: E2eProblem[] = [];
    let rebuilt: number | undefined;
    try {
      rebuilt = checkObserved(outcome.value.jsonl, cassette).loopRequests;
    } catch (error) {
      if (!(error instanceof PropertyFailure)) throw error;
      problems.push({ code: 'E2E_WIRE_MISMATCH', message: error.message });
    }
    for (const event of loadJsonl(outcome.value.jsonl).log.events) {
      const { turn, reason } = event.data as { turn: number; reason?: { kind: string } };
      if (event.type === 'turn/end' && reason?.kind !== 'completed') problems.push({ code: 'E2E_TURN_FAILED', message: `turn ${turn} ended with ${reason?.kind}` });
    }
    const account = await accountCache(cassette);
    for (const [i, request] of account.requests.entries()) {
      if (i > 0 && !(request.cacheRead! > 0)) problems.push({ code: 'E2E_NO_CACHE_READ', message: `request ${i + 1} of ${account.requests.length} read ${request.cacheRead ?? 'no reported'} cached tokens` });
    }
    if (account.requests.length < 2) problems.push({ code: 'E2E_NO_CACHE_READ', message: `the conversation made ${account.requests.length} model call(s); the cache check needs at least two` });
    return { account, observed: cassette.interactions.length, ...(rebuilt === undefined ? {} : { rebuilt }), attainment: account.attainment, problems, simulated: simulated || simulator !== undefined };
  } finally {
    await proxy.close();
    await simulator?.close();
  }
}
