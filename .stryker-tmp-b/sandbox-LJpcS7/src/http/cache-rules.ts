/**
 * The providers' prompt-cache rules as data (provider-cache.md §A): how much of a shared
 * prefix a read can take, the shortest prefix Anthropic caches, how far back it looks for
 * an entry, and how long an entry lives. Cache accounting takes its units from here and the simulator all of it, so the
 * bound and the simulated reads cannot drift apart.
 */
// @ts-nocheck

import type { Provider } from '../wire/index.ts';

/** The reads a prefix of `tokens` shared with a live entry allows: DeepSeek 64-token units; OpenAI (classic) nothing below 1024, then 1024 + 128·k; Anthropic token-exact. */
export function readableTokens(provider: Provider, tokens: number): number {
  if (provider === 'deepseek') return 64 * Math.floor(tokens / 64);
  if (provider === 'openai') return tokens < 1024 ? 0 : 1024 + 128 * Math.floor((tokens - 1024) / 128);
  return tokens;
}

/** Anthropic caches nothing shorter than this (the model's minimum cacheable prompt; 1024 for the models the page does not list). */
export function anthropicMinimum(model: string | undefined): number {
  const name = model ?? '';
  if (/opus-5|fable-5|mythos-5/.test(name)) return 512;
  if (/haiku-4-5|opus-4-[56]/.test(name)) return 4096;
  if (/opus-4-7|mythos-preview|haiku-3/.test(name)) return 2048;
  return 1024;
}

/** Anthropic serves an entry ending at block `last` only to a request with a breakpoint at most 20 blocks after it. */
export function breakpointReaches(breakpoints: readonly number[], last: number): boolean {
  return breakpoints.some((b) => b >= last && b - last <= 20);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long an entry lives after its last write or read, in milliseconds. DeepSeek clears
 * unused entries "within a few hours to a few days": three hours is this model's choice.
 * OpenAI keeps in-memory entries 5–10 minutes idle (up to an hour off-peak), 24 hours
 * with `prompt_cache_retention: "24h"`. Anthropic: 5 minutes, or an hour for a
 * `ttl: "1h"` breakpoint.
 */
export function idleLifetime(provider: Provider, option?: string): number {
  if (provider === 'deepseek') return 3 * HOUR;
  if (provider === 'openai') return option === '24h' ? 24 * HOUR : 10 * MINUTE;
  return option === '1h' ? HOUR : 5 * MINUTE;
}
