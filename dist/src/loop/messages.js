/**
 * Message constructors. Ids come from an injected generator, so a scripted run writes
 * the same bytes every time. Key order follows DSH's constructors, because request
 * comparisons over JSON text see it.
 */
import { deepFreeze } from "../log/index.js";
/** Deterministic ids `<prefix>-1`, `<prefix>-2`, …; real runs pass `crypto.randomUUID`. */
export function counterIds(prefix = 'id') {
    let n = 0;
    return () => `${prefix}-${++n}`;
}
export function createUserMessage(id, content, source = { kind: 'user' }) {
    return deepFreeze({ content, source, role: 'user', id });
}
export function textMessage(id, text, source) {
    return createUserMessage(id, [{ type: 'text', text }], source);
}
export function createAssistantMessage(id, content, provider, model, replayState) {
    const source = replayState === undefined ? { kind: 'model', provider, model } : { kind: 'model', provider, model, replayState };
    return deepFreeze({ role: 'assistant', content, source, id });
}
export function createToolResultMessage(id, callId, content, isError) {
    const block = { type: 'tool-result', toolCallId: callId, content, isError };
    return deepFreeze({ source: { kind: 'tool', callId }, content: [block], role: 'user', id });
}
