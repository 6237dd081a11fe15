import type { ScriptedReply, Tool } from '../loop/index.ts';
import type { Provider } from '../wire/index.ts';
interface Item {
    readonly sku: string;
    readonly name: string;
    readonly pack: number;
    readonly price: number;
    readonly shelf: string;
}
/** 120 catalogue lines, a pure function of their index. */
export declare const CATALOGUE: readonly Item[];
/**
 * The system prompt of a run. It opens with the run's session id so that a run reads
 * nothing another wrote beyond the tool definitions (DeepSeek and OpenAI render them
 * first, so runs share them): a mutant's reads are its own, not the reference's warm cache.
 */
export declare const e2eSystem: (session: string) => string;
/** The model each provider's e2e run talks to unless told otherwise. */
export declare const E2E_MODELS: Readonly<Record<Provider, string>>;
export declare const E2E_TOOLS: readonly Tool[];
export declare const E2E_PROMPTS: readonly string[];
/** The simulator's default scenario: what a model following the prompts replies, step by step. */
export declare const E2E_SCRIPT: readonly ScriptedReply[];
export {};
