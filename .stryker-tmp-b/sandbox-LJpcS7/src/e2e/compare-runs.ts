/**
 * The reference and some loop mutants through the same conversation, each measured:
 * the reference against its own bound, a mutant against the reference's — the bound the
 * conversation allows, since a mutant that breaks its prefix would shrink its own bound.
 */
// @ts-nocheck

import { findMutant } from '../conformance/mutants/catalog.ts';
import { ReconError } from '../errors.ts';
import type { CacheAccount, FetchLike } from '../http/index.ts';
import { AgentLoop, type AgentLoopOptions } from '../loop/index.ts';
import type { Provider } from '../wire/index.ts';
import { runE2e, type E2eRun } from './run-e2e.ts';

/** The share of the reference's bound a run must read to hold the rule (the bench target of the reference, `cache.referenceAttainment`). */
export const ATTAINMENT_FLOOR = 0.99;

export interface MeasuredRun {
  readonly name: string;
  readonly cassette: string;
  readonly boundOf: 'own' | 'reference';
  readonly requests: ReadonlyArray<{ input: number | null; cacheRead: number | null; cacheWrite: number | null; output: number | null; bound: number | null }>;
  readonly rate: number | null;
  readonly attainment: number | null;
  readonly passed: boolean;
  readonly problems: E2eRun['problems'];
}

export interface ComparisonOptions {
  readonly provider: Provider;
  readonly model: string;
  readonly fetch: FetchLike;
  readonly baseUrl?: string;
  readonly apiKey?: string;
  /** One cassette per run: the reference's, then one per mutant. */
  readonly cassettes: readonly string[];
  /** A session id per run; of one width, so the units of their prompts line up. */
  readonly session: (run: number) => string;
  readonly mutants: readonly string[];
}

/** The loop (and fold) of a mutant, for running it over HTTP; refuses mutants that have neither. */
export function mutantLoop(name: string): (options: AgentLoopOptions) => AgentLoop {
  const parts = findMutant(name).parts;
  if (parts?.loop === undefined && parts?.session === undefined) throw new ReconError('USAGE', `mutant "${name}" has no loop or fold of its own; e2e runs loop mutants`);
  const loop = parts.loop ?? ((o: AgentLoopOptions) => new AgentLoop(o));
  return (o) => loop(parts.session === undefined ? o : { ...o, createSession: parts.session });
}

export async function compareRuns(options: ComparisonOptions): Promise<{ readonly runs: MeasuredRun[]; readonly simulated: boolean }> {
  const loops = options.mutants.map((name) => ({ name, createLoop: mutantLoop(name) }));
  const common = {
    provider: options.provider,
    model: options.model,
    fetch: options.fetch,
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
  };
  const reference = await runE2e({ ...common, cassette: options.cassettes[0]!, sessionId: options.session(0) });
  const runs = [measureRun('reference', options.cassettes[0]!, reference, reference.account)];
  let simulated = reference.simulated;
  for (const [i, mutant] of loops.entries()) {
    const run = await runE2e({ ...common, cassette: options.cassettes[i + 1]!, sessionId: options.session(i + 1), createLoop: mutant.createLoop, checkReconstruction: false });
    simulated ||= run.simulated;
    runs.push(measureRun(mutant.name, options.cassettes[i + 1]!, run, reference.account));
  }
  return { runs, simulated };
}

/** A run's figures, and its attainment against `bounds` (its own account, or the reference's). */
function measureRun(name: string, cassette: string, run: E2eRun, bounds: CacheAccount): MeasuredRun {
  const own = bounds === run.account;
  const requests = run.account.requests.map((r, i) => ({
    input: r.input ?? null,
    cacheRead: r.cacheRead ?? null,
    cacheWrite: r.cacheWrite ?? null,
    output: r.output ?? null,
    bound: (own ? r.bound : bounds.requests[i]?.bound) ?? null,
  }));
  const bounded = requests.filter((r) => r.bound !== null && r.cacheRead !== null);
  const bound = bounded.reduce((sum, r) => sum + r.bound!, 0);
  const attainment = bound > 0 ? bounded.reduce((sum, r) => sum + r.cacheRead!, 0) / bound : null;
  // A mutant that reads a little on every call passes the per-call check: the reference's bound says how much it lost.
  const short = !own && attainment !== null && attainment < ATTAINMENT_FLOOR ? [{ code: 'E2E_CACHE_BELOW_BOUND' as const, message: `${name} read ${(attainment * 100).toFixed(1)} % of the cache reads the conversation allows (the reference run's bound); at least ${ATTAINMENT_FLOOR * 100} % holds the rule` }] : [];
  const problems = [...run.problems, ...short];
  return { name, cassette, boundOf: own ? 'own' : 'reference', requests, rate: run.account.rate, attainment, passed: problems.length === 0, problems };
}
