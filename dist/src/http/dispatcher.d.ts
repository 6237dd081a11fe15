import { Dispatcher } from 'undici';
import type { Replayer } from './replayer.ts';
import { type ReplayTiming } from './timing.ts';
export declare class CassetteDispatcher extends Dispatcher {
    #private;
    readonly replayer: Replayer;
    constructor(replayer: Replayer, timing?: ReplayTiming);
    dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean;
    close(): Promise<void>;
    destroy(): Promise<void>;
}
