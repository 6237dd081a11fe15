import type { Provider } from './cassette.ts';
import type { Api } from './endpoint.ts';
import { type Prompt, type PromptMessage } from './prompt.ts';
import type { Usage } from './usage.ts';
export declare const BREAK_CODES: readonly ["COLD_START", "ROUTE_CHANGED", "TOOLS_CHANGED", "CACHE_MARKER_CHANGED", "SYSTEM_CHANGED", "HISTORY_REWRITTEN", "BYTES_NOT_CANONICAL", "WITHIN_BOUND", "IDLE_EXPIRED", "READS_AT_SYSTEM_SIZE", "PROVIDER_DROP"];
export type BreakCode = (typeof BREAK_CODES)[number];
/** The lexical difference between two JSON texts that parse to the same value. */
export type CanonicalKind = 'key order' | 'whitespace' | 'escapes' | 'number format';
export interface Attribution {
    readonly code: BreakCode;
    /** One line a person reads. */
    readonly summary: string;
    readonly tool?: string;
    readonly change?: 'order' | 'schema' | 'added' | 'removed';
    /** HISTORY_REWRITTEN, BYTES_NOT_CANONICAL: the message index (in the prompt's message list) and the field. */
    readonly message?: number;
    readonly field?: string;
    readonly kind?: CanonicalKind;
    /** SYSTEM_CHANGED: the first differing byte of the system text, with context either side. */
    readonly offset?: number;
    readonly context?: {
        readonly before: string;
        readonly after: string;
    };
}
/** What attribution needs of one model call. */
export interface CallView {
    readonly provider: Provider;
    readonly api: Api;
    readonly body: Readonly<Record<string, unknown>>;
    readonly prompt: Prompt;
    /** The assistant turn the response added (empty for Anthropic, which caches no output). */
    readonly output: readonly PromptMessage[];
    readonly usage: Usage;
    /** The most reads the session allows this call (see cache accounting); undefined when unknown. */
    readonly bound?: number;
    /** When the request was sent, milliseconds since the epoch; undefined when not recorded. */
    readonly at?: number;
}
/** The cause of call `position`'s break, or undefined when it did not break (or reports no reads). */
export declare function attributeBreak(calls: readonly CallView[], position: number): Attribution | undefined;
/**
 * How two texts differ when both are JSON for the same value: key order (same members,
 * other order), or, with keys in the same order, whitespace, string escapes or number
 * spelling. Undefined when they are not both JSON or hold different values.
 */
export declare function canonicalKind(a: string, b: string): CanonicalKind | undefined;
