/** Request-header snapshots: canonical form, equality and the fold (spec §3.3–3.5). */
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
  // A string or absent (the log refuses any other, validate-event.ts): absent sends no prompt, as empty does.
  const system = header.system ?? '';
  if (system !== '') out.system = system;
  // A scrubbed placeholder ("{{tools}}") is kept as stored: dropping it would rebuild a request without tools.
  if ((Array.isArray(header.tools) && header.tools.length > 0) || isPlaceholder(header.tools)) out.tools = header.tools;
  if (Array.isArray(header.messagePrefix) && header.messagePrefix.length > 0) out.messagePrefix = header.messagePrefix;
  return out;
}

/** Strict per field; `stop` equal only when both absent or elementwise equal (so absent ≠ `[]`). */
export function callConfigEquals(a: LlmCallConfig, b: LlmCallConfig): boolean {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral: the reference compares only snapshots of one loop instance, whose route never changes (a new route is a restart or a fork, whose first snapshot is owed whatever it holds; a scenario's override gives no provider or model)
  if (a.provider !== b.provider || a.model !== b.model) return false;
  if (a.reasoningEffort !== b.reasoningEffort) return false;
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
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: the reference's loop compares only once the instance has logged its snapshot, so both are always there
  if (a === undefined || b === undefined) return a === b;
  if (!callConfigEquals(a.config, b.config)) return false;
  if (a.adapterDefaults?.reasoningEffort !== b.adapterDefaults?.reasoningEffort) return false;
  if (a.adapterDefaults?.maxTokens !== b.adapterDefaults?.maxTokens) return false;
  if (a.system !== b.system) return false;
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: a loop instance composes its session prefix once, and the reference compares only snapshots of one instance, so the prefixes are always the same
  if (!sameJsonList(a.messagePrefix, b.messagePrefix)) return false;
  return sameJsonList(a.tools, b.tools);
}

function sameJsonList(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: a scrubbed placeholder is in imported logs only; the reference's loop compares the tool lists it built and logged itself
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
  // Stryker disable next-line EqualityOperator: the reference folds only its loop's own logs, whose event 0 is a turn/start, never a request/header
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]!;
    if (isEvent(event, 'request/header')) return snapshotOf(event);
  }
  return from;
}
