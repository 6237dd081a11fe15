/**
 * The append-only session log: a session header and a list of validated, deep-frozen
 * events whose seq equals their index, with the surface they fold into.
 *
 * Unlike DSH, `append` runs every check that loading runs (append/load parity), so a
 * log this class wrote always loads again. A rejected append changes nothing.
 */
import { ReconError } from '../errors.ts';
import { formatOf, PROTOCOL_VERSIONS, type FormatVersion, type LogFormat } from './format.ts';
import { refuse } from './rules.ts';
import { deepFreeze, snapshotJson } from './json.ts';
import { upgradeReleased } from './released-upgrade.ts';
import { checkSessionHeader } from './session-header.ts';
import { Surface } from './surface.ts';
import { LegacyUpgrader } from './upgrade.ts';
import type { EventDataMap, EventOf, EventType, Message, SessionEvent, SessionHeader, SurfaceOp } from './types.ts';
import { checkEnvelope, checkEventPayload, checkKnownType, checkNotLegacy } from './validate-event.ts';
import { NO_HEADER, type ReleasedContext } from './validate-released.ts';

export interface AppendOptions {
  readonly surfaceOp?: SurfaceOp;
  readonly sourceEventSeqs?: readonly number[];
  readonly ignorable?: true;
}

/**
 * The per-event rules that need nothing but the event itself; each throws a coded
 * ReconError. Replaceable for a deliberately weaker reader (the mutant catalog uses that
 * to prove the suite notices); every real use takes the defaults.
 */
export interface EventRules {
  readonly legacy: (event: SessionEvent) => void;
  readonly knownType: (event: SessionEvent, format?: LogFormat) => void;
  readonly payload: (event: SessionEvent, format?: LogFormat, context?: ReleasedContext) => void;
}

const DEFAULT_EVENT_RULES: EventRules = { legacy: checkNotLegacy, knownType: checkKnownType, payload: checkEventPayload };

export interface SessionLogOptions {
  /** Epoch milliseconds for appended events; injected so that runs replay byte for byte. */
  readonly clock?: () => number;
  readonly rules?: Partial<EventRules>;
  /**
   * What the log keeps of its events: `all` (the default), or only the current surface
   * nodes and the latest event, so that memory follows the surface, not the log. A fold
   * over a `surface` log must read each event as it arrives (the streaming audit does);
   * `events` is then unavailable.
   */
  readonly retain?: 'all' | 'surface';
  /**
   * The format versions the log may be in: v0 alone by default (the protocol's reader, as
   * DSH rc.8 reads), or RELEASED_VERSIONS for a reader of every released format (`recon audit`).
   */
  readonly versions?: readonly FormatVersion[];
}

/** What a fold may read of the surface. */
export interface SurfaceView {
  readonly size: number;
  readonly replaceGeneration: number;
  /** Changes with every replace and every image/offload: what a derived cache is keyed on. */
  readonly contentGeneration: number;
  readonly nodes: readonly number[];
  nodeAt(index: number): number | undefined;
  /** What node `seq` projects to when an image/offload changed it (format v3+). */
  projected(seq: number): Message | undefined;
}

export class SessionLog {
  readonly header: SessionHeader;
  /** The facts of the log's format version. */
  readonly format: LogFormat;
  readonly #events: SessionEvent[] = [];
  /** With `retain: 'surface'`: the events still kept, by seq (`#events` stays empty). */
  readonly #kept: Map<number, SessionEvent> | undefined;
  #length = 0;
  readonly #surface: Surface;
  readonly #clock: () => number;
  readonly #rules: EventRules;
  readonly #eventAt = (seq: number): SessionEvent | undefined => this.eventAt(seq);
  #view: readonly SessionEvent[] | undefined;
  /** v4: the tools of every request/header, by seq, which a developer/message's headerSeq names (kept when the events are not). */
  readonly #headerTools: Map<number, unknown> | undefined;
  readonly #context: ReleasedContext | undefined;

  private constructor(header: SessionHeader, options: SessionLogOptions) {
    // Stryker disable next-line LogicalOperator: undefined versions are checkSessionHeader's default, PROTOCOL_VERSIONS
    checkSessionHeader(header, options.versions ?? PROTOCOL_VERSIONS);
    // Stryker disable next-line StringLiteral: the path names the value in a NOT_LOSSLESS_JSON message only
    this.header = deepFreeze(snapshotJson(header, 'header'));
    this.format = formatOf(header.version);
    this.#surface = new Surface(this.format);
    this.#clock = options.clock ?? Date.now;
    this.#rules = { ...DEFAULT_EVENT_RULES, ...options.rules };
    // Stryker disable all: only the audit retains the surface alone, and only format v4 (the audit's released formats) has role tool; the protocol's log keeps all its events and is v0
    this.#kept = options.retain === 'surface' ? new Map() : undefined;
    if (this.format.toolRole) {
      const tools = (this.#headerTools = new Map());
      this.#context = { headerToolsAt: (seq) => (tools.has(seq) ? tools.get(seq) : NO_HEADER) };
    }
    // Stryker restore all
  }

  /** An empty log. */
  static create(header: SessionHeader, options: SessionLogOptions = {}): SessionLog {
    return new SessionLog(header, options);
  }


  /**
   * A log seeded with events from memory. Each is copied, so the caller's objects stay
   * theirs; every rule of load applies, and the first failure throws with its seq.
   */
  static fromEvents(header: SessionHeader, events: readonly unknown[], options: SessionLogOptions = {}): SessionLog {
    const log = new SessionLog(header, options);
    events.forEach((value, index) => {
      checkEnvelope(value, index);
      // Stryker disable next-line StringLiteral: the path names the value in a NOT_LOSSLESS_JSON message only
      const event = deepFreeze(snapshotJson(value, 'event'));
      log.#rules.legacy(event);
      log.adopt(event);
    });
    return log;
  }

  /**
   * Takes an event that the caller owns and has already checked for envelope, lossless
   * JSON and legacy vocabulary (the loader does that for a whole file first), and runs
   * the log rules on it: how the loader, and whoever replays a loaded log's events, grows a log.
   */
  adopt(event: SessionEvent): void {
    this.check(event);
    this.adoptChecked(event);
  }

  /**
   * The rules of `adopt` that need only the event and the length of the log (its seq, its
   * type, its payload), without adopting it: a reader that looks at an event's data before
   * the log takes it looks only at data these rules let through.
   */
  check(event: SessionEvent): void {
    const expected = this.#length;
    // Stryker disable all: no protocol call gets here with another seq: the loader cuts at a seq gap first, append takes the length, fork seeds a loaded log's events; only a seed in memory breaks it (SEED_FAULTS, test/properties/rule-enumeration.test.ts)
    if (event.seq !== expected) {
      refuse('seq.contiguous', `event at index ${expected} has seq ${event.seq}; seqs must be contiguous from 0`, { location: { seq: event.seq } });
    }
    // Stryker restore all
    this.#rules.knownType(event, this.format);
    this.#rules.payload(event, this.format, this.#context);
  }

  /** `adopt` for an event `check` let through: the surface rules, then the event is the log's. */
  adoptChecked(event: SessionEvent): void {
    const shadowed = this.#surface.add(event, this.#eventAt);
    // Stryker disable next-line all: format v4 only (the audit's released formats); the protocol's log is v0
    if (this.#headerTools !== undefined && event.type === 'request/header') this.#headerTools.set(event.seq, (event.data as { header: { tools?: unknown } }).header.tools);
    // A store at the end, not push: V8 grows the array inline instead of calling Array.prototype.push.
    // Stryker disable next-line ConditionalExpression: only the audit retains the surface alone; the protocol's log keeps every event
    if (this.#kept === undefined) this.#events[this.#length] = event;
    else keepSurface(this.#kept, event, shadowed);
    this.#length++;
    this.#view = undefined;
  }

  get length(): number {
    return this.#length;
  }

  /** The events, as a frozen array that does not grow when the log does. */
  get events(): readonly SessionEvent[] {
    // Stryker disable next-line all: only the audit retains the surface alone; the protocol's log keeps every event
    if (this.#kept !== undefined) throw new Error('a log that retains only its surface has no list of events');
    return (this.#view ??= Object.freeze(this.#events.slice()));
  }

  /** The event at `seq`; with `retain: 'surface'`, only a current surface node or the latest event. */
  eventAt(seq: number): SessionEvent | undefined {
    // Stryker disable next-line ConditionalExpression: only the audit retains the surface alone; the protocol's log keeps every event
    return this.#kept === undefined ? this.#events[seq] : this.#kept.get(seq);
  }

  get surface(): SurfaceView {
    return this.#surface;
  }

  /**
   * Appends one event with `seq` = the current length and `time` from the clock. Throws
   * a ReconError (and leaves the log as it was) if the event would not load again.
   */
  append<K extends EventType>(type: K, data: EventDataMap[K], options?: AppendOptions): EventOf<K>;
  /**
   * An event of a type without a payload shape (a plugin's, an ignorable one). A value still to be
   * checked (an older shape, a foreign writer's event) goes in with the type argument `<string>`.
   */
  append<T extends string>(type: T extends EventType ? never : T, data: unknown, options?: AppendOptions): SessionEvent;
  append(type: string, data: unknown, options: AppendOptions = {}): SessionEvent {
    const seq = this.#length;
    // Stryker disable next-line ObjectLiteral: the seq is named in the message only; the protocol compares refusals by code
    if (typeof type !== 'string' || type === '') refuse('envelope.type', 'event type must be a non-empty string', { location: { seq } });
    // Stryker disable next-line all: the protocol's AppendInput carries ignorable only as true (properties/arbitraries/invalid-log.ts fitsAppendInput); a stored false is the loader's (checkEnvelope)
    if (Object.hasOwn(options, 'ignorable') && options.ignorable !== true) refuse('envelope.ignorable', 'ignorable may only be true', { location: { seq } });
    // Key order is the order DSH writes: type, seq, time, data, sourceEventSeqs, surfaceOp.
    const draft: Record<string, unknown> = { type, seq, time: this.#clock() };
    try {
      // Stryker disable next-line StringLiteral: the path names the value in a NOT_LOSSLESS_JSON message only
      draft['data'] = snapshotJson(data, 'data');
      // Stryker disable next-line StringLiteral: the path names the value in a NOT_LOSSLESS_JSON message only
      if (Object.hasOwn(options, 'sourceEventSeqs')) draft['sourceEventSeqs'] = snapshotJson(options.sourceEventSeqs, 'sourceEventSeqs');
      // Stryker disable next-line StringLiteral: the path names the value in a NOT_LOSSLESS_JSON message only
      if (Object.hasOwn(options, 'surfaceOp')) draft['surfaceOp'] = snapshotJson(options.surfaceOp, 'surfaceOp');
    } catch (error) {
      // Stryker disable next-line ObjectLiteral: the seq is named in the message only; the protocol compares refusals by code
      throw ReconError.is(error) ? error.at({ seq }) : error;
    }
    if (options.ignorable === true) draft['ignorable'] = true;
    checkEnvelope(draft, seq);
    const event = deepFreeze(draft);
    this.#rules.legacy(event);
    // An older shape is stored as load would read it back: upgraded, or refused when malformed.
    // v0's older shapes upgraded (their ids read from this log), a released format's spellings read as v0's.
    const upgraded = this.format.legacyShapes ? new LegacyUpgrader(this.header.id, this.#eventAt).upgrade(event) : upgradeReleased(event, this.format);
    this.adopt(upgraded);
    return upgraded;
  }
}

// Stryker disable all: only the audit retains the surface alone (tested by test/log/stream-load.test.ts); the protocol's log keeps every event
/** Keeps `event`; lets go of the previous latest event unless it is on the surface, and of what a replace shadowed. */
function keepSurface(kept: Map<number, SessionEvent>, event: SessionEvent, shadowed: readonly number[] | undefined): void {
  const previous = kept.get(event.seq - 1);
  if (previous !== undefined && previous.surfaceOp === undefined) kept.delete(previous.seq);
  if (shadowed !== undefined) for (const seq of shadowed) kept.delete(seq);
  kept.set(event.seq, event);
}
// Stryker restore all
