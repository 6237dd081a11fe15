import type { Message, SessionLog } from '../log/index.ts';
export type InboxTarget = 'next-turn' | 'next-step';
/**
 * The two FIFO lists of messages waiting for the loop (spec §4.1). Every change is
 * logged first as `agent/inbox/spliced`, so a new loop instance rebuilds the lists
 * from the log and a pending message survives a restart.
 */
export declare class Inbox {
    #private;
    constructor(log: SessionLog);
    size(target: InboxTarget): number;
    insert(target: InboxTarget, message: Message): void;
    /** Removes and returns the first `count` messages of a list (a pure deletion splice). */
    claim(target: InboxTarget, count?: number): Message[];
}
