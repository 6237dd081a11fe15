import type { NeutralRequest } from '../fold/index.ts';
import type { EpochHeader, JsonValue, Message, SessionEvent, SessionHeader, StreamChunk, SurfaceOp } from '../log/index.ts';
import type { GenerateRequest, WireRequest } from '../wire/index.ts';
import type { Scenario } from './scenario.ts';
export declare const PROTOCOL_VERSION = 1;
export declare const LEVELS: readonly ["log", "fold", "request", "wire", "loop"];
export type Level = (typeof LEVELS)[number];
export interface ImplementationInfo {
    readonly name: string;
    readonly version: string;
    readonly language: string;
    readonly levels: readonly Level[];
    /** Wire providers `serialize` and `parseStream` know (e.g. `deepseek`). */
    readonly providers?: readonly string[];
    /** Results are the implementation's own objects, so properties may check that they are frozen. */
    readonly inProcess?: boolean;
}
/** A refusal: the stable code (LOG/WIRE codes of src/errors.ts) and, optionally, words. */
export interface Refusal {
    readonly ok: false;
    readonly code: string;
    readonly message?: string;
}
export type Outcome<T> = {
    readonly ok: true;
    readonly value: T;
} | Refusal;
/** An event to append: the implementation assigns `seq`; `time` is given so bytes are comparable. */
export interface AppendInput {
    readonly type: string;
    readonly time: number;
    readonly data: JsonValue;
    readonly surfaceOp?: SurfaceOp;
    readonly sourceEventSeqs?: readonly number[];
    readonly ignorable?: true;
}
export type AppendOutcome = {
    readonly ok: true;
    readonly seq: number;
} | Refusal;
export interface AppendResult {
    /** The log after every accepted append; a refused append must leave no trace. */
    readonly jsonl: string;
    readonly outcomes: readonly AppendOutcome[];
}
export interface LoadedEvents {
    readonly header: SessionHeader;
    readonly events: readonly SessionEvent[];
}
/** What one scripted loop run sent and wrote. One-shot requests (compaction) are not in `requests`. */
export interface LoopRun {
    readonly requests: readonly NeutralRequest[];
    readonly wire: readonly WireRequest[];
    readonly jsonl: string;
}
export interface Implementation {
    readonly info: ImplementationInfo;
    /** log: load a JSONL log, or refuse it with a code. */
    load?(jsonl: string): Promise<Outcome<LoadedEvents>>;
    /** log: load `jsonl` (or refuse it), then append each event in turn to that one live log. */
    append?(jsonl: string, events: readonly AppendInput[]): Promise<Outcome<AppendResult>>;
    /**
     * fold: the derived messages of the first `k` events, for each `k` of `prefixes` (ascending),
     * from ONE live fold that grows through them — this is what exercises a fold cache.
     */
    deriveMessages?(jsonl: string, prefixes: readonly number[]): Promise<Outcome<ReadonlyArray<readonly Message[]>>>;
    /** fold: the folded request header of the first `k` events, for each `k`; null before any snapshot. */
    foldRequestHeader?(jsonl: string, prefixes: readonly number[]): Promise<Outcome<ReadonlyArray<EpochHeader | null>>>;
    /** request: the request dispatched at each boundary seq, rebuilt from the events before it; null when it cannot be. */
    buildRequest?(jsonl: string, boundaries: readonly number[]): Promise<Outcome<ReadonlyArray<NeutralRequest | null>>>;
    /** wire: the exact HTTP request for a neutral request. */
    serialize?(request: GenerateRequest, provider: string): Promise<Outcome<WireRequest>>;
    /** wire: parse a streamed response body fed in pieces cut at the given byte offsets. */
    parseStream?(provider: string, body: string, cuts: readonly number[]): Promise<Outcome<readonly StreamChunk[]>>;
    /** loop: drive the live loop through a scenario with a scripted model. */
    run?(scenario: Scenario): Promise<Outcome<LoopRun>>;
    close?(): Promise<void>;
}
export declare function supports(info: ImplementationInfo, levels: readonly Level[]): boolean;
/** Whether a declared `levels` value (a handshake's, a module's) lists known levels only. */
export declare function isLevelList(value: unknown): value is Level[];
/** `error` as a refusal when `refuse` recognises it; anything else is a crash and is thrown again. */
export declare function asRefusal(error: unknown, refuse?: (error: unknown) => Refusal | undefined): Refusal;
/** Runs `body`, turning a refusal into an outcome (see `asRefusal`). */
export declare function outcome<T>(body: () => T | Promise<T>, refuse?: (error: unknown) => Refusal | undefined): Promise<Outcome<T>>;
