/**
 * DSH's DeepSeek adapter (`dsh-llm-deepseek`) on a scripted transport. The adapter calls
 * the global `fetch`; while one of these runs, `fetch` is replaced by a function that
 * records the exact HTTP request and answers with the bytes it is given. So requests are
 * serialized and streams translated by DSH's own code, and nothing leaves the process.
 */
import type { DeepSeekAdapter } from '@deepseek-ai/dsh-llm-deepseek';
import type { GenerateOptions, StreamChunk as DshChunk } from '@deepseek-ai/dsh-llm';
import type { RouteDefaults } from '../../loop/index.ts';
import { type WireRequest } from '../../wire/index.ts';
import type { DshPackages } from './packages.ts';
export declare function deepSeekAdapter(dsh: DshPackages, defaults?: RouteDefaults): DeepSeekAdapter;
/** What the scripted transport answers one request with: the body bytes, cut into reads. */
export interface ScriptedResponse {
    readonly body: Uint8Array;
    readonly cuts?: readonly number[];
}
/** Runs `body` with `fetch` answered by `respond`; every request it sees is passed to `respond`. */
export declare function withScriptedFetch<T>(respond: (request: WireRequest) => ScriptedResponse | undefined, body: () => Promise<T>): Promise<T>;
/** Drains the adapter's stream for `request`; throws what DSH throws. */
export declare function streamChunks(adapter: DeepSeekAdapter, request: GenerateOptions): Promise<DshChunk[]>;
