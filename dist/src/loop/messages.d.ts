/**
 * Message constructors. Ids come from an injected generator, so a scripted run writes
 * the same bytes every time. Key order follows DSH's constructors, because request
 * comparisons over JSON text see it.
 */
import { type ContentBlock, type JsonValue, type Message, type MessageSource } from '../log/index.ts';
export type IdSource = () => string;
/** Deterministic ids `<prefix>-1`, `<prefix>-2`, …; real runs pass `crypto.randomUUID`. */
export declare function counterIds(prefix?: string): IdSource;
export declare function createUserMessage(id: string, content: readonly ContentBlock[], source?: MessageSource): Message;
export declare function textMessage(id: string, text: string, source?: MessageSource): Message;
export declare function createAssistantMessage(id: string, content: readonly ContentBlock[], provider: string, model: string, replayState?: JsonValue): Message;
export declare function createToolResultMessage(id: string, callId: string, content: readonly ContentBlock[], isError: boolean): Message;
