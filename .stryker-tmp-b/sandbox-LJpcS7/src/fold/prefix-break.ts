/**
 * Prefix-append stability (DESIGN §1.1): while the header is unchanged and nothing was
 * replaced, each request's messages extend the previous request's, so the provider's
 * prefix cache keeps hitting. Every break must be explained by a logged event.
 */
// @ts-nocheck

import { isEvent, type HeaderReason, type SessionEvent } from '../log/index.ts';
import type { NeutralRequest } from './request.ts';

/**
 * The first part of a request that stops the previous request from being its prefix;
 * `prefix` is the header's session prefix (the session-prefix era), which only a header changes.
 */
export type BrokenPart = 'model' | 'system' | 'tools' | 'prefix' | 'messages';

export function prefixBreak(previous: NeutralRequest, next: NeutralRequest): BrokenPart | undefined {
  // A provider's cache is per model: another route reads nothing.
  if (previous.provider !== next.provider || previous.model !== next.model) return 'model';
  if (previous.system !== next.system) return 'system';
  if (previous.tools !== next.tools && JSON.stringify(previous.tools ?? []) !== JSON.stringify(next.tools ?? [])) return 'tools';
  if (toolHistoryBroken(previous, next)) return 'tools';
  if (previous.messages.length > next.messages.length) return 'messages';
  for (let i = 0; i < previous.messages.length; i++) {
    const a = previous.messages[i];
    const b = next.messages[i];
    if (a !== b && JSON.stringify(a) !== JSON.stringify(b)) return 'messages';
  }
  return undefined;
}

/** A v4 tool history extends the previous one when its series' tools are the same and the earlier updates stay in place. */
function toolHistoryBroken(previous: NeutralRequest, next: NeutralRequest): boolean {
  const a = previous.toolHistory;
  const b = next.toolHistory;
  if (a === b || a === undefined || b === undefined) return a !== b;
  if (JSON.stringify(a.tools) !== JSON.stringify(b.tools) || a.updates.length > b.updates.length) return true;
  return a.updates.some((update, i) => JSON.stringify(update) !== JSON.stringify(b.updates[i]));
}

export interface Explanation {
  readonly event: SessionEvent;
  /** A header snapshot's reason; `replace` for a surface replace; `image-offload` for a v3+ image/offload. */
  readonly cause: HeaderReason | 'replace' | 'image-offload';
}

/**
 * The first logged event in `events[from, to)` that explains a break of `part`: a
 * `request/header` snapshot for the route, system or tools; a surface replace for the
 * messages; either one when the part is not known (a drop in cache reads).
 */
export function explainingEvent(events: readonly SessionEvent[], from: number, to: number, part: BrokenPart | 'any'): Explanation | undefined {
  for (let seq = from; seq < to; seq++) {
    const event = events[seq]!;
    if (isEvent(event, 'request/header') && part !== 'messages') return { event, cause: event.data.reason };
    if (typeof event.surfaceOp === 'object' && (part === 'messages' || part === 'any')) return { event, cause: 'replace' };
    if (event.type === 'image/offload' && (part === 'messages' || part === 'any')) return { event, cause: 'image-offload' };
  }
  return undefined;
}
