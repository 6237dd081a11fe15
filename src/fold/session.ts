import { isEvent, type EpochHeader, type Message, type SessionLog } from '../log/index.ts';
import { deriveEventMessage } from './derive-event-message.ts';
import { snapshotOf } from './request-header.ts';

/** Exact work counters: deterministic, so tests and benchmarks may assert them. */
export interface FoldCounters {
  /** Surface nodes passed through `deriveEventMessage`. */
  nodesProjected: number;
  /** Times the derived cache was thrown away because a replace changed the generation. */
  rebuilds: number;
  /** Events the header fold has looked at. */
  headerEventsScanned: number;
}

/**
 * The live fold over a log. `deriveMessages()` projects each surface node once and
 * rebuilds from scratch only when a replace changed the surface generation; every call
 * returns a fresh array over shared, deep-frozen messages.
 */
export class Session {
  readonly log: SessionLog;
  // Stryker disable next-line all: the counters of the reference's own cache, read by its benchmarks and test/fold/session.test.ts; no answer of an implementation depends on them
  readonly counters: FoldCounters = { nodesProjected: 0, rebuilds: 0, headerEventsScanned: 0 };
  #derived: Message[] = [];
  #derivedNodes = 0;
  #generation = 0;
  #header: EpochHeader | undefined;
  #headerWatermark = 0;
  // Stryker disable next-line ArrowFunction: a node has a projection only after a format v3+ image/offload, which the reference (v0) never reads
  readonly #projected = (seq: number): Message | undefined => this.log.surface.projected(seq);

  constructor(log: SessionLog) {
    this.log = log;
  }

  get id(): string {
    return this.log.header.id;
  }

  deriveMessages(): Message[] {
    return this.#fold().slice();
  }

  /**
   * The cached messages themselves, without the copy: read them, never change them. The
   * array grows as the log does and is dropped, not changed, when a replace forces a
   * rebuild, so an array taken earlier still holds the messages of its time as a prefix.
   */
  derivedMessages(): readonly Message[] {
    return this.#fold();
  }

  #fold(): Message[] {
    const surface = this.log.surface;
    // The content generation: a replace, or (format v3+) an image/offload that changed a node's projection.
    // Stryker disable next-line ConditionalExpression: rebuilding when nothing changed derives the same messages, only slower (test/fold/session.test.ts counts rebuilds)
    if (surface.contentGeneration !== this.#generation) {
      this.#derived = [];
      this.#derivedNodes = 0;
      this.#generation = surface.contentGeneration;
      // Stryker disable next-line all: the counters of the reference's own cache, read by its benchmarks and test/fold/session.test.ts; no answer of an implementation depends on them
      this.counters.rebuilds++;
    }
    const size = surface.size;
    for (let i = this.#derivedNodes; i < size; i++) {
      const message = deriveEventMessage(this.log.eventAt(surface.nodeAt(i)!)!, this.#projected);
      if (message !== null) this.#derived.push(message);
    }
    // Stryker disable next-line all: the counters of the reference's own cache, read by its benchmarks and test/fold/session.test.ts; no answer of an implementation depends on them
    this.counters.nodesProjected += size - this.#derivedNodes;
    this.#derivedNodes = size;
    return this.#derived;
  }

  /** The folded request header (latest canonical snapshot), deep-frozen; undefined before the first. */
  requestHeader(): EpochHeader | undefined {
    const length = this.log.length;
    for (let seq = this.#headerWatermark; seq < length; seq++) {
      const event = this.log.eventAt(seq)!;
      if (isEvent(event, 'request/header')) this.#header = snapshotOf(event);
    }
    // Stryker disable next-line all: the counters of the reference's own cache, read by its benchmarks and test/fold/session.test.ts; no answer of an implementation depends on them
    this.counters.headerEventsScanned += length - this.#headerWatermark;
    this.#headerWatermark = length;
    return this.#header;
  }
}
