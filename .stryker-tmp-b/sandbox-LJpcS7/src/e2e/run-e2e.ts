/**
 * One e2e run: a loop (the reference, or a mutant's) through the e2e conversation over
 * HTTP, every exchange recorded into a cassette, then the cassette's cache account. A run
 * passes when every turn completes and every request after the first reads from the
 * cache: prefix stability is only worth something if the provider's cache serves it.
 */
// @ts-nocheck

import { ReconError, type ErrorCode } from '../errors.ts';
import {
  CASSETTE_FORMAT,
  HttpModel,
  SIMULATOR_HEADER,
  accountCache,
  openCassetteWriter,
  recordingFetch,
  type CacheAccount,
  type FetchLike,
  type Interaction,
} from '../http/index.ts';
import { SessionLog, newSessionHeader } from '../log/index.ts';
import { AgentLoop, ToolRegistry, counterIds, type AgentLoopOptions } from '../loop/index.ts';
import type { Provider } from '../wire/index.ts';
import { E2E_PROMPTS, E2E_TOOLS, e2eSystem } from './conversation.ts';

export interface E2eRunOptions {
  readonly provider: Provider;
  readonly model: string;
  /** The network: undici's fetch with an explicit dispatcher. */
  readonly fetch: FetchLike;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  /** The cassette file to create. */
  readonly cassette: string;
  /** Unique to the run: it opens the system prompt, so runs never share cache entries. */
  readonly sessionId: string;
  /** The loop to run; the reference's by default. */
  readonly createLoop?: (options: AgentLoopOptions) => AgentLoop;
  readonly checkReconstruction?: boolean;
  /** Epoch milliseconds for the log. */
  readonly now?: () => number;
}

export interface E2eProblem {
  readonly code: Extract<ErrorCode, 'E2E_TURN_FAILED' | 'E2E_NO_CACHE_READ' | 'E2E_WIRE_MISMATCH' | 'E2E_CACHE_BELOW_BOUND'>;
  readonly message: string;
}

export interface E2eRun {
  readonly account: CacheAccount;
  readonly problems: readonly E2eProblem[];
  /** Whether a response came from the recon simulator. */
  readonly simulated: boolean;
}

export async function runE2e(options: E2eRunOptions): Promise<E2eRun> {
  const now = options.now ?? Date.now;
  const header = { cassette: CASSETTE_FORMAT, provider: options.provider, source: 'recorded' } as const;
  const interactions: Interaction[] = [];
  const file = await openCassetteWriter(options.cassette, header);
  let simulated = false;
  // A network that failed (NET_TIMEOUT, NET_BROKEN) ends the run: it says nothing of the loop.
  let broken: ReconError | undefined;
  const network: FetchLike = async (input, init) => {
    try {
      const response = await options.fetch(input, init);
      simulated ||= response.headers.has(SIMULATOR_HEADER);
      return response;
    } catch (error) {
      if (ReconError.is(error) && error.code.startsWith('NET_')) broken ??= error;
      throw error;
    }
  };
  const recording = recordingFetch(network, { append: (interaction) => (interactions.push(interaction), file.append(interaction)) });
  const model = new HttpModel({
    provider: options.provider,
    fetch: recording,
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
  });
  const log = SessionLog.create(newSessionHeader(options.sessionId, now()), { clock: now });
  const loop = (options.createLoop ?? ((o) => new AgentLoop(o)))({
    log,
    model,
    config: { provider: options.provider, model: options.model },
    system: e2eSystem(options.sessionId),
    tools: new ToolRegistry(E2E_TOOLS),
    ids: counterIds('m'),
    checkReconstruction: options.checkReconstruction ?? true,
  });
  for (const prompt of E2E_PROMPTS) {
    loop.followup(prompt);
    await loop.runUntilIdle();
    if (broken !== undefined) break;
    // A body that broke off is known once its recording settles.
    await recording.settled();
  }
  await recording.settled();
  if (broken !== undefined) throw broken;

  const problems: E2eProblem[] = [];
  for (const event of log.events) {
    const { turn, reason } = event.data as { turn: number; reason?: { kind: string; error?: { message?: string } } };
    if (event.type === 'turn/end' && reason?.kind !== 'completed') problems.push({ code: 'E2E_TURN_FAILED', message: `turn ${turn} ended with ${reason?.kind}${reason?.error?.message === undefined ? '' : `: ${reason.error.message}`}` });
  }
  const account = await accountCache({ header, interactions });
  for (const [i, request] of account.requests.entries()) {
    if (i > 0 && !(request.cacheRead! > 0)) problems.push({ code: 'E2E_NO_CACHE_READ', message: `request ${i + 1} of ${account.requests.length} read ${request.cacheRead ?? 'no reported'} cached tokens` });
  }
  if (account.requests.length < 2) problems.push({ code: 'E2E_NO_CACHE_READ', message: `the conversation made ${account.requests.length} model call(s); the cache check needs at least two` });
  return { account, problems, simulated };
}
