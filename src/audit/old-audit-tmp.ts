/**
 * `recon audit`: what a real session log says about the rule. Every request is rebuilt
 * from the log prefix before it; every break of the message prefix and every drop of
 * the provider's cache reads is attributed to the logged event that explains it, or
 * flagged `unexplained`.
 */
import { ReconError } from '../errors.ts';
import { explainingEvent, prefixBreak, reconstructRequest, requestBoundaries, type BrokenPart } from '../fold/index.ts';
import { loadJsonl, type AssistantMessageData, type HeaderReason, type RequestHeaderData, type SessionEvent, type TornTail } from '../log/index.ts';

/** Why the cache could not read what it read before: the logged event, or nothing. */
export type BreakCause = 'first-request' | 'resume' | 'change' | 'replace' | 'unexplained';

export interface UsagePoint {
  readonly turn: number;
  readonly step: number;
  /** Uncached input (DSH usage is disjoint). */
  readonly inputTokens: number;
  /** Absent when the provider did not report cache reads: unknown, not zero. */
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
}

export interface StepCause {
  readonly turn: number;
  readonly step: number;
  readonly cause: BreakCause;
}

export interface RequestAt {
  readonly turn: number;
  readonly step: number;
  /** The request boundary: the first event its attempt produced. */
  readonly seq: number;
}

export interface PrefixBreak extends StepCause {
  /** What differs from the previous request: the route (a provider's cache is per model), the system prompt, the tools, or the messages. */
  readonly part: BrokenPart;
}

export interface AuditedLog {
  readonly file: string;
  readonly ok: true;
  readonly events: number;
  readonly turns: number;
  readonly steps: number;
  readonly requests: number;
  readonly headers: { readonly initial: number; readonly resume: number; readonly change: number };
  readonly replaces: number;
  readonly usage: readonly UsagePoint[];
  /** Σ cache reads ÷ Σ billed input over the steps that report cache reads; null when none do. */
  readonly cacheReadRate: number | null;
  readonly drops: readonly StepCause[];
  /** Requests whose system, tools or message prefix differ from the previous request's. */
  readonly breaks: readonly PrefixBreak[];
  /** Requests with no request/header before them: nothing to rebuild them from. */
  readonly unreconstructable: readonly RequestAt[];
  readonly upgradedEvents: number;
  readonly tornTail?: TornTail;
}

export interface RefusedLog {
  readonly file: string;
  readonly ok: false;
  readonly code: string;
  readonly message: string;
  readonly line?: number;
  readonly seq?: number;
  readonly hint?: string;
}

export type LogAudit = AuditedLog | RefusedLog;

export function auditLog(text: string, file: string): LogAudit {
  let loaded;
  try {
    loaded = loadJsonl(text, { file });
  } catch (error) {
    if (!ReconError.is(error)) throw error;
    return {
      file,
      ok: false,
      code: error.code,
      message: error.message,
      ...(error.location.line === undefined ? {} : { line: error.location.line }),
      ...(error.location.seq === undefined ? {} : { seq: error.location.seq }),
      ...(error.hint === undefined ? {} : { hint: error.hint }),
    };
  }
  const { log } = loaded;
  const events = log.events;
  const headers = { initial: 0, resume: 0, change: 0 };
  let turns = 0;
  let steps = 0;
  for (const event of events) {
    if (event.type === 'turn/start') turns++;
    else if (event.type === 'step/start') steps++;
    else if (event.type === 'request/header') headers[(event.data as unknown as RequestHeaderData).reason]++;
  }

  const boundaries = requestBoundaries(events);
  const requests = boundaries.map((b) => reconstructRequest(events, b.seq, log.header.id));
  const breaks: PrefixBreak[] = [];
  const unreconstructable: RequestAt[] = [];
  requests.forEach((request, i) => {
    const b = boundaries[i]!;
    if (request === undefined) {
      unreconstructable.push({ turn: b.turn, step: b.step, seq: b.seq });
      return;
    }
    const previous = i > 0 ? requests[i - 1] : undefined;
    if (previous === undefined) return;
    const part = prefixBreak(previous, request);
    if (part !== undefined) breaks.push({ turn: b.turn, step: b.step, part, cause: causeBetween(events, boundaries[i - 1]!.seq, b.seq, part) });
  });

  const usage: UsagePoint[] = [];
  const usageBoundary: number[] = [];
  let passed = 0; // boundaries at or before the current event
  for (const event of events) {
    while (passed < boundaries.length && boundaries[passed]!.seq <= event.seq) passed++;
    if (event.type !== 'assistant/message') continue;
    const data = event.data as unknown as AssistantMessageData;
    if (data.usage === undefined) continue;
    const { inputTokens, cacheReadTokens, cacheWriteTokens } = data.usage;
    usage.push({
      turn: data.turn,
      step: data.step,
      inputTokens,
      ...(cacheReadTokens === undefined ? {} : { cacheReadTokens }),
      ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
    });
    usageBoundary.push(passed === 0 ? 0 : boundaries[passed - 1]!.seq);
  }

  const drops: StepCause[] = [];
  for (let i = 1; i < usage.length; i++) {
    const before = usage[i - 1]!.cacheReadTokens;
    const now = usage[i]!.cacheReadTokens;
    if (before === undefined || now === undefined || now >= before) continue;
    drops.push({ turn: usage[i]!.turn, step: usage[i]!.step, cause: causeBetween(events, usageBoundary[i - 1]!, usageBoundary[i]!, 'any') });
  }

  return {
    file,
    ok: true,
    events: events.length,
    turns,
    steps,
    requests: boundaries.length,
    headers,
    replaces: log.surface.replaceGeneration,
    usage,
    cacheReadRate: cacheReadRate(usage),
    drops,
    breaks,
    unreconstructable,
    upgradedEvents: loaded.upgradedSeqs.length,
    ...(loaded.tornTail === undefined ? {} : { tornTail: loaded.tornTail }),
  };
}

/** Token-weighted: Σ reads ÷ Σ (uncached + reads + writes), over steps that report reads. */
export function cacheReadRate(usage: readonly UsagePoint[]): number | null {
  let read = 0;
  let billed = 0;
  for (const point of usage) {
    if (point.cacheReadTokens === undefined) continue;
    read += point.cacheReadTokens;
    billed += point.inputTokens + point.cacheReadTokens + (point.cacheWriteTokens ?? 0);
  }
  return billed === 0 ? null : read / billed;
}

const HEADER_CAUSE: Record<HeaderReason, BreakCause> = { initial: 'first-request', resume: 'resume', change: 'change' };

function causeBetween(events: readonly SessionEvent[], from: number, to: number, part: BrokenPart | 'any'): BreakCause {
  const explanation = explainingEvent(events, from, to, part);
  if (explanation === undefined) return 'unexplained';
  return explanation.cause === 'replace' ? 'replace' : HEADER_CAUSE[explanation.cause];
}
