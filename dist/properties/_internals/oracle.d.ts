/**
 * Expected values, from the reference's pure functions (the executable form of the spec,
 * pinned to it by the unit tests) and, for wire bodies, from wire-spec.ts. Properties
 * compare an implementation's answers with these; never with the reference's live,
 * cached objects.
 */
import { type NeutralRequest, type RequestBoundary } from '../../src/fold/index.ts';
import { type EpochHeader, type Message, type SessionEvent } from '../../src/log/index.ts';
import type { GenerateRequest, WireRequest } from '../../src/wire/index.ts';
export interface ParsedLog {
    readonly id: string;
    readonly events: readonly SessionEvent[];
}
export declare function parseLog(jsonl: string): ParsedLog;
export declare const expectedMessages: (events: readonly SessionEvent[], k: number) => Message[];
export declare const expectedHeader: (events: readonly SessionEvent[], k: number) => EpochHeader | null;
export declare const expectedRequest: (log: ParsedLog, boundary: number) => NeutralRequest | null;
export declare const expectedBoundaries: (events: readonly SessionEvent[]) => RequestBoundary[];
/** The DeepSeek request for `request`, serialized from spec §8.1 independently of src/wire. */
export declare function expectedWire(request: GenerateRequest): WireRequest;
