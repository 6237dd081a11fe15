/**
 * Valid session logs, generated. A plan (turns → steps → replies, with compactions,
 * tool-result trims, resumes, header changes and noise) is drawn by fast-check, so it
 * shrinks; a builder turns the plan into events and canonical JSONL, packing runs of
 * three or more deltas into chunk rows as a DSH writer does.
 *
 * The builder writes events directly, without the reference: a generator that used the
 * code under test could not find that code's bugs.
 */
import fc from 'fast-check';
import type { JsonValue, SessionEvent, SessionHeader } from '../../src/log/index.ts';

export interface GeneratedLog {
  readonly header: SessionHeader;
  readonly events: readonly SessionEvent[];
  /** Canonical JSONL: header line, then events with delta runs packed into rows. */
  readonly jsonl: string;
  readonly stats: LogStats;
}

export interface LogStats {
  readonly replaces: number;
  readonly toolPairs: number;
  readonly headerChanges: number;
  readonly resumes: number;
  readonly chunkRows: number;
  readonly ignorable: number;
  readonly injections: number;
}

type Text = string;
interface ReplyPlan {
  readonly reasoning: Text | null;
  readonly text: Text | null;
  readonly calls: number;
  readonly deltas: number;
}
interface StepPlan {
  readonly injects: readonly Text[];
  readonly header: 'keep' | 'system' | 'tools' | 'config' | 'noncanonical';
  readonly reply: ReplyPlan;
  readonly usage: { readonly input: number; readonly read: number | null } | null;
  readonly noise: readonly NoiseKind[];
}
interface TurnPlan {
  readonly prompt: Text;
  readonly steps: readonly StepPlan[];
  readonly compactKeep: number | null;
  readonly trimPick: number | null;
  readonly resume: boolean;
  readonly end: 'completed' | 'max-tokens' | 'error';
}
export interface LogPlan {
  readonly turns: readonly TurnPlan[];
}

type NoiseKind = 'todo' | 'context' | 'title' | 'ignorable' | 'hook';

const text: fc.Arbitrary<Text> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('hello', 'Run the tests.', 'ok', 'Done.', 'List the files.') },
  { weight: 2, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'quote " and \\ backslash', 'line\nbreak', '\u2028sep', 'emoji 🙂') },
);

const step: fc.Arbitrary<StepPlan> = fc.record({
  injects: fc.array(text, { maxLength: 2 }),
  header: fc.constantFrom<StepPlan['header']>('keep', 'keep', 'keep', 'keep', 'system', 'tools', 'config', 'noncanonical'),
  reply: fc.record({ reasoning: fc.option(text), text: fc.option(text), calls: fc.nat(2), deltas: fc.nat(5) }),
  usage: fc.option(fc.record({ input: fc.nat(4000), read: fc.option(fc.nat(4000)) })),
  noise: fc.array(fc.constantFrom<NoiseKind>('todo', 'context', 'title', 'ignorable', 'hook'), { maxLength: 2 }),
});

const turn: fc.Arbitrary<TurnPlan> = fc.record({
  prompt: text,
  steps: fc.array(step, { minLength: 1, maxLength: 3 }),
  compactKeep: fc.option(fc.nat(3), { freq: 4 }),
  trimPick: fc.option(fc.nat(), { freq: 4 }),
  resume: fc.boolean(),
  end: fc.constantFrom<TurnPlan['end']>('completed', 'completed', 'completed', 'max-tokens', 'error'),
});

export const logPlan: fc.Arbitrary<LogPlan> = fc.record({ turns: fc.array(turn, { minLength: 1, maxLength: 4 }) });

/** Valid logs. With `noise: false` the same plan builds without log-only noise events. */
export function sessionLog(options: { noise?: boolean } = {}): fc.Arbitrary<GeneratedLog> {
  return logPlan.map((plan) => buildLog(plan, options));
}

const BASE_TOOLS = [
  { name: 'read_file', description: 'Read a file.', parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  { name: 'run', description: 'Run a command.', parameters: { type: 'object', properties: { command: { type: 'string' } } } },
];

export function buildLog(plan: LogPlan, options: { noise?: boolean } = {}): GeneratedLog {
  const noise = options.noise !== false;
  const header: SessionHeader = { type: 'session', version: 0, id: 'gen-session', createdAt: 1_700_000_000_000, delegationDepth: 0 };
  const events: SessionEvent[] = [];
  const nodes: number[] = [];
  let time = 1_700_000_000_000;
  let ids = 0;
  const stats = { replaces: 0, toolPairs: 0, headerChanges: 0, resumes: 0, chunkRows: 0, ignorable: 0, injections: 0 };
  const id = (prefix: string) => `${prefix}-${++ids}`;
  const push = (type: string, data: JsonValue, extra: Partial<Pick<SessionEvent, 'sourceEventSeqs' | 'surfaceOp' | 'ignorable'>> = {}): number => {
    const seq = events.length;
    // Times mostly rise but sometimes step back, as real logs allow.
    time += seq % 7 === 6 ? -2 : 1 + (seq % 3);
    events.push({ type, seq, time, data, ...extra } as SessionEvent);
    if (extra.surfaceOp === 'append') nodes.push(seq);
    else if (typeof extra.surfaceOp === 'object') {
      const from = nodes.indexOf(extra.surfaceOp.start);
      nodes.splice(from, nodes.indexOf(extra.surfaceOp.end) - from + 1, seq);
      stats.replaces++;
    }
    return seq;
  };

  let current: { config: Record<string, JsonValue>; adapterDefaults?: JsonValue; system: string; tools: readonly JsonValue[] } = {
    config: { provider: 'deepseek', model: 'deepseek-chat', reasoningEffort: 'high', maxTokens: 8192 },
    adapterDefaults: { reasoningEffort: true, maxTokens: true },
    system: 'You are a careful agent.',
    tools: BASE_TOOLS,
  };
  let headerOwed: 'initial' | 'resume' | null = 'initial';
  let changes = 0;

  const user = (content: Text) => ({ content: [{ type: 'text', text: content }], source: { kind: 'user' }, role: 'user', id: id('u') }) as JsonValue;
  const noiseEvent = (kind: NoiseKind, turnNo: number) => {
    if (!noise) return;
    if (kind === 'todo') push('todo/write', { todos: [{ content: `task ${turnNo}`, status: 'in_progress' }] });
    else if (kind === 'context') push('request/context', { provider: 'deepseek', model: 'deepseek-chat', contextWindow: 128000 });
    else if (kind === 'title') push('session/title', { title: 'A generated session', messageSeqs: [] });
    else if (kind === 'hook') push('hook/invoked', { hook: 'pre-step', turn: turnNo });
    else {
      push('x-harness/annotation', { note: `noise at turn ${turnNo}` }, { ignorable: true });
      stats.ignorable++;
    }
  };

  plan.turns.forEach((turnPlan, t) => {
    const turnNo = t + 1;
    if (turnPlan.resume && t > 0) {
      push('session/end-seed', {});
      headerOwed = 'resume';
      stats.resumes++;
    }
    push('turn/start', { turn: turnNo });
    if (turnPlan.compactKeep !== null && nodes.length > 0) compact(turnPlan.compactKeep, turnNo);
    if (turnPlan.trimPick !== null) trim(turnPlan.trimPick, turnNo);
    turnPlan.steps.forEach((stepPlan, s) => {
      const stepNo = s + 1;
      push('step/start', { turn: turnNo, step: stepNo });
      for (const kind of stepPlan.noise) noiseEvent(kind, turnNo);
      if (s === 0) push('user/message', user(turnPlan.prompt), { surfaceOp: 'append' });
      for (const injected of stepPlan.injects) {
        push('user/message', user(injected), { surfaceOp: 'append' });
        stats.injections++;
      }
      writeHeader(stepPlan.header);
      const chunkSeqs = stream(stepPlan, turnNo, stepNo);
      const content = replyBlocks(stepPlan.reply, turnNo, stepNo);
      const data: Record<string, JsonValue> = {
        turn: turnNo,
        step: stepNo,
        message: { role: 'assistant', content, source: { kind: 'model', provider: 'deepseek', model: 'deepseek-chat' }, id: id('a') },
      };
      if (stepPlan.usage !== null) {
        data['usage'] = stepPlan.usage.read === null ? { inputTokens: stepPlan.usage.input, outputTokens: 10 } : { inputTokens: stepPlan.usage.input, outputTokens: 10, cacheReadTokens: stepPlan.usage.read };
      }
      push('assistant/message', data, { sourceEventSeqs: chunkSeqs, surfaceOp: 'append' });
      for (const block of content as Array<{ type: string; id: string; name: string; arguments: string }>) {
        if (block.type !== 'tool-call') continue;
        const callSeq = push('tool/call', { turn: turnNo, step: stepNo, callId: block.id, name: block.name, arguments: block.arguments });
        push('tool/result', toolResult(turnNo, stepNo, block.id, `output of ${block.name}`), { sourceEventSeqs: [callSeq], surfaceOp: 'append' });
        stats.toolPairs++;
      }
      push('step/end', { turn: turnNo, step: stepNo });
    });
    const reason = turnPlan.end === 'error' ? { kind: 'error', error: { message: 'generated failure', code: 'GENERATED' } } : { kind: turnPlan.end };
    push('turn/end', { turn: turnNo, reason });
  });

  function writeHeader(change: StepPlan['header']): void {
    if (change === 'keep' && headerOwed === null) return;
    let written: Record<string, JsonValue>;
    if (change === 'keep') written = canonical();
    else {
      changes++;
      if (change === 'system') current = { ...current, system: `${current.system} Rule ${changes}.` };
      else if (change === 'tools') {
        const added = { name: `tool_${changes}`, description: `Tool ${changes}.`, parameters: { type: 'object' } };
        current = { ...current, tools: changes % 2 === 0 ? [...current.tools].reverse() : [...current.tools, added] };
      } else if (change === 'config') {
        current = { ...current, config: { ...current.config, maxTokens: 1000 + changes, temperature: changes / 10 }, adapterDefaults: { reasoningEffort: true } };
      } else {
        // Explicit values, no markers — written with an empty adapterDefaults that canonicalisation drops.
        const { adapterDefaults: _dropped, ...rest } = current;
        current = { ...rest, config: { ...current.config, maxTokens: 2000 + changes } };
      }
      written = change === 'noncanonical' ? { ...canonical(), adapterDefaults: {} } : canonical();
    }
    const reason = headerOwed ?? 'change';
    if (reason === 'change') stats.headerChanges++;
    push('request/header', { header: written, reason });
    headerOwed = null;
  }

  function canonical(): Record<string, JsonValue> {
    const out: Record<string, JsonValue> = { config: current.config };
    if (current.adapterDefaults !== undefined) out['adapterDefaults'] = current.adapterDefaults;
    if (current.system !== '') out['system'] = current.system;
    if (current.tools.length > 0) out['tools'] = current.tools;
    return out;
  }

  function replyBlocks(reply: ReplyPlan, turnNo: number, stepNo: number): JsonValue[] {
    const blocks: JsonValue[] = [];
    if (reply.reasoning !== null) blocks.push({ type: 'reasoning', text: reply.reasoning });
    if (reply.text !== null) blocks.push({ type: 'text', text: reply.text });
    for (let c = 0; c < reply.calls; c++) {
      const tool = current.tools[c % Math.max(1, current.tools.length)] as { name?: string } | undefined;
      blocks.push({ type: 'tool-call', id: `call-${turnNo}-${stepNo}-${c}`, name: tool?.name ?? 'run', arguments: JSON.stringify({ path: `src/file${c}.ts` }) });
    }
    return blocks;
  }

  /** assistant/chunk events for a reply: start, deltas, end per block, then usage and finish. */
  function stream(stepPlan: StepPlan, turnNo: number, stepNo: number): number[] {
    const seqs: number[] = [];
    const chunk = (c: JsonValue) => seqs.push(push('assistant/chunk', { turn: turnNo, step: stepNo, chunk: c }));
    replyBlocks(stepPlan.reply, turnNo, stepNo).forEach((block, index) => {
      const b = block as { type: string; text?: string; id?: string; name?: string; arguments?: string };
      chunk({ type: 'block-start', index, blockType: b.type });
      const whole = b.type === 'tool-call' ? b.arguments! : b.text!;
      for (const piece of split(whole, stepPlan.reply.deltas)) {
        if (b.type === 'tool-call') chunk({ type: 'tool-call-delta', index, id: b.id!, name: b.name!, argumentsDelta: piece });
        else chunk({ type: b.type === 'text' ? 'text-delta' : 'reasoning-delta', index, text: piece });
      }
      chunk({ type: 'block-end', index, block });
    });
    if (stepPlan.usage !== null) chunk({ type: 'usage', usage: { inputTokens: stepPlan.usage.input, outputTokens: 10 } });
    chunk({ type: 'finish', reason: { kind: stepPlan.reply.calls > 0 ? 'tool-calls' : 'stop' } });
    return seqs;
  }

  function compact(keep: number, turnNo: number): void {
    const shadowed = nodes.slice(0, Math.max(1, nodes.length - (keep % (nodes.length + 1))));
    const compactionId = id('c');
    const start = push('compaction/start', { compactionId, turn: turnNo });
    const summary = push('compaction/summary', {
      compactionId,
      summary: [{ type: 'text', text: 'Earlier work, summarized.' }],
      shadowedRange: { start: shadowed[0]!, end: shadowed[shadowed.length - 1]! },
      shadowedSeqs: shadowed,
      shadowedTokenCount: 100,
      provider: 'deepseek',
      model: 'deepseek-chat',
      maxTokens: 4096,
    });
    push(
      'user/message',
      { content: [{ type: 'text', text: 'Summary: earlier work.' }], source: { kind: 'plugin', plugin: 'compact', compactionId }, role: 'user', id: id('s') },
      { sourceEventSeqs: [start, summary, ...shadowed], surfaceOp: { op: 'replace', start: shadowed[0]!, end: shadowed[shadowed.length - 1]! } },
    );
    push('compaction/end', { compactionId, turn: turnNo });
  }

  function trim(pick: number, turnNo: number): void {
    const results = nodes.filter((seq) => events[seq]!.type === 'tool/result');
    if (results.length === 0) return;
    const target = results[pick % results.length]!;
    const original = events[target]!.data as { turn: number; step: number; message: { source: { callId: string } } };
    push('compaction/prune', { shadowedRange: { start: target, end: target }, shadowedSeqs: [target], shadowedTokenCount: 20 });
    const rewritten = JSON.parse(JSON.stringify(original)) as { message: { content: Array<{ content: JsonValue }> } };
    rewritten.message.content[0]!.content = [{ type: 'text', text: `[trimmed at turn ${turnNo}]` }];
    push('tool/result', rewritten as unknown as JsonValue, { sourceEventSeqs: [target], surfaceOp: { op: 'replace', start: target, end: target } });
  }

  function toolResult(turnNo: number, stepNo: number, callId: string, output: string): JsonValue {
    return {
      turn: turnNo,
      step: stepNo,
      message: {
        source: { kind: 'tool', callId },
        content: [{ type: 'tool-result', toolCallId: callId, content: [{ type: 'text', text: output }], isError: false }],
        role: 'user',
        id: id('t'),
      },
    };
  }

  const jsonl = writeJsonl(header, events);
  stats.chunkRows = jsonl.split('\n').filter((line) => /^\{"type":"[a-z-]+-chunks"/.test(line)).length;
  return { header, events, jsonl, stats };
}

function split(whole: string, pieces: number): string[] {
  if (pieces <= 1 || whole.length < 2) return [whole];
  const size = Math.ceil(whole.length / pieces);
  const out: string[] = [];
  for (let i = 0; i < whole.length; i += size) out.push(whole.slice(i, i + size));
  return out;
}

/** JSONL with runs of three or more consecutive same-block deltas packed into chunk rows. */
export function writeJsonl(header: SessionHeader, events: readonly SessionEvent[], pack = true): string {
  const lines = [JSON.stringify(header)];
  for (let i = 0; i < events.length; ) {
    const run = pack ? deltaRun(events, i) : 1;
    if (run >= 3) {
      lines.push(JSON.stringify(row(events.slice(i, i + run))));
      i += run;
    } else {
      lines.push(JSON.stringify(events[i]));
      i++;
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The JSONL of the first `k` events, unpacked: a valid log of its own. */
export function prefixJsonl(log: GeneratedLog, k: number): string {
  return writeJsonl(log.header, log.events.slice(0, k), false);
}

type Delta = { turn: number; step: number; chunk: { type: string; index: number; text?: string; id?: string; name?: string; argumentsDelta?: string } };

function deltaRun(events: readonly SessionEvent[], from: number): number {
  const first = events[from]!;
  const kind = deltaKind(first);
  if (kind === undefined) return 1;
  let n = 1;
  while (from + n < events.length) {
    const next = events[from + n]!;
    const a = first.data as unknown as Delta;
    const b = next.data as unknown as Delta;
    if (deltaKind(next) !== kind || a.turn !== b.turn || a.step !== b.step || a.chunk.index !== b.chunk.index || a.chunk.id !== b.chunk.id || a.chunk.name !== b.chunk.name) break;
    n++;
  }
  return n;
}

function deltaKind(event: SessionEvent): string | undefined {
  if (event.type !== 'assistant/chunk') return undefined;
  const type = (event.data as unknown as Delta).chunk.type;
  return type === 'text-delta' || type === 'reasoning-delta' || type === 'tool-call-delta' ? type : undefined;
}

function row(run: readonly SessionEvent[]): JsonValue {
  const first = run[0]!;
  const d = first.data as unknown as Delta;
  const dt = run.slice(1).map((e, i) => e.time - run[i]!.time);
  const head = { seq0: first.seq, time0: first.time };
  if (d.chunk.type === 'tool-call-delta') {
    return { type: 'tool-call-chunks', ...head, data: { turn: d.turn, step: d.step, index: d.chunk.index, dt, id: d.chunk.id!, name: d.chunk.name!, args: run.map((e) => (e.data as unknown as Delta).chunk.argumentsDelta!) } };
  }
  const type = d.chunk.type === 'text-delta' ? 'text-chunks' : 'reasoning-chunks';
  return { type, ...head, data: { turn: d.turn, step: d.step, index: d.chunk.index, dt, texts: run.map((e) => (e.data as unknown as Delta).chunk.text!) } };
}

/** A stored log read back as a generated one (for regressions): statistics are not kept. */
export function generatedFromJsonl(jsonl: string, events: readonly SessionEvent[]): GeneratedLog {
  const header = JSON.parse(jsonl.slice(0, jsonl.indexOf('\n'))) as SessionHeader;
  return { header, events, jsonl, stats: { replaces: 0, toolPairs: 0, headerChanges: 0, resumes: 0, chunkRows: 0, ignorable: 0, injections: 0 } };
}

/** How many events a JSONL log holds (its last seq + 1), read from its last line. */
export function eventCount(jsonl: string): number {
  const lines = jsonl.trimEnd().split('\n');
  if (lines.length < 2) return 0;
  const last = JSON.parse(lines[lines.length - 1]!) as { seq?: number; seq0?: number; data?: { texts?: unknown[]; args?: unknown[] } };
  return last.seq !== undefined ? last.seq + 1 : last.seq0! + (last.data?.texts ?? last.data?.args ?? []).length;
}
