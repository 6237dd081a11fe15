/**
 * Crash repair (spec §4.5): a log that ends inside a turn gets the events a clean stop
 * would have written — a result for every tool call left without one, `step/end`, and
 * `turn/end {interrupted}` — before a new loop instance continues it.
 */
// @ts-nocheck

import { isTyped, type ContentBlock, type SessionLog, type StepData } from '../log/index.ts';
import { createToolResultMessage } from './messages.ts';

export const TOOL_OUTCOME_UNKNOWN = 'TOOL_OUTCOME_UNKNOWN';
export const TOOL_NOT_STARTED = 'TOOL_NOT_STARTED';

export function closeInterruptedTurn(log: SessionLog): void {
  let openTurn: number | undefined;
  let openStep: StepData | undefined;
  let calls: Array<{ id: string; assistantSeq: number }> = [];
  const callSeqs = new Map<string, number>();
  const answered = new Set<string>();
  for (const event of log.events) {
    if (!isTyped(event)) continue;
    switch (event.type) {
      case 'turn/start':
        openTurn = event.data.turn;
        break;
      case 'turn/end':
        openTurn = undefined;
        break;
      case 'step/start':
        openStep = { turn: event.data.turn, step: event.data.step };
        calls = [];
        callSeqs.clear();
        answered.clear();
        break;
      case 'step/end':
        openStep = undefined;
        break;
      case 'assistant/message': {
        const content = event.data.message.content;
        calls = content.filter((b): b is Extract<ContentBlock, { type: 'tool-call' }> => b.type === 'tool-call').map((b) => ({ id: b.id, assistantSeq: event.seq }));
        break;
      }
      case 'tool/call':
        callSeqs.set(event.data.callId, event.seq);
        break;
      case 'tool/result':
        if (event.surfaceOp === 'append') answered.add(String(event.data.message.source['callId']));
        break;
    }
  }
  if (openTurn === undefined) return;
  if (openStep !== undefined) {
    for (const call of calls) {
      if (answered.has(call.id)) continue;
      const callSeq = callSeqs.get(call.id);
      const code = callSeq === undefined ? TOOL_NOT_STARTED : TOOL_OUTCOME_UNKNOWN;
      const text = callSeq === undefined ? 'Error: the tool call was not started before the session stopped' : 'Error: the session stopped before the tool call finished; its outcome is unknown';
      const id = `interrupted-tool-result-${call.id}-${log.length}`;
      log.append(
        'tool/result',
        { ...openStep, message: createToolResultMessage(id, call.id, [{ type: 'text', text }], true), error: { name: 'InterruptedError', code } },
        { surfaceOp: 'append', sourceEventSeqs: [callSeq ?? call.assistantSeq] },
      );
    }
    log.append('step/end', openStep);
  }
  log.append('turn/end', { turn: openTurn, reason: { kind: 'interrupted' } });
}
