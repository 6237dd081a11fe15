/**
 * Expected values, from the reference's pure functions (the executable form of the spec,
 * pinned to it by the unit tests) and, for wire bodies, from wire-spec.ts. Properties
 * compare an implementation's answers with these; never with the reference's live,
 * cached objects.
 */
import { eraOf, deriveMessagesFresh, foldRequestHeader, reconstructRequest, requestBoundaries, type NeutralRequest, type RequestBoundary } from '../../src/fold/index.ts';
import { loadJsonl, type EpochHeader, type Message, type SessionEvent, type SessionHeader } from '../../src/log/index.ts';
import type { GenerateRequest, WireRequest } from '../../src/wire/index.ts';
import { specDeepSeekWire } from './wire-spec.ts';

export interface ParsedLog {
  readonly id: string;
  readonly header: SessionHeader;
  readonly events: readonly SessionEvent[];
}

export function parseLog(jsonl: string): ParsedLog {
  const { log } = loadJsonl(jsonl);
  return { id: log.header.id, header: log.header, events: log.events };
}

export const expectedMessages = (events: readonly SessionEvent[], k: number): Message[] => deriveMessagesFresh(events.slice(0, k));
export const expectedHeader = (events: readonly SessionEvent[], k: number): EpochHeader | null => foldRequestHeader(events.slice(0, k)) ?? null;
/** The request rebuilt at `boundary` by the rule of the era the log shows (dsh-eras §4.1–4.2). */
export const expectedRequest = (log: Pick<ParsedLog, 'id' | 'events'>, boundary: number): NeutralRequest | null => reconstructRequest(log.events, boundary, log.id, eraOf(log.events)) ?? null;
export const expectedBoundaries = (events: readonly SessionEvent[]): RequestBoundary[] => requestBoundaries(events);
/** The DeepSeek request for `request`, serialized from spec §8.1 independently of src/wire. */
export function expectedWire(request: GenerateRequest): WireRequest {
  const spec = specDeepSeekWire(request);
  if (!spec.ok) throw new Error(`spec §8.1 refuses this request with ${spec.code}`);
  return spec.wire;
}

/**
 * The request headers spec §8.1 gives a DeepSeek request (WIRE-2.5): the content type, the
 * session id, the compaction mark. Each is compared by value on every request, absent where
 * the spec sends none; the credential, user-agent and install id are the client's, not the log's.
 */
export const SPEC_HEADER_NAMES = ['content-type', 'x-deepseek-harness-session-id', 'x-deepseek-harness-compact'] as const;

/** The spec's headers of `headers`, names lower-cased, in the order of SPEC_HEADER_NAMES: what sameJson compares. */
export function specHeaders(headers: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return Object.fromEntries(SPEC_HEADER_NAMES.flatMap((name) => (byName.get(name) === undefined ? [] : [[name, byName.get(name)!]])));
}
