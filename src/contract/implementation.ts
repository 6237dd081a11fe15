/**
 * What any harness exposes to be checked (DESIGN §4). Every operation is a function of
 * its inputs (JSONL text, a request, a scenario), so the same interface works in
 * process and, as JSON-RPC over stdio, out of process. Optional operations belong to
 * levels; a harness declares the levels it has, and properties that need the others
 * report `n/a` instead of failing.
 */
import { ReconError } from '../errors.ts';
import type { NeutralRequest } from '../fold/index.ts';
import type { EpochHeader, JsonValue, Message, SessionEvent, SessionHeader, StreamChunk, SurfaceOp } from '../log/index.ts';
import type { GenerateRequest, WireRequest } from '../wire/index.ts';
import type { Scenario } from './scenario.ts';

export const PROTOCOL_VERSION = 1;

export const LEVELS = ['log', 'fold', 'request', 'wire', 'loop'] as const;
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
  /** The optional scenario features its loop plays (SCENARIO_FEATURES); none when absent. */
  readonly scenarioFeatures?: readonly string[];
}

/** A refusal: the stable code (LOG/WIRE codes of src/errors.ts) and, optionally, words. */
export interface Refusal {
  readonly ok: false;
  readonly code: string;
  readonly message?: string;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | Refusal;

/** An event to append: the implementation assigns `seq`; `time` is given so bytes are comparable. */
export interface AppendInput {
  readonly type: string;
  readonly time: number;
  readonly data: JsonValue;
  readonly surfaceOp?: SurfaceOp;
  readonly sourceEventSeqs?: readonly number[];
  readonly ignorable?: true;
}

export type AppendOutcome = { readonly ok: true; readonly seq: number } | Refusal;

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

export function supports(info: ImplementationInfo, levels: readonly Level[]): boolean {
  return levels.every((level) => info.levels.includes(level));
}

/** Whether a declared `levels` value (a handshake's, a module's) lists known levels only. */
export function isLevelList(value: unknown): value is Level[] {
  return Array.isArray(value) && value.every((level) => (LEVELS as readonly unknown[]).includes(level));
}

/** A coded ReconError as a refusal; anything else is not one. */
function reconRefusal(error: unknown): Refusal | undefined {
  return ReconError.is(error) ? { ok: false, code: error.code, message: error.message } : undefined;
}

/** `error` as a refusal when `refuse` recognises it; anything else is a crash and is thrown again. */
export function asRefusal(error: unknown, refuse: (error: unknown) => Refusal | undefined = reconRefusal): Refusal {
  const refusal = refuse(error);
  if (refusal === undefined) throw error;
  return refusal;
}

/** Runs `body`, turning a refusal into an outcome (see `asRefusal`). */
export async function outcome<T>(body: () => T | Promise<T>, refuse?: (error: unknown) => Refusal | undefined): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await body() };
  } catch (error) {
    return asRefusal(error, refuse);
  }
}
