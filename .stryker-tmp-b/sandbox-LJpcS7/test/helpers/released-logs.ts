/**
 * Generated DSH logs of the released formats v2, v3 and v4, written from one conversation
 * plan the way each format's writer lays it out (dsh-eras §1.3, §3, §4.3, §6.4, §7.2), and
 * beside each log the requests its loop sent, computed here from the plan by list
 * manipulation, not by recon's fold. The same plan written in the three formats is the same
 * conversation: v2 sends the prompt in the header, v3 and v4 as message 0; v4's tool results
 * are tool-role messages, read back as the neutral tool-result message.
 */
// @ts-nocheck

import fc from 'fast-check';
import type { ContentBlock, JsonObject, JsonValue, Message, ToolSpec } from '../../src/log/index.ts';
import type { ToolHistory } from '../../src/fold/index.ts';

export type Released = 2 | 3 | 4;
export const RELEASED: readonly Released[] = [2, 3, 4];

export interface StepPlan {
  /** The system prompt the step renders ('' for none). */
  readonly system: string;
  readonly effort: 'high' | 'off';
  /** A failed attempt (assistant/attempt, llm/retry, llm/retry-started) before the message. */
  readonly retry: boolean;
  /** Tool calls; 0 ends the turn with a text answer. */
  readonly tools: number;
  /** v4: the step adds the tool "extra" (a header change and a developer message). */
  readonly addTool: boolean;
  /** v3+: before the request, offload the image of the turn's prompt, if it has one still sent. */
  readonly offload: boolean;
}

export interface TurnPlan {
  readonly prompt: string;
  readonly image: boolean;
  /** Before the prompt, the history (all but the system head) is replaced by a summary. */
  readonly compact: boolean;
  readonly steps: readonly StepPlan[];
}

export interface Plan {
  readonly id: string;
  readonly seeded: boolean;
  readonly turns: readonly TurnPlan[];
}

const text = fc.constantFrom('', 'a', 'Hello', 'Ünïcode ✓', '{{ not a placeholder', 'line\nbreak');

const stepPlan: fc.Arbitrary<StepPlan> = fc.record({
  system: fc.constantFrom('', 'You are terse.', 'You are terse.', 'You are verbose.'),
  effort: fc.constantFrom('high', 'high', 'off'),
  retry: fc.constantFrom(false, false, false, true),
  tools: fc.nat({ max: 2 }),
  addTool: fc.boolean(),
  offload: fc.boolean(),
});

export const planArbitrary: fc.Arbitrary<Plan> = fc.record({
  id: fc.constantFrom('s-1', 'session-two', 'ünï'),
  seeded: fc.boolean(),
  turns: fc.array(
    fc.record({
      prompt: text.filter((t) => t !== ''),
      image: fc.boolean(),
      compact: fc.boolean(),
      steps: fc.array(stepPlan, { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

export interface ExpectedRequest {
  /** The seq of the event the request shows at (its attempt or its message). */
  readonly seq: number;
  readonly turn: number;
  readonly step: number;
  readonly config: JsonObject;
  readonly system?: string;
  readonly tools: readonly ToolSpec[];
  readonly messages: readonly Message[];
  readonly toolHistory?: ToolHistory;
  /** The events since the previous request that may explain a break before this one, in log order. */
  readonly explainers: readonly Explainer[];
}

export type Explainer = 'change' | 'series' | 'replace' | 'image-offload';

/** A stored JSON object, which a test may edit to put a fault in. */
export type Stored = Record<string, JsonValue>;

export interface WrittenLog {
  readonly version: Released;
  readonly header: Stored;
  /** The events as stored (with seq and time). */
  events: Stored[];
  readonly requests: readonly ExpectedRequest[];
}

const BASH: ToolSpec = { name: 'bash', description: 'Run a command', parameters: { type: 'object', properties: {} } };
const EXTRA: ToolSpec = { name: 'extra', description: 'A tool added later', parameters: { type: 'object' } };
const IMAGE = { attachmentId: `sha256:${'ab'.repeat(32)}`, mediaType: 'image/png', bytes: 67, width: 1, height: 1 };

/** The plan written in format `version`. */
export function writeLog(plan: Plan, version: Released): WrittenLog {
  const events: Stored[] = [];
  const requests: ExpectedRequest[] = [];
  const push = (type: string, data: JsonValue, extra: Stored = {}): number => {
    const seq = events.length;
    events.push({ type, seq, time: 1_000 + seq, data, ...extra });
    return seq;
  };
  const v3 = version >= 3;
  const v4 = version === 4;
  const header: Stored = { type: 'session', version, id: plan.id, createdAt: 1, isSeeded: plan.seeded, delegationDepth: 0 };
  if (plan.seeded) push('session/end-seed', { inherited: true });

  // The surface as this writer keeps it: the system head (v3+) and the other nodes, with their neutral messages.
  let head: { seq: number; message: Message } | undefined;
  let nodes: Array<{ seq: number; message: Message | null }> = [];
  let lastHeader: string | undefined;
  let since: Explainer[] = [];
  let changedContent = false;
  let tools: ToolSpec[] = [BASH];
  let baseline: ToolSpec[] | undefined;
  let updates: Array<{ messageId: string; additions: ToolSpec[] }> = [];
  let extraAdded = false;
  // One counter per kind: the same plan gets the same ids in every format (only v3+ mints system ids).
  const counters = new Map<string, number>();
  const mid = (kind: string) => {
    const n = (counters.get(kind) ?? 0) + 1;
    counters.set(kind, n);
    return `${kind}-${n}`;
  };
  const note = (cause: Explainer) => since.push(cause);
  const systemSource = v4 ? { kind: 'system-prompt' } : { kind: 'plugin', plugin: '@deepseek-ai/dsh-system-prompt' };
  const sent = (): Message[] => [...(head !== undefined && head.message.content.length > 0 ? [head.message] : []), ...nodes.flatMap((n) => (n.message === null ? [] : [n.message]))];

  plan.turns.forEach((turnPlan, t) => {
    const turn = t + 1;
    push('turn/start', { turn });
    let promptSeq: number | undefined;
    let offloaded = false;
    turnPlan.steps.forEach((stepPlan, s) => {
      const step = s + 1;
      const last = s === turnPlan.steps.length - 1;
      push('step/start', { turn, step });
      // v3+: the prompt is projected after step/start, before the entered batch (§4.3 items 2–5).
      if (v3) {
        const message: Message = { id: mid('system'), role: 'system', content: stepPlan.system === '' ? [] : [{ type: 'text', text: stepPlan.system }], source: systemSource };
        if (head === undefined) head = { seq: push('system/message', { turn, step, message }, { surfaceOp: 'append' }), message };
        else if (JSON.stringify(head.message.content) !== JSON.stringify(message.content)) {
          const seq = push('system/message', { turn, step, message }, { sourceEventSeqs: [head.seq], surfaceOp: { op: 'replace', startSeq: head.seq, endSeq: head.seq } });
          head = { seq, message };
          note('replace');
          changedContent = true;
        }
      }
      if (s === 0) {
        if (turnPlan.compact && nodes.length > 0) {
          const first = nodes[0]!.seq;
          const lastSeq = events.length - 1;
          const message: Message = { id: mid('summary'), role: 'user', content: [{ type: 'text', text: `summary before turn ${turn}` }], source: { kind: v4 ? 'compact-checkpoint' : 'plugin', ...(v4 ? {} : { plugin: 'compact' }) } };
          const sources = Array.from({ length: lastSeq - first + 1 }, (_, i) => first + i);
          const op = v3 ? { op: 'replace', startSeq: first, endSeq: nodes.at(-1)!.seq } : { op: 'replace', start: first, end: nodes.at(-1)!.seq };
          nodes = [{ seq: push('user/message', message, { sourceEventSeqs: sources, surfaceOp: op }), message }];
          note('replace');
          changedContent = true;
        }
        const content: ContentBlock[] = [{ type: 'text', text: turnPlan.prompt }, ...(turnPlan.image ? [{ type: 'image' as const, attachment: IMAGE }] : [])];
        const message: Message = { id: mid('prompt'), role: 'user', content, source: { kind: 'user' } };
        promptSeq = push('user/message', message, { surfaceOp: 'append' });
        nodes.push({ seq: promptSeq, message });
      }
      if (v3 && stepPlan.offload && turnPlan.image && !offloaded && promptSeq !== undefined && nodes.some((n) => n.seq === promptSeq)) {
        push('image/offload', { targets: [{ seq: promptSeq, imageIndexes: [0] }] });
        offloaded = true;
        const node = nodes.find((n) => n.seq === promptSeq)!;
        node.message = { ...node.message!, content: node.message!.content.map((b) => (b.type === 'image' ? { ...b, offloaded: true as const } : b)) };
        note('image-offload');
        changedContent = true;
      }
      const adding = v4 && stepPlan.addTool && !extraAdded;
      if (adding) tools = [BASH, EXTRA];
      const config = { provider: 'deepseek-official', model: 'deepseek-v4-flash', reasoningEffort: stepPlan.effort };
      const epoch = { config, ...(!v3 && stepPlan.system !== '' ? { system: stepPlan.system } : {}), tools };
      const snapshot = JSON.stringify(epoch);
      const reason = lastHeader === undefined ? 'initial' : snapshot !== lastHeader ? 'change' : changedContent ? 'series' : undefined;
      let headerSeq: number | undefined;
      if (reason !== undefined) {
        const startsSeries = reason !== 'series' && reason !== 'initial' && changedContent;
        headerSeq = push('request/header', { header: epoch, reason, ...(startsSeries ? { startsSeries: true } : {}) });
        if (reason !== 'initial') note(reason === 'series' ? 'series' : 'change');
        if (reason !== 'change' || startsSeries) {
          baseline = tools;
          updates = [];
        }
        lastHeader = snapshot;
        changedContent = false;
      }
      if (adding) {
        const message: Message = { id: mid('developer'), role: 'developer', content: [{ type: 'tool-addition', toolName: 'extra' }], source: { kind: 'tool-catalog' } };
        push('developer/message', { turn, step, message, headerSeq: headerSeq! }, { surfaceOp: 'append' });
        nodes.push({ seq: events.length - 1, message });
        updates = [...updates, { messageId: message.id, additions: [EXTRA] }];
        extraAdded = true;
      }
      const request = (seq: number): ExpectedRequest => ({
        seq,
        turn,
        step,
        config,
        ...(!v3 && stepPlan.system !== '' ? { system: stepPlan.system } : {}),
        tools,
        messages: sent(),
        ...(v4 ? { toolHistory: { tools: baseline!, updates } } : {}),
        explainers: since,
      });
      const stream = (kind: string) => [{ type: 'chunk', time: 0, chunk: { type: 'finish', reason: { kind } } }];
      if (stepPlan.retry) {
        requests.push(request(push('assistant/attempt', { turn, step, stream: stream('error') })));
        since = [];
        const failure = { message: 'overloaded', code: 'RATE_LIMITED' };
        const retryId = mid('retry');
        push('llm/retry', { retryId, turn, step, provider: 'deepseek-official', mode: 'normal', policyKey: 'default', retry: 1, delayMs: 10, failure });
        push('llm/retry-started', { retryId, turn, step, retry: 1 });
      }
      const calls = last ? 0 : stepPlan.tools;
      const callIds = Array.from({ length: calls }, () => mid('call'));
      const content: ContentBlock[] = calls === 0 ? [{ type: 'text', text: `answer ${turn}.${step}` }] : callIds.map((callId) => ({ type: 'tool-call', id: callId, name: 'bash', arguments: '{"command":"ls"}' }));
      const message: Message = { id: mid('assistant'), role: 'assistant', content, source: { kind: 'model', provider: 'deepseek-official', model: 'deepseek-v4-flash' } };
      const usage = { inputTokens: 10 + step, outputTokens: 3, cacheReadTokens: 4 * turn + step };
      const at = push('assistant/message', { turn, step, message, usage, stream: stream(calls === 0 ? 'stop' : 'tool-calls') }, { surfaceOp: 'append' });
      requests.push(request(at));
      since = [];
      nodes.push({ seq: at, message });
      for (const callId of callIds) {
        const callSeq = push('tool/call', { turn, step, callId, name: 'bash', arguments: '{"command":"ls"}' });
        const isError = callIds.indexOf(callId) === 1;
        const result: ContentBlock[] = [{ type: 'text', text: isError ? 'denied' : `out ${callId}` }];
        const neutral: Message = { id: mid('result'), role: 'user', content: [{ type: 'tool-result', toolCallId: callId, content: result, isError }], source: { kind: 'tool', callId } };
        const stored = v4 ? { id: neutral.id, role: 'tool', source: neutral.source, toolCallId: callId, content: result, isError } : neutral;
        const error = isError ? { error: { name: 'FsError', code: 'FS_SANDBOX_DENIED', ...(v4 ? { reason: 'read-only' } : {}) } } : {};
        const seq = push('tool/result', { turn, step, message: stored as JsonValue, ...error }, { sourceEventSeqs: [callSeq], surfaceOp: 'append' });
        nodes.push({ seq, message: neutral });
      }
      push('step/end', { turn, step });
    });
    push('turn/end', { turn, reason: { kind: 'completed' } });
  });
  return { version, header, events, requests };
}

/** The stored JSONL of a written log; `projected` drops every seq and time (DSH's snapshot projection), `ranges` range-encodes runs of sources. */
export function jsonlOf(log: WrittenLog, options: { projected?: boolean; ranges?: boolean } = {}): string {
  const lines = [JSON.stringify(log.header)];
  for (const event of log.events) {
    let stored: Stored = event;
    if (options.ranges === true && Array.isArray(event['sourceEventSeqs'])) stored = { ...stored, sourceEventSeqs: encodeRanges(event['sourceEventSeqs'] as number[]) };
    if (options.projected === true) {
      const { seq: _seq, time: _time, ...rest } = stored;
      stored = rest;
    }
    lines.push(JSON.stringify(stored));
  }
  return `${lines.join('\n')}\n`;
}

/** Runs of three or more consecutive seqs as [start, end], as DSH's v1+ codecs store them. */
function encodeRanges(seqs: readonly number[]): JsonValue[] {
  const out: JsonValue[] = [];
  for (let i = 0; i < seqs.length; ) {
    let j = i;
    while (j + 1 < seqs.length && seqs[j + 1] === seqs[j]! + 1) j++;
    if (j - i >= 2) out.push([seqs[i]!, seqs[j]!]);
    else for (let k = i; k <= j; k++) out.push(seqs[k]!);
    i = j + 1;
  }
  return out;
}
