/**
 * What any harness exposes to be checked (DESIGN §4). Every operation is a function of
 * its inputs (JSONL text, a request, a scenario), so the same interface works in
 * process and, as JSON-RPC over stdio, out of process. Operations belong to levels; a
 * harness declares the levels it has, and properties that need the others report `n/a`
 * instead of failing.
 */
// @ts-nocheck

import { ReconError } from '../errors.ts';
import { ERAS, type Era, type NeutralRequest } from '../fold/index.ts';
import type { EpochHeader, Message, SessionEvent, SessionHeader, StreamChunk, SurfaceOp } from '../log/index.ts';
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
  /** The optional operations it serves beyond its levels' (OPTIONAL_OPERATIONS); none when absent. */
  readonly operations?: readonly string[];
  /**
   * The design of the rule it follows (ERAS, dsh-eras §0): `current`, or `session-prefix` (a
   * prefix composed once per loop instance and recorded in its header snapshots; a request is
   * that prefix, then the messages of the events before its `step/start`). Absent is
   * `current`. The suite is run in the declared era; the reference, which runs either,
   * declares the one it is asked for.
   */
  readonly era?: Era;
}

/** The era `info` declares: absent is the current era. */
export function declaredEra(info: ImplementationInfo): Era {
  return info.era ?? 'current';
}

/**
 * Whether `info` plays the scenario feature `feature`: declared, or implied by its era (a
 * loop of the session-prefix era plays `sessionPrefix` by being of that era).
 */
export function playsFeature(info: ImplementationInfo, feature: string): boolean {
  return info.scenarioFeatures?.includes(feature) === true || (feature === 'sessionPrefix' && declaredEra(info) === 'session-prefix');
}

/** The scenario features `info` plays, those its era implies included. */
export function playedFeatures(info: ImplementationInfo): readonly string[] {
  const declared = info.scenarioFeatures ?? [];
  return playsFeature(info, 'sessionPrefix') && !declared.includes('sessionPrefix') ? [...declared, 'sessionPrefix'] : declared;
}

/** Operations an implementation may serve beside its levels': a property that needs one is n/a without it. */
export const OPTIONAL_OPERATIONS = ['fork'] as const;
export type OptionalOperation = (typeof OPTIONAL_OPERATIONS)[number];

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
  /** Any value: one that is not lossless JSON (spec §1.4) must be refused, which LOG-APPEND-LOSSLESS checks in process. */
  readonly data: unknown;
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

/**
 * What one scripted loop run sent and wrote. One-shot requests (compaction) are not in
 * `requests`. `jsonl` is the log the run ends on: after a fork (scenario feature `fork`),
 * the last child's; `forks` holds each log the run forked away from, in order.
 */
export interface LoopRun {
  readonly requests: readonly NeutralRequest[];
  readonly wire: readonly WireRequest[];
  readonly jsonl: string;
  readonly forks?: readonly ForkedParent[];
}

/** A log a scenario forked: its text at the fork, the boundary the child was cut at, and how many of the run's `requests` were sent over it and its ancestors. */
export interface ForkedParent {
  readonly jsonl: string;
  readonly boundary: number;
  readonly requests: number;
}

/** The log level: load a log, append to one. */
export interface LogOperations {
  /** Load a JSONL log, or refuse it with a code. */
  load(jsonl: string): Promise<Outcome<LoadedEvents>>;
  /** Load `jsonl` (or refuse it), then append each event in turn to that one live log. */
  append(jsonl: string, events: readonly AppendInput[]): Promise<Outcome<AppendResult>>;
  /**
   * Optional (declared in `info.operations`): fork the log `jsonl` at `boundary` (an event
   * count; null for all) into a child session `childId`, and return the child's JSONL — or
   * refuse: INVALID_BOUNDARY, OPEN_TURN, SESSION_ALREADY_EXISTS, or the load's own code.
   * The child's header has `createdAt` `createdAt`, and its own events take `time` `createdAt`.
   */
  fork?(jsonl: string, boundary: number | null, childId: string, createdAt: number): Promise<Outcome<string>>;
}

/** The fold level: what a log derives. */
export interface FoldOperations {
  /**
   * The derived messages of the first `k` events, for each `k` of `prefixes` (ascending),
   * from ONE live fold that grows through them — this is what exercises a fold cache.
   */
  deriveMessages(jsonl: string, prefixes: readonly number[]): Promise<Outcome<ReadonlyArray<readonly Message[]>>>;
  /** The folded request header of the first `k` events, for each `k`; null before any snapshot. */
  foldRequestHeader(jsonl: string, prefixes: readonly number[]): Promise<Outcome<ReadonlyArray<EpochHeader | null>>>;
}

/** The request level: the request rebuilt from a log. */
export interface RequestOperations {
  /** The request dispatched at each boundary seq, rebuilt from the events before it; null when it cannot be. */
  buildRequest(jsonl: string, boundaries: readonly number[]): Promise<Outcome<ReadonlyArray<NeutralRequest | null>>>;
}

/**
 * The attachment store a request's images are read from, carried with the call so that no
 * file system is shared (protocol version 1, extended compatibly). Present: the model takes
 * image input and the store holds exactly these objects; absent: an image is
 * UNSUPPORTED_CONTENT.
 */
export interface WireImages {
  /** The stored bytes of each object, by attachment id (`sha256:<hex>`), as base64: damaged ones as damaged. */
  readonly objects: Readonly<Record<string, string>>;
  /** The bound on the base64 length of the request's images; the provider's default when absent (DeepSeek: 20 MiB). */
  readonly maxRequestImageBytes?: number;
}

/** The wire level: a provider's bytes. */
export interface WireOperations {
  /** The exact HTTP request for a neutral request; its images read and verified from `images`. */
  serialize(request: GenerateRequest, provider: string, images?: WireImages): Promise<Outcome<WireRequest>>;
  /** Parse a streamed response body fed in pieces cut at the given byte offsets. */
  parseStream(provider: string, body: string, cuts: readonly number[]): Promise<Outcome<readonly StreamChunk[]>>;
}

/** The loop level: the live loop. */
export interface LoopOperations {
  /** Drive the live loop through a scenario with a scripted model. */
  run(scenario: Scenario): Promise<Outcome<LoopRun>>;
}

/** Each level's operations. */
export interface LevelOperations {
  readonly log: LogOperations;
  readonly fold: FoldOperations;
  readonly request: RequestOperations;
  readonly wire: WireOperations;
  readonly loop: LoopOperations;
}

/** Every operation of every level. */
export type Operations = LogOperations & FoldOperations & RequestOperations & WireOperations & LoopOperations;
export type OperationName = keyof Operations;
/** The names of the operations of the levels `L`. */
export type OperationOf<L extends Level> = L extends Level ? keyof LevelOperations[L] : never;

/** The operations of each level, by name: what `hasLevels` looks for. */
export const LEVEL_OPERATIONS = {
  log: ['load', 'append'],
  fold: ['deriveMessages', 'foldRequestHeader'],
  request: ['buildRequest'],
  wire: ['serialize', 'parseStream'],
  loop: ['run'],
} as const satisfies { readonly [L in Level]: readonly OperationOf<L>[] };

/** The version of this interface an implementation is written against; the only one so far. */
export const INTERFACE_VERSION = 'v1';

/**
 * What a harness exposes, version `v1` of the interface: `interfaceVersion: 'v1'` says so
 * (the suite refuses an implementation without it, with IMPL_VERSION), `info` declares the
 * levels, and the operations of each declared level are there. The operations of a level
 * not declared may be missing: properties that need it report `n/a`. A property's `check`
 * gets an `ImplementationAt<its levels>`, on which their operations are required.
 */
export interface Implementation extends Partial<Operations> {
  readonly interfaceVersion: typeof INTERFACE_VERSION;
  readonly info: ImplementationInfo;
  close?(): Promise<void>;
}

/** An implementation with the operations of the levels `L` present. */
export type ImplementationAt<L extends Level> = Implementation & Pick<Operations, OperationOf<L>>;

/** The operations of `levels` that `impl` lacks (are not functions), each with its level. */
export function missingOperations(impl: Implementation, levels: readonly Level[]): Array<{ readonly level: Level; readonly operation: OperationName }> {
  return levels.flatMap((level) => LEVEL_OPERATIONS[level].filter((operation) => typeof impl[operation] !== 'function').map((operation) => ({ level, operation })));
}

/** Whether `impl` declares every level of `levels` and has each of their operations. */
export function hasLevels<L extends Level>(impl: Implementation, levels: readonly L[]): impl is ImplementationAt<L> {
  return supports(impl.info, levels) && missingOperations(impl, levels).length === 0;
}

/**
 * Refuses an implementation the suite cannot check: one written against no known version of
 * this interface (IMPL_VERSION), or one that declares a level without its operations
 * (IMPL_UNAVAILABLE). Checked before any property runs, for plain JavaScript callers too.
 */
export function assertImplementation(impl: Implementation): void {
  const version: unknown = impl.interfaceVersion;
  if (version !== INTERFACE_VERSION) {
    const declared = version === undefined ? 'declares no interfaceVersion' : `declares interfaceVersion ${JSON.stringify(version)}`;
    throw new ReconError('IMPL_VERSION', `the implementation ${declared}; this recon checks version "${INTERFACE_VERSION}" of the Implementation interface`, {
      hint: `write the implementation against version "${INTERFACE_VERSION}" and say so: { interfaceVersion: '${INTERFACE_VERSION}', info: { … }, … }`,
    });
  }
  const missing = missingOperations(impl, impl.info.levels);
  if (missing.length > 0) throw new ReconError('IMPL_UNAVAILABLE', `${impl.info.name} lacks operations of the levels it declares: ${missing.map((m) => `${m.operation} (${m.level})`).join(', ')}`);
  const era: unknown = impl.info.era;
  if (era !== undefined && !(ERAS as readonly unknown[]).includes(era)) throw new ReconError('IMPL_UNAVAILABLE', `${impl.info.name} declares the era ${JSON.stringify(era)}; the eras are ${ERAS.join(' and ')}`);
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
