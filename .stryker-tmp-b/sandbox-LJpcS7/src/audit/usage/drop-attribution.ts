/**
 * Why a call recorded by another harness read less of the cache than the call before it,
 * from usage alone: the codes the proxy and replay give (src/http/attribution.ts), where
 * usage and the transcript's own records can tell them, plus the causes such transcripts
 * record and HTTP does not (a compaction, a resume, a fork). The causes that need the
 * request bytes (a changed tool, system prompt, cache marker or history, or bytes that are
 * not canonical, and the provider's own drop) are never guessed: such a drop is
 * BYTES_NEEDED, and `recon proxy` is the way to the bytes.
 */
// @ts-nocheck

import { BREAK_CODES, type BreakCode } from '../../http/index.ts';
import { idleLifetime } from '../../http/cache-rules.ts';
import type { Provider } from '../../wire/index.ts';
import type { Place } from './_internals/records.ts';

/** Codes a usage-level verdict can carry, in the order they are looked for. */
export const USAGE_DROP_CODES = ['COLD_START', 'ROUTE_CHANGED', 'COMPACTED', 'FORKED', 'RESUMED', 'WITHIN_BOUND', 'IDLE_EXPIRED', 'READS_AT_SYSTEM_SIZE', 'BYTES_NEEDED'] as const;
export type UsageDropCode = (typeof USAGE_DROP_CODES)[number];

/** The proxy's and replay's codes that only the request bytes can give. */
export const BYTE_LEVEL_CODES: readonly BreakCode[] = BREAK_CODES.filter((code) => !(USAGE_DROP_CODES as readonly string[]).includes(code));

/** A record between two calls that changes what the next request can share with the cache. */
export interface Marker {
  readonly kind: 'compaction' | 'fork' | 'resume';
  /** One line a person reads: what the record says. */
  readonly detail: string;
  readonly place: Place;
}

/** What a verdict needs of a call. */
export interface DropView {
  readonly provider?: Provider;
  readonly model?: string;
  /** Epoch milliseconds of the call's record. */
  readonly at?: number;
  readonly prompt?: number;
  readonly cacheRead?: number;
  readonly cacheWriteTiers?: Readonly<Record<string, number>>;
  readonly bound?: number;
  readonly place: Place;
}

export interface UsageDrop {
  readonly code: UsageDropCode;
  /** Every verdict here is read from usage and records, never from request bytes. */
  readonly level: 'usage';
  readonly summary: string;
  /** The lines that show it: the call, the call before it, the record that explains it. */
  readonly evidence: ReadonlyArray<{ readonly what: string; readonly place: Place }>;
}

export interface DropQuestion {
  readonly call: DropView;
  /** The call this one should extend: the one before it in its lineage (a resumed or forked session continues its parent's). */
  readonly previous: DropView | undefined;
  /** Records logged between the two calls, in order. */
  readonly markers: readonly Marker[];
  /** Whether an earlier call of the lineage read exactly `tokens` while its prompt was longer. */
  readonly readBefore: (tokens: number) => boolean;
}

/** The verdict on a call: undefined when it did not drop (or reports no reads, so nothing can be said). */
export function attributeUsageDrop({ call, previous, markers, readBefore }: DropQuestion): UsageDrop | undefined {
  const at = { what: 'this call', place: call.place };
  if (previous === undefined) {
    const warm = call.cacheRead !== undefined && call.cacheRead > 0 ? `; it reads ${call.cacheRead} tokens cached before it (a prefix another session or an earlier run wrote)` : '';
    return verdict('COLD_START', `first call of its lineage: nothing of this session was cached yet${warm}`, [at]);
  }
  const read = call.cacheRead;
  const before = previous.prompt;
  if (read === undefined || before === undefined || read >= before) return undefined;
  const was = { what: 'the call before', place: previous.place };
  const fell = `reads ${read} of the ${before} tokens the call before sent`;
  if (previous.model !== undefined && call.model !== undefined && previous.model !== call.model) {
    return verdict('ROUTE_CHANGED', `${fell}: the model changed from ${previous.model} to ${call.model}, and a model's cache serves only that model`, [at, was]);
  }
  const marker = markers[0];
  if (marker !== undefined) {
    const code = ({ compaction: 'COMPACTED', fork: 'FORKED', resume: 'RESUMED' } as const)[marker.kind];
    return verdict(code, `${fell}: ${marker.detail}`, [at, was, ...markers.map((m) => ({ what: `${m.kind} record`, place: m.place }))]);
  }
  if (call.bound !== undefined && read >= call.bound) {
    return verdict('WITHIN_BOUND', `${fell}, which reaches the bound (${call.bound}): the rest lies past the provider's read granularity or after its last cache entry`, [at, was]);
  }
  if (call.provider !== undefined && call.at !== undefined && previous.at !== undefined) {
    const idle = call.at - previous.at;
    const lifetime = idleLifetime(call.provider, hourLong(previous) ? '1h' : undefined);
    if (idle > lifetime) {
      return verdict('IDLE_EXPIRED', `${fell}: ${Math.round(idle / 1000)} s passed since it, past ${call.provider}'s ${Math.round(lifetime / 60_000)}-minute cache lifetime`, [at, was]);
    }
  }
  if (read > 0 && readBefore(read)) {
    return verdict('READS_AT_SYSTEM_SIZE', `${fell}: reads stop at ${read} tokens, as an earlier call's did, so only what comes first (tools, system prompt) is shared and the prefix breaks right after it`, [at, was]);
  }
  return verdict('BYTES_NEEDED', `${fell}, and nothing in the transcript explains it: a changed system prompt, tool list, cache marker or history, or the provider's own miss; only the request bytes tell them apart (recon proxy records them)`, [at, was]);
}

/** An Anthropic write with a one-hour lifetime keeps that part of the prefix alive for an hour. */
const hourLong = (call: DropView): boolean => (call.cacheWriteTiers?.['1h'] ?? 0) > 0;

const verdict = (code: UsageDropCode, summary: string, evidence: UsageDrop['evidence']): UsageDrop => ({ code, level: 'usage', summary, evidence });
