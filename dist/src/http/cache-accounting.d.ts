/**
 * Cache accounting for a recorded session (provider-cache.md §C, §D): per model call the
 * normalised usage and the most cache-read tokens the request sequence allows (the
 * bound), then the token-weighted read rate Σ cacheRead ÷ Σ input and the attainment
 * Σ cacheRead ÷ Σ bound.
 *
 * The bound of a call is what the best entry written earlier in the session can serve:
 *  - DeepSeek: 64-token units of the longest prefix shared with an earlier prompt plus
 *    its output (the cache is written for both); OpenAI (classic): nothing below 1024
 *    tokens, then 1024 + 128·k. When a request extends an earlier prompt plus its output
 *    message for message, the shared prefix is that call's recorded prompt + output
 *    tokens, exactly; when it repeats it, its own prompt; otherwise the tokenizer
 *    estimates where the prefix ends, anchored on the recorded totals.
 *  - OpenAI with cache writes reported (GPT-5.6 and later) and Anthropic: entries sit at
 *    breakpoints and are token-exact; an entry holds the earlier call's read + write tokens
 *    (everything up to its last breakpoint) and serves a call that keeps the same blocks
 *    up to there. Anthropic caches no output. Its counts come from the recorded usage
 *    alone: Anthropic publishes no tokenizer.
 * Tool or model changes share nothing (the tools are rendered before the messages).
 * Every earlier call is a candidate, not only the previous one: agents interleave.
 */
import { type Attribution } from './attribution.ts';
import type { Cassette, Interaction, Provider } from './cassette.ts';
import { type Api } from './endpoint.ts';
import { type Usage } from './usage.ts';
export interface RequestAccount extends Usage {
    /** The interaction's index in the cassette. */
    readonly index: number;
    readonly provider: Provider;
    readonly api: Api;
    readonly model?: string;
    readonly url?: string;
    /** The most cache-read tokens the session allows here; null when it cannot be computed. */
    readonly bound: number | null;
    /** How the bound was derived. */
    readonly basis: string;
    /** Why the recorded reads differ from the bound, when they do. */
    readonly why?: string;
    /** Why the reads fell below the previous call's prompt (or that this call starts cold), when they did. */
    readonly break?: Attribution;
}
export interface CacheAccount {
    readonly requests: readonly RequestAccount[];
    /** Sums of the known values; null when no call reports the count. */
    readonly totals: {
        readonly input: number | null;
        readonly cacheRead: number | null;
        readonly cacheWrite: number | null;
        readonly output: number | null;
        readonly bound: number | null;
    };
    /** Σ cacheRead ÷ Σ input over calls reporting both; null when there are none. */
    readonly rate: number | null;
    /** The same without the first call, which starts cold. */
    readonly rateAfterFirst: number | null;
    /** Σ cacheRead ÷ Σ bound; null when the bound is 0 or unknown. Above 1 when reads came from outside the session. */
    readonly attainment: number | null;
    /** Σ min(cacheRead, bound) ÷ Σ bound: the attainment without the reads above the bound. */
    readonly attainmentInSession: number | null;
    /** Σ of reads above the bound (a cache warmed before the session, a server-side tool loop), reported apart (provider-cache.md §C). */
    readonly externalReads: number;
}
export declare function accountCache(cassette: Cassette): Promise<CacheAccount>;
/**
 * The account of a session that grows one interaction at a time (a proxy's): each call is
 * accounted against the calls before it only, so adding one costs what comparing it with
 * the earlier calls costs, not a new pass over the session.
 */
export declare class CacheAccountant {
    #private;
    constructor(provider?: Provider | 'unknown');
    /** Accounts interaction `index`; undefined when it is not a model call. */
    add(interaction: Interaction, index: number): Promise<RequestAccount | undefined>;
    /** The session so far. */
    account(): CacheAccount;
}
