/**
 * The providers' prompt-cache rules as data (provider-cache.md §A): how much of a shared
 * prefix a read can take, the shortest prefix Anthropic caches, how far back it looks for
 * an entry, and how long an entry lives. Cache accounting takes its units from here and the simulator all of it, so the
 * bound and the simulated reads cannot drift apart.
 */
import type { Provider } from './cassette.ts';
/** The reads a prefix of `tokens` shared with a live entry allows: DeepSeek 64-token units; OpenAI (classic) nothing below 1024, then 1024 + 128·k; Anthropic token-exact. */
export declare function readableTokens(provider: Provider, tokens: number): number;
/** Anthropic caches nothing shorter than this (the model's minimum cacheable prompt; 1024 for the models the page does not list). */
export declare function anthropicMinimum(model: string | undefined): number;
/** Anthropic serves an entry ending at block `last` only to a request with a breakpoint at most 20 blocks after it. */
export declare function breakpointReaches(breakpoints: readonly number[], last: number): boolean;
/**
 * How long an entry lives after its last write or read, in milliseconds. DeepSeek clears
 * unused entries "within a few hours to a few days": three hours is this model's choice.
 * OpenAI keeps in-memory entries 5–10 minutes idle (up to an hour off-peak), 24 hours
 * with `prompt_cache_retention: "24h"`. Anthropic: 5 minutes, or an hour for a
 * `ttl: "1h"` breakpoint.
 */
export declare function idleLifetime(provider: Provider, option?: string): number;
