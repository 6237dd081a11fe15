import type { Replayer } from './replayer.ts';
import { type ReplayTiming } from './timing.ts';
export interface NockReplay {
    /** Removes every nock interceptor and gives the process its own http and fetch back. */
    restore(): void;
}
export declare function installNockReplay(replayer: Replayer, timing?: ReplayTiming): Promise<NockReplay>;
