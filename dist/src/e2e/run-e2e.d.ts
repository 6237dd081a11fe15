/**
 * One e2e run: a loop (the reference, or a mutant's) through the e2e conversation over
 * HTTP, every exchange recorded into a cassette, then the cassette's cache account. A run
 * passes when every turn completes and every request after the first reads from the
 * cache: prefix stability is only worth something if the provider's cache serves it.
 */
import type { ErrorCode } from '../errors.ts';
import { type CacheAccount, type FetchLike } from '../http/index.ts';
import { AgentLoop, type AgentLoopOptions } from '../loop/index.ts';
import type { Provider } from '../wire/index.ts';
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
    readonly code: Extract<ErrorCode, 'E2E_TURN_FAILED' | 'E2E_NO_CACHE_READ'>;
    readonly message: string;
}
export interface E2eRun {
    readonly account: CacheAccount;
    readonly problems: readonly E2eProblem[];
    /** Whether a response came from the recon simulator. */
    readonly simulated: boolean;
}
export declare function runE2e(options: E2eRunOptions): Promise<E2eRun>;
