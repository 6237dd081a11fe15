import type { ScriptedReply } from '../../loop/index.ts';
import type { Provider } from '../cassette.ts';
export declare const SIMULATOR_HEADER = "x-recon-simulator";
export interface SimulatorOptions {
    /** Answer as this provider only. Without it, chat completions answer as OpenAI for an OpenAI model name, else as DeepSeek. */
    readonly provider?: Provider;
    /** The scenario; without one every request gets the default reply. */
    readonly replies?: readonly ScriptedReply[];
    /** 0 (default) lets the system pick a free port. */
    readonly port?: number;
    /** The cache's clock, in milliseconds. Default `Date.now`. */
    readonly now?: () => number;
}
export interface Simulator {
    /** `http://127.0.0.1:<port>`, the base URL for DeepSeek; OpenAI and Anthropic clients add `/v1`. */
    readonly url: string;
    close(): Promise<void>;
}
export declare function startSimulator(options?: SimulatorOptions): Promise<Simulator>;
