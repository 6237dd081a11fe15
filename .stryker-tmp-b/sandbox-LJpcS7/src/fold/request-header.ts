/** Request-header snapshots: canonical form, equality and the fold (spec §3.3–3.5). */
// @ts-nocheck

import type { Mutable } from '../_internals/mutable.ts';
import { deepFreeze, isEvent, isPlaceholder, type EpochHeader, type EventOf, type LlmCallConfig, type SessionEvent } from '../log/index.ts';

/**
 * The canonical snapshot of a header: `config`, then `adapterDefaults` only when it marks
 * something, `system` only when non-empty, `tools` and `messagePrefix` only when non-empty
 * lists. `config` is kept as it is (no key sorting, `stop: []` stays), and nothing is cloned.
 */
export function canonicalHeader(header: EpochHeader): EpochHeader {
  const out: Mutable<EpochHeader> = { config: header.config };
  const defaults = header.adapterDefaults;
  if (defaults !== undefined && (defaults.reasoningEffort === true || defaults.maxTokens === true)) out.adapterDefaults = defaults;
  if (typeof header.system === 'string' && header.system !== '') out.system = header.system;
  // A scrubbed placeholder ("{{tools}}") is kept as stored: dropping it would rebuild a request without tools.
  if ((Array.isArray(header.tools) && header.tools.length > 0) || isPlaceholder(header.tools)) out.tools = header.tools;
  if (Array.isArray(header.messagePrefix) && header.messagePrefix.length > 0) out.messagePrefix = header.messagePrefix;
  return out;
}

/** Strict per field; `stop` equal only when both absent or elementwise equal (so absent ≠ `[]`). */
export function callConfigEquals(a: LlmCallConfig, b: LlmCallConfig): boolean {
  if (a.provider !== b.provider || a.model !== b.model || a.reasoningEffort !== b.reasoningEffort) return false;
  if (a.temperature !== b.temperature || a.maxTokens !== b.maxTokens) return false;
  if (a.stop === undefined || b.stop === undefined) return a.stop === b.stop;
  return a.stop.length === b.stop.length && a.stop.every((s, i) => s === b.stop![i]);
}

/**
 * Whether two snapshots would produce the same request. Tools and prefix messages compare
 * as JSON text, position by position, so reordered tools or reordered schema keys are a
 * change; absent tools or prefix equal an empty list.
 */
export function headerEquals(a: EpochHeader | undefined, b: EpochHeader | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (!callConfigEquals(a.config, b.config)) return false;
  if (a.adapterDefaults?.reasoningEffort !== b.adapterDefaults?.reasoningEffort) return false;
  if (a.adapterDefaults?.maxTokens !== b.adapterDefaults?.maxTokens) return false;
  if (a.system !== b.system) return false;
  if (!sameJsonList(a.messagePrefix, b.messagePrefix)) return false;
  return sameJsonList(a.tools, b.tools);
}

function sameJsonList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  if (isPlaceholder(a) || isPlaceholder(b)) return a === b;
  const ta = Array.isArray(a) ? a : [];
  const tb = Array.isArray(b) ? b : [];
  return ta.length === tb.length && ta.every((tool, i) => JSON.stringify(tool) === JSON.stringify(tb[i]));
}

/** The canonical, deep-frozen snapshot a `request/header` event carries. */
export function snapshotOf(event: EventOf<'request/header'>): EpochHeader {
  return deepFreeze(canonicalHeader(event.data.header));
}

/** The latest `request/header` snapshot in canonical form; `from` when there is none. Last snapshot wins. */
export function foldRequestHeader(events: readonly SessionEvent[], from?: EpochHeader): EpochHeader | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (isEvent(event, 'request/header')) return snapshotOf(event);
  }
  return from;
}
