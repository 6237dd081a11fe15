import type { ScriptedReply } from '../../loop/index.ts';
import type { Provider } from '../cassette.ts';
export interface SimulatedAnswer {
    readonly status: number;
    readonly contentType: string;
    readonly body: string;
}
type Body = Readonly<Record<string, unknown>>;
export declare class ModelSimulator {
    #private;
    constructor(replies: readonly ScriptedReply[], now: () => number);
    answer(provider: Provider, body: Body): Promise<SimulatedAnswer>;
}
export {};
