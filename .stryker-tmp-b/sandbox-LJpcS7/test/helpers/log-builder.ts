/** Small builders for hand-written logs in tests. Times and ids are fixed, so bytes are stable. */
// @ts-nocheck

import {
  SessionLog,
  newSessionHeader,
  saveJsonl,
  type AssistantMessageData,
  type ContentBlock,
  type EpochHeader,
  type HeaderReason,
  type Message,
  type MessageSource,
  type RequestHeaderData,
  type TokenUsage,
  type ToolResultData,
} from '../../src/log/index.ts';

export const SESSION_ID = 'test-session';

export function tickingClock(start = 1_700_000_000_000): () => number {
  let now = start;
  return () => now++;
}

export function emptyLog(): SessionLog {
  return SessionLog.create(newSessionHeader(SESSION_ID, 1_700_000_000_000), { clock: tickingClock() });
}

export function userMessage(id: string, text: string, source: MessageSource = { kind: 'user' }): Message {
  return { id, role: 'user', content: [{ type: 'text', text }], source };
}

export function assistantData(turn: number, step: number, id: string, content: ContentBlock[], usage?: TokenUsage): AssistantMessageData {
  return {
    turn,
    step,
    message: { id, role: 'assistant', content, source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' } },
    ...(usage === undefined ? {} : { usage }),
  };
}

export function toolResultData(turn: number, step: number, id: string, callId: string, text: string): ToolResultData {
  return {
    turn,
    step,
    message: {
      id,
      role: 'user',
      content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text }], isError: false }],
      source: { kind: 'tool', callId },
    },
  };
}

export function headerData(reason: HeaderReason, overrides: Partial<EpochHeader> = {}): RequestHeaderData {
  return {
    header: {
      config: { provider: 'deepseek', model: 'deepseek-chat', reasoningEffort: 'high', maxTokens: 8192 },
      adapterDefaults: { reasoningEffort: true, maxTokens: true },
      system: 'You are a careful agent.',
      tools: [{ name: 'echo', description: 'Echo text back.', parameters: { type: 'object', properties: { text: { type: 'string' } } } }],
      ...overrides,
    },
    reason,
  };
}

/**
 * A two-turn log with a tool pair, chunk runs that pack into rows, a header change and
 * a compaction replace: most of what the fold and the codec must get right.
 */
export function richLog(): SessionLog {
  const log = emptyLog();
  log.append('turn/start', { turn: 1 });
  log.append('step/start', { turn: 1, step: 1 });
  log.append('user/message', userMessage('u1', 'Say hello with the echo tool.'), { surfaceOp: 'append' });
  log.append('request/header', headerData('initial'));
  const chunks = ['Hel', 'lo', ' the', 're'].map((text) => log.append('assistant/chunk', { turn: 1, step: 1, chunk: { type: 'text-delta', index: 0, text } }).seq);
  const call: ContentBlock = { type: 'tool-call', id: 'call-1', name: 'echo', arguments: '{"text":"hello"}' };
  log.append('assistant/message', assistantData(1, 1, 'a1', [{ type: 'text', text: 'Hello there' }, call], { inputTokens: 100, outputTokens: 12, cacheReadTokens: 0 }), {
    surfaceOp: 'append',
    sourceEventSeqs: chunks,
  });
  const callSeq = log.append('tool/call', { turn: 1, step: 1, callId: 'call-1', name: 'echo', arguments: '{"text":"hello"}' }).seq;
  log.append('tool/result', toolResultData(1, 1, 't1', 'call-1', 'hello'), { surfaceOp: 'append', sourceEventSeqs: [callSeq] });
  log.append('step/end', { turn: 1, step: 1 });
  log.append('step/start', { turn: 1, step: 2 });
  log.append('assistant/message', assistantData(1, 2, 'a2', [{ type: 'text', text: 'Done.' }], { inputTokens: 20, outputTokens: 2, cacheReadTokens: 64 }), {
    surfaceOp: 'append',
    sourceEventSeqs: [],
  });
  log.append('step/end', { turn: 1, step: 2 });
  log.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
  log.append('turn/start', { turn: 2 });
  const start = log.append('compaction/start', { compactionId: 'c1', turn: 2 }).seq;
  const summary = log.append('compaction/summary', {
    compactionId: 'c1',
    summary: [{ type: 'text', text: 'The user was greeted.' }],
    shadowedRange: { start: 2, end: 13 },
    shadowedSeqs: [2, 8, 10, 13],
    shadowedTokenCount: 40,
    provider: 'deepseek',
    model: 'deepseek-chat',
  }).seq;
  log.append('user/message', userMessage('s1', 'Summary: the user was greeted.', { kind: 'plugin', plugin: 'compact', compactionId: 'c1' }), {
    surfaceOp: { op: 'replace', start: 2, end: 13 },
    sourceEventSeqs: [start, summary, 2, 8, 10, 13],
  });
  log.append('compaction/end', { compactionId: 'c1', turn: 2 });
  log.append('step/start', { turn: 2, step: 1 });
  log.append('user/message', userMessage('u2', 'And now?'), { surfaceOp: 'append' });
  log.append('request/header', headerData('change', { system: 'You are a careful agent. Be brief.' }));
  log.append('assistant/message', assistantData(2, 1, 'a3', [{ type: 'text', text: 'Brief.' }], { inputTokens: 30, outputTokens: 1, cacheReadTokens: 0 }), {
    surfaceOp: 'append',
    sourceEventSeqs: [],
  });
  log.append('step/end', { turn: 2, step: 1 });
  log.append('turn/end', { turn: 2, reason: { kind: 'completed' } });
  return log;
}

export function richJsonl(): string {
  return saveJsonl(richLog());
}

/** Replaces line `n` (1-based) of a JSONL text. */
export function withLine(text: string, n: number, line: string): string {
  const lines = text.split('\n');
  lines[n - 1] = line;
  return lines.join('\n');
}

/** Two steps of one turn whose cache reads fall from 512 to 0 with nothing logged between them. */
export function unexplainedDropJsonl(): string {
  const log = emptyLog();
  log.append('turn/start', { turn: 1 });
  for (const [step, reads] of [[1, 512], [2, 0]] as const) {
    log.append('step/start', { turn: 1, step });
    if (step === 1) {
      log.append('user/message', userMessage('u', 'go'), { surfaceOp: 'append' });
      log.append('request/header', headerData('initial'));
    }
    log.append('assistant/message', assistantData(1, step, `a${step}`, [{ type: 'text', text: 'x' }], { inputTokens: 10, outputTokens: 1, cacheReadTokens: reads }), {
      surfaceOp: 'append',
      sourceEventSeqs: [],
    });
    log.append('step/end', { turn: 1, step });
  }
  return saveJsonl(log);
}
