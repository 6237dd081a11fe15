/** Request-header snapshots: canonical form, equality and the fold (spec §3.3–3.5). */
import { type EpochHeader, type LlmCallConfig, type SessionEvent } from '../log/index.ts';
/**
 * The canonical snapshot of a header: `config`, then `adapterDefaults` only when it marks
 * something, `system` only when non-empty, `tools` only when a non-empty list. `config`
 * is kept as it is (no key sorting, `stop: []` stays), and nothing is cloned.
 */
export declare function canonicalHeader(header: EpochHeader): EpochHeader;
/** Strict per field; `stop` equal only when both absent or elementwise equal (so absent ≠ `[]`). */
export declare function callConfigEquals(a: LlmCallConfig, b: LlmCallConfig): boolean;
/**
 * Whether two snapshots would produce the same request. Tools compare as JSON text,
 * position by position, so reordered tools or reordered schema keys are a change;
 * absent tools equal an empty list.
 */
export declare function headerEquals(a: EpochHeader | undefined, b: EpochHeader | undefined): boolean;
/** The canonical, deep-frozen snapshot a `request/header` event carries. */
export declare function snapshotOf(event: SessionEvent): EpochHeader;
/** The latest `request/header` snapshot in canonical form; `from` when there is none. Last snapshot wins. */
export declare function foldRequestHeader(events: readonly SessionEvent[], from?: EpochHeader): EpochHeader | undefined;
