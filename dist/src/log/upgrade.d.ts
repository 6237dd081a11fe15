import type { SessionEvent } from './types.ts';
/**
 * Upgrades one loaded event at a time. `eventAt` reads the events upgraded so far, because
 * an old `tool/result` replacement inherits the id of the message it rewrites.
 */
export declare class LegacyUpgrader {
    #private;
    /** Events this upgrader changed, by seq. */
    readonly upgraded: number[];
    constructor(sessionId: string, eventAt: (seq: number) => SessionEvent | undefined);
    upgrade(event: SessionEvent): SessionEvent;
}
