import { createToolResultMessage } from "./messages.js";
export const TOOL_OUTCOME_UNKNOWN = 'TOOL_OUTCOME_UNKNOWN';
export const TOOL_NOT_STARTED = 'TOOL_NOT_STARTED';
export function closeInterruptedTurn(log) {
    let openTurn;
    let openStep;
    let calls = [];
    const callSeqs = new Map();
    const answered = new Set();
    for (const event of log.events) {
        const data = event.data;
        switch (event.type) {
            case 'turn/start':
                openTurn = data.turn;
                break;
            case 'turn/end':
                openTurn = undefined;
                break;
            case 'step/start':
                openStep = { turn: data.turn, step: data.step };
                calls = [];
                callSeqs.clear();
                answered.clear();
                break;
            case 'step/end':
                openStep = undefined;
                break;
            case 'assistant/message': {
                const content = event.data.message.content;
                calls = content.filter((b) => b.type === 'tool-call').map((b) => ({ id: b.id, assistantSeq: event.seq }));
                break;
            }
            case 'tool/call':
                callSeqs.set(data.callId, event.seq);
                break;
            case 'tool/result':
                if (event.surfaceOp === 'append')
                    answered.add(event.data.message.source.callId);
                break;
        }
    }
    if (openTurn === undefined)
        return;
    if (openStep !== undefined) {
        for (const call of calls) {
            if (answered.has(call.id))
                continue;
            const callSeq = callSeqs.get(call.id);
            const code = callSeq === undefined ? TOOL_NOT_STARTED : TOOL_OUTCOME_UNKNOWN;
            const text = callSeq === undefined ? 'Error: the tool call was not started before the session stopped' : 'Error: the session stopped before the tool call finished; its outcome is unknown';
            const id = `interrupted-tool-result-${call.id}-${log.length}`;
            log.append('tool/result', { ...openStep, message: createToolResultMessage(id, call.id, [{ type: 'text', text }], true), error: { name: 'InterruptedError', code } }, { surfaceOp: 'append', sourceEventSeqs: [callSeq ?? call.assistantSeq] });
        }
        log.append('step/end', openStep);
    }
    log.append('turn/end', { turn: openTurn, reason: { kind: 'interrupted' } });
}
