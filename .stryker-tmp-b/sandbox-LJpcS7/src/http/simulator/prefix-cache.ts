/**
 * The simulator's prompt cache: entries of token units on an injected clock, and what a
 * request reads from them and writes to them under each provider's rules.
 *  - DeepSeek and OpenAI (classic): every request writes its prompt followed by its reply;
 *    a request reads the longest prefix it shares with any live entry, in the provider's
 *    units (cache-rules.ts).
 *  - Anthropic: entries are written only at `cache_control` breakpoints, only when the
 *    prefix up to there reaches the model's minimum, and hold no reply; a request reads an
 *    entry only when it ends within 20 blocks before one of the request's breakpoints.
 * Reads refresh the entry read, as the providers do.
 */
// @ts-nocheck

import type { Provider } from '../../wire/index.ts';
import { sharedLength } from '../../first-difference.ts';
import { breakpointReaches, idleLifetime, readableTokens } from '../cache-rules.ts';
import type { CountedPrompt, Unit } from './prompt-tokens.ts';

interface Entry {
  readonly provider: Provider;
  readonly head: string;
  readonly units: readonly Unit[];
  /** Milliseconds an entry lives after its last use. */
  readonly lifetime: number;
  used: number;
}

export interface AnthropicUsage {
  readonly read: number;
  readonly write: number;
  /** The write split by the lifetime of the breakpoint that wrote it. */
  readonly write5m: number;
  readonly write1h: number;
}

export class PrefixCache {
  #entries: Entry[] = [];

  constructor(readonly now: () => number) {}

  /** Chat: the readable part of the longest prefix `prompt` shares with a live entry. */
  readChat(provider: Provider, prompt: CountedPrompt, count: (text: string) => number): number {
    let best: { entry: Entry; tokens: number } | undefined;
    for (const entry of this.#live(provider, prompt.head)) {
      const tokens = sharedTokens(prompt, entry.units, count);
      if (tokens > (best?.tokens ?? 0)) best = { entry, tokens };
    }
    const read = readableTokens(provider, Math.min(best?.tokens ?? 0, prompt.total));
    if (read > 0) best!.entry.used = this.now();
    return read;
  }

  /** Chat: the prompt followed by its reply (whose unit opens with the generation prompt the request ended with). */
  writeChat(provider: Provider, prompt: CountedPrompt, reply: Unit, lifetime: number): void {
    this.#add(provider, prompt.head, [...prompt.units, reply], lifetime);
  }

  /** Anthropic: reads the longest entry a breakpoint can reach, then writes an entry at every breakpoint long enough. */
  anthropic(prompt: CountedPrompt, minimum: number): AnthropicUsage {
    const prefix: number[] = [];
    prompt.units.reduce((sum, unit, k) => (prefix[k] = sum + unit.tokens), prompt.headTokens);
    let best: Entry | undefined;
    for (const entry of this.#live('anthropic', prompt.head)) {
      if (breakpointReaches(prompt.breakpoints, entry.units.length - 1) && entry.units.length > (best?.units.length ?? 0) && sameUnits(prompt.units, entry.units)) best = entry;
    }
    if (best !== undefined) best.used = this.now();
    const read = best === undefined ? 0 : prefix[best.units.length - 1]!;
    let written = read;
    let write5m = 0;
    let write1h = 0;
    for (const b of prompt.breakpoints) {
      const end = prefix[b]!;
      if (end < minimum) continue;
      const ttl = prompt.hourLong.includes(b) ? '1h' : '5m';
      this.#add('anthropic', prompt.head, prompt.units.slice(0, b + 1), idleLifetime('anthropic', ttl));
      if (end <= written) continue;
      if (ttl === '5m') write5m += end - written;
      else write1h += end - written;
      written = end;
    }
    return { read, write: written - read, write5m, write1h };
  }

  #live(provider: Provider, head: string): Entry[] {
    const now = this.now();
    this.#entries = this.#entries.filter((e) => now < e.used + e.lifetime);
    return this.#entries.filter((e) => e.provider === provider && e.head === head);
  }

  /** Writes an entry, or refreshes the same one when it is live: a repeated prompt keeps one entry warm. */
  #add(provider: Provider, head: string, units: readonly Unit[], lifetime: number): void {
    const same = this.#live(provider, head).find((e) => e.units.length === units.length && sameUnits(units, e.units));
    if (same !== undefined) same.used = this.now();
    else this.#entries.push({ provider, head, units, lifetime, used: this.now() });
  }
}

/**
 * Tokens `prompt` shares with an entry of the same head: whole units while they are
 * equal, then the common start of the first differing unit's text. A prompt that ends
 * inside the entry shares all of itself (the entry goes on with a reply that opens with
 * the same generation prompt), unless the entry ends exactly where the prompt's units do.
 */
function sharedTokens(prompt: CountedPrompt, cached: readonly Unit[], count: (text: string) => number): number {
  let shared = prompt.headTokens;
  for (const [k, unit] of prompt.units.entries()) {
    const other = cached[k];
    if (other === undefined) return shared;
    if (other.key !== unit.key) return shared + Math.min(count(unit.text.slice(0, sharedLength(unit.text, other.text))), unit.tokens, other.tokens);
    shared += unit.tokens;
  }
  return cached.length > prompt.units.length ? prompt.total : prompt.total - prompt.generation;
}

const sameUnits = (units: readonly Unit[], prefix: readonly Unit[]) => prefix.length <= units.length && prefix.every((u, k) => u.key === units[k]!.key);
