// @ts-nocheck
import { isEvent, type InboxSpliceData as SpliceData, type Message, type SessionLog } from '../log/index.ts';

export type InboxTarget = SpliceData['target'];


/**
 * The two FIFO lists of messages waiting for the loop (spec §4.1). Every change is
 * logged first as `agent/inbox/spliced`, so a new loop instance rebuilds the lists
 * from the log and a pending message survives a restart.
 */
export class Inbox {
  readonly #log: SessionLog;
  readonly #lists: Record<InboxTarget, Message[]> = { 'next-turn': [], 'next-step': [] };

  constructor(log: SessionLog) {
    this.#log = log;
    for (const event of log.events) if (isEvent(event, 'agent/inbox/spliced')) this.restore(event.data);
  }

  /** Replays one logged splice into the lists of a new instance. */
  protected restore(data: SpliceData): void {
    this.#apply(data);
  }

  size(target: InboxTarget): number {
    return this.#lists[target].length;
  }

  insert(target: InboxTarget, message: Message): void {
    this.#splice({ target, start: this.#lists[target].length, inserted: [message] });
  }

  /** Removes and returns the first `count` messages of a list (a pure deletion splice). */
  claim(target: InboxTarget, count = this.#lists[target].length): Message[] {
    const n = Math.min(count, this.#lists[target].length);
    if (n === 0) return [];
    const claimed = this.#lists[target].slice(0, n);
    this.#splice({ target, start: 0, removedCount: n, inserted: [] });
    return claimed;
  }

  #splice(data: SpliceData): void {
    this.#log.append('agent/inbox/spliced', data);
    this.#apply(data);
  }

  #apply(data: SpliceData): void {
    this.#lists[data.target].splice(data.start, data.removedCount ?? 0, ...data.inserted);
  }
}
