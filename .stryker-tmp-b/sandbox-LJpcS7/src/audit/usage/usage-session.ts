/**
 * A session of another harness, as the usage audit reports it: the per-call series (each
 * call counted once, with every line that carries it), the read rate with the provider's own
 * denominator, the bound, and a usage-level verdict on every drop.
 */
// @ts-nocheck

import type { Provider } from '../../wire/index.ts';
import type { UsageDrop } from './drop-attribution.ts';
import type { Place } from './_internals/records.ts';

export type Harness = 'claude-code' | 'codex' | 'opencode' | 'otel';

/** The token counts of one call, in the provider's own terms: `prompt` is the whole billed prompt. */
export interface CallCounts {
  readonly prompt?: number;
  readonly cacheRead?: number;
  readonly cacheWrite?: number;
  /** Anthropic's split of the write by lifetime (`5m`, `1h`), when the record gives it. */
  readonly cacheWriteTiers?: Readonly<Record<string, number>>;
  readonly output?: number;
  readonly reasoning?: number;
}

export interface UsageCall extends CallCounts {
  /** 1-based, in the session. */
  readonly index: number;
  readonly lineage: string;
  readonly at?: string;
  readonly model?: string;
  readonly provider?: Provider;
  /** The prompt less reads and writes. */
  readonly uncached?: number;
  /** The most cache reads the calls before it in its lineage allow, if every request extended the one before; absent when the provider's rules are not known. */
  readonly bound?: number;
  readonly boundBasis: string;
  /** Every line that carries this call (a split response, a re-emitted count, a copy), counted once. */
  readonly lines: readonly Place[];
  readonly recorded: unknown;
  /** The verdict when its reads fall below the previous call's prompt (or it starts its lineage). */
  readonly drop?: UsageDrop;
  /** The call it should extend, when that call is in another session (a resume or fork continues its parent). */
  readonly previous?: { readonly session: string; readonly index: number };
}

export interface UsageSession {
  readonly harness: Harness;
  readonly id: string;
  readonly files: readonly string[];
  readonly models: readonly string[];
  readonly calls: readonly UsageCall[];
  readonly totals: { readonly prompt?: number; readonly cacheRead?: number; readonly cacheWrite?: number; readonly cacheWriteTiers?: Readonly<Record<string, number>>; readonly output?: number; readonly bound?: number };
  /** Σ cache read ÷ Σ prompt over calls reporting both; absent when none does ("no data", never 0 %). */
  readonly rate?: number;
  readonly rateAfterFirst?: number;
  /** The provider's own denominator, in the record's field names. */
  readonly denominator: string;
  /** Σ cache read ÷ Σ bound over calls with both; absent when no bound above 0 is known. Above 1 when reads came from before the session. */
  readonly attainment?: number;
  /** Σ min(cache read, bound) ÷ Σ bound: the attainment without the reads from before the session. */
  readonly attainmentInSession?: number;
  /** Σ of reads above the bound: entries written before the session (a shared system prompt, an earlier run). */
  readonly externalReads: number;
  readonly drops: Readonly<Record<string, number>>;
  readonly notes: readonly string[];
}
