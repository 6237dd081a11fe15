/**
 * Message constructors. Ids come from an injected generator, so a scripted run writes
 * the same bytes every time. Key order follows DSH's constructors, because request
 * comparisons over JSON text see it.
 */
// @ts-nocheck

import { deepFreeze, type ContentBlock, type JsonValue, type Message, type MessageSource } from '../log/index.ts';

export type IdSource = () => string;

/** Deterministic ids `<prefix>-1`, `<prefix>-2`, …; real runs pass `crypto.randomUUID`. */
export function counterIds(prefix = 'id'): IdSource {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

export function createUserMessage(id: string, content: readonly ContentBlock[], source: MessageSource = { kind: 'user' }): Message {
  return deepFreeze({ content, source, role: 'user', id } as Message);
}

export function textMessage(id: string, text: string, source?: MessageSource): Message {
  return createUserMessage(id, [{ type: 'text', text }], source);
}

export function createAssistantMessage(id: string, content: readonly ContentBlock[], provider: string, model: string, replayState?: JsonValue): Message {
  const source: MessageSource = replayState === undefined ? { kind: 'model', provider, model } : { kind: 'model', provider, model, replayState };
  return deepFreeze({ role: 'assistant', content, source, id } as Message);
}

export function createToolResultMessage(id: string, callId: string, content: readonly ContentBlock[], isError: boolean): Message {
  const block = { type: 'tool-result', toolCallId: callId, content, isError } as const;
  return deepFreeze({ source: { kind: 'tool', callId }, content: [block], role: 'user', id } as Message);
}
