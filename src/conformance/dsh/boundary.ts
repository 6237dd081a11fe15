/**
 * Where DSH's types and recon's meet. They describe the same JSON in other words: DSH's are
 * interfaces with branded ids and `unknown` fields, recon's are JSON type aliases. So a value
 * crosses by one of these functions, never by assignment:
 *  - from DSH: checked against recon's type and passed on as it is (the properties compare
 *    DSH's own, frozen objects). DSH keeps its data lossless JSON, so the checks pass; a value
 *    that fails one is a bug of this adapter or of DSH, and throws a plain Error, which the
 *    suite reports as a crash, never as a refusal;
 *  - to DSH: stored JSON read by DSH's own `decodeStorageRecord`, ids branded by DSH's own
 *    brand functions;
 *  - inputs the suite hands DSH on purpose unchecked (generated appends and wire requests,
 *    some of which DSH must refuse): DSH's types describe only what its own code builds,
 *    so each of these goes through one door, a cast with its reason.
 */
import type { Message as DshMessage, StreamChunk as DshChunk } from '@deepseek-ai/dsh-llm';
import type { DeepSeekAdapter } from '@deepseek-ai/dsh-llm-deepseek';
import type { Session, SessionEvent as DshEvent } from '@deepseek-ai/dsh-session';
import type { NeutralRequest } from '../../fold/index.ts';
import type { ContentBlock, EpochHeader, Message, SessionEvent, StreamChunk, SurfaceOp } from '../../log/index.ts';
import type { GenerateRequest } from '../../wire/index.ts';
import type { DshPackages } from './packages.ts';
import { isChunk, isEpochHeader, isMessage, isNeutralRequest, isOurEvent } from './_internals/recon-shapes.ts';

// --- From DSH: checked ----------------------------------------------------------------------

/** DSH's events (a loaded log) as recon's. */
export function ourEvents(events: readonly DshEvent[]): readonly SessionEvent[] {
  if (events.every(isOurEvent)) return events;
  return notOurs('event', events.find((e) => !isOurEvent(e)));
}

/** DSH's derived messages as recon's. */
export function ourMessages(messages: readonly DshMessage[]): readonly Message[] {
  if (messages.every(isMessage)) return messages;
  return notOurs('message', messages.find((m) => !isMessage(m)));
}

/** The chunks DSH's adapter yielded, as recon's. */
export function ourChunks(chunks: readonly DshChunk[]): readonly StreamChunk[] {
  if (chunks.every(isChunk)) return chunks;
  return notOurs('stream chunk', chunks.find((c) => !isChunk(c)));
}

/** A folded request header (or none yet) as recon's. */
export function ourEpochHeader<T>(header: T | undefined): EpochHeader | null {
  if (header === undefined) return null;
  return isEpochHeader(header) ? header : notOurs('request header', header);
}

/** A request DSH built or dispatched as recon's neutral request. */
export function ourRequest<T extends object>(request: T): NeutralRequest {
  return isNeutralRequest(request) ? request : notOurs('request', request);
}

function notOurs(what: string, value: unknown): never {
  throw new Error(`recon's DSH adapter: DSH gave a ${what} outside recon's types: ${String(JSON.stringify(value)).slice(0, 300)}`);
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
    default:
      return { ...block };
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
