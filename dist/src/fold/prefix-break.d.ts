/**
 * Prefix-append stability (DESIGN §1.1): while the header is unchanged and nothing was
 * replaced, each request's messages extend the previous request's, so the provider's
 * prefix cache keeps hitting. Every break must be explained by a logged event.
 */
import type { HeaderReason, SessionEvent } from '../log/index.ts';
import type { NeutralRequest } from './request.ts';
/** The first part of a request that stops the previous request from being its prefix. */
export type BrokenPart = 'model' | 'system' | 'tools' | 'messages';
export declare function prefixBreak(previous: NeutralRequest, next: NeutralRequest): BrokenPart | undefined;
export interface Explanation {
    readonly event: SessionEvent;
    /** `initial`, `resume` or `change` for a header snapshot; `replace` for a surface replace. */
    readonly cause: HeaderReason | 'replace';
}
/**
 * The first logged event in `events[from, to)` that explains a break of `part`: a
 * `request/header` snapshot for the route, system or tools; a surface replace for the
 * messages; either one when the part is not known (a drop in cache reads).
 */
export declare function explainingEvent(events: readonly SessionEvent[], from: number, to: number, part: BrokenPart | 'any'): Explanation | undefined;
