/**
 * Expected values, from the reference's pure functions (the executable form of the spec,
 * pinned to it by the unit tests) and, for wire bodies, from wire-spec.ts. Properties
 * compare an implementation's answers with these; never with the reference's live,
 * cached objects.
 */
// @ts-nocheck

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
