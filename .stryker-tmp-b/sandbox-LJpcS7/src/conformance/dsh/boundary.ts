/**
 * Where DSH's types and recon's meet. They describe the same JSON in other words: DSH's are
 * interfaces with branded ids and `unknown` fields, recon's are JSON type aliases. So a value
 * crosses by one of these functions, never by assignment:
 *  - from DSH: `ours` says which of DSH's types answers as which of recon's. The answer is
 *    passed on as it is, unchecked on purpose: the properties judge it (and compare DSH's own,
 *    frozen objects), so an answer outside recon's types must reach them as DSH gave it, not
 *    as an adapter crash. DSH 0.1.0-rc.8 maps a null reasoning count to `reasoningTokens: null`,
 *    and WIRE-USAGE-DISJOINT shows that difference byte by byte;
 *  - to DSH: stored JSON read by DSH's own `decodeStorageRecord`, ids branded by DSH's own
 *    brand functions;
 *  - inputs the suite hands DSH on purpose unchecked (generated appends and wire requests,
 *    some of which DSH must refuse): DSH's types describe only what its own code builds,
 *    so each of these goes through one door, a cast with its reason.
 */
// @ts-nocheck

import type { GenerateOptions, Message as DshMessage, StreamChunk as DshChunk } from '@deepseek-ai/dsh-llm';
import type { DeepSeekAdapter } from '@deepseek-ai/dsh-llm-deepseek';
import type { EpochHeader as DshEpochHeader, Session, SessionEvent as DshEvent } from '@deepseek-ai/dsh-session';
import type { NeutralRequest } from '../../fold/index.ts';
import type { ContentBlock, EpochHeader, Message, SessionEvent, StreamChunk, SurfaceOp } from '../../log/index.ts';
import type { GenerateRequest } from '../../wire/index.ts';
import type { DshPackages } from './packages.ts';

// --- From DSH: what answers as what ---------------------------------------------------------

/** A loaded log's events. */
export function ours(events: readonly DshEvent[]): readonly SessionEvent[];
/** Derived messages. */
export function ours(messages: readonly DshMessage[]): readonly Message[];
/** The chunks the DeepSeek adapter yielded. */
export function ours(chunks: readonly DshChunk[]): readonly StreamChunk[];
/** A folded request header. */
export function ours(header: DshEpochHeader): EpochHeader;
/** A request built from the fold, or one the loop dispatched (without its signal): a neutral request. */
export function ours(request: GenerateOptions): NeutralRequest;
export function ours(answer: unknown): unknown {
  return answer;
}

// --- To DSH ---------------------------------------------------------------------------------

/** Stored events as DSH reads them: a plain event passes `decodeStorageRecord` as it is. */
export function dshEvents(dsh: DshPackages, events: readonly SessionEvent[]): DshEvent[] {
  return events.flatMap((event) => dsh.session.decodeStorageRecord(event));
}

/** A recon stream chunk as DSH's, its ids branded (the DSH 0.1.0-rc.6 stand-in model adapter yields these). */
export function dshChunk(dsh: DshPackages, chunk: StreamChunk): DshChunk {
  switch (chunk.type) {
    case 'tool-call-delta':
      return { ...chunk, id: dsh.llm.CallId(chunk.id) };
    case 'block-end':
      return { ...chunk, block: dshBlock(dsh, chunk.block) };
    case 'finish': {
      const { reason } = chunk;
      if (reason.kind === 'aborted') throw new Error("recon's DSH adapter: an aborted finish carries no failure, which DSH's finish requires");
      if (reason.kind !== 'error') return { ...chunk, reason };
      const { requestId, ...failure } = reason.failure;
      return { ...chunk, reason: { ...reason, failure: requestId === undefined ? failure : { ...reason.failure, requestId: dsh.llm.ProviderRequestId(requestId) } } };
    }
    default:
      return chunk;
  }
}

function dshBlock(dsh: DshPackages, block: ContentBlock): Extract<DshChunk, { type: 'block-end' }>['block'] {
  switch (block.type) {
    case 'tool-call':
      return { ...block, id: dsh.llm.CallId(block.id) };
    case 'tool-result':
      return { ...block, toolCallId: dsh.llm.CallId(block.toolCallId), content: block.content.map((b) => dshBlock(dsh, b)) };
    case 'image':
      throw new Error("recon's DSH adapter: an image block is not a streamed block");
    case 'tool-addition':
    case 'tool-removal':
      throw new Error("recon's DSH adapter: a v4 tool-change block is not a streamed block");
    default:
      return block;
  }
}

/** An event for `Session.append`: the Implementation's append input, or an event of a loaded log. */
export interface AppendRequest {
  readonly type: string;
  readonly data: unknown;
  readonly surfaceOp?: SurfaceOp;
  readonly sourceEventSeqs?: readonly number[];
}

/**
 * `Session.append` on any event, valid or not: the suite hands DSH generated events, faults
 * included, and DSH's append checks them at run time (its refusal is the verdict).
 */
export function appendAny(session: Session, event: AppendRequest): DshEvent {
  // A cast, as no type-level route exists: append's signature admits only the events DSH's own code writes.
  const append = session.append as (type: string, data: unknown, intent?: Pick<AppendRequest, 'surfaceOp' | 'sourceEventSeqs'>) => DshEvent;
  const intent = {
    ...(event.surfaceOp === undefined ? {} : { surfaceOp: event.surfaceOp }),
    ...(event.sourceEventSeqs === undefined ? {} : { sourceEventSeqs: event.sourceEventSeqs }),
  };
  // Non-surface types take no intent argument; pass one only when there is something in it.
  return Object.keys(intent).length === 0 ? append.call(session, event.type, event.data) : append.call(session, event.type, event.data, intent);
}

/**
 * The chunks DSH's DeepSeek adapter streams for a request of the suite's. Generated requests
 * hold what DSH's types exclude (message sources of other kinds, unbranded ids), and the
 * adapter serializes or refuses them at run time: that answer is the verdict.
 */
export function streamAny(adapter: DeepSeekAdapter, request: GenerateRequest): AsyncIterable<DshChunk> {
  // A cast, as no type-level route exists: the adapter's parameter type admits only requests DSH's own code builds.
  const stream = adapter.stream as (request: GenerateRequest) => AsyncIterable<DshChunk>;
  return stream.call(adapter, request);
}
