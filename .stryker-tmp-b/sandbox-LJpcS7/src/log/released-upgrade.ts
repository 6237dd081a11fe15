/**
 * An event of a released format (v1–v4) read into the neutral form the folds and the audit
 * read (the v0 vocabulary), for what the two spell differently; each step is the inverse of
 * one DSH migration edge writes, so nothing is guessed and no field is lost (dsh-eras §7.2):
 *
 *  - `sourceEventSeqs` stored with `[start, end]` ranges (the v1+ codecs) are expanded;
 *  - a v3+ replace `{op:'replace', startSeq, endSeq}` is the neutral `{op, start, end}`;
 *  - a v4 tool result, a `tool`-role message `{toolCallId, content, isError?}`, is the
 *    neutral user-role message holding one `tool-result` block, every other field kept.
 *
 * What a format holds that v0 cannot say (system and developer messages, embedded streams,
 * attempts, image/offload) stays as stored: the vocabulary is extended instead.
 */
// @ts-nocheck

import { deepFreeze, type JsonValue } from './json.ts';
import type { LogFormat } from './format.ts';
import { refuseFormat, type FormatRuleId } from './rules.ts';
import type { SessionEvent } from './types.ts';

type Rec = Record<string, JsonValue>;

const isRecord = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);
const isSeq = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function bad(rule: FormatRuleId, event: SessionEvent, what: string): never {
  return refuseFormat(rule, `${event.type} ${what}`, { location: { seq: event.seq } });
}

/** `event` in the neutral form (itself when nothing is spelled differently), deep-frozen. */
export function upgradeReleased(event: SessionEvent, format: LogFormat): SessionEvent {
  let next: Record<string, unknown> | undefined;
  const sources = event.sourceEventSeqs;
  if (Array.isArray(sources) && sources.some(Array.isArray)) (next ??= { ...event })['sourceEventSeqs'] = expandRanges(event, sources as readonly unknown[]);
  if (format.embeddedStreams && event.type === 'assistant/message' && Object.hasOwn(event, 'sourceEventSeqs')) {
    bad('format.assistant-sources', event, 'carries sourceEventSeqs; from format v2 an assistant message embeds its stream instead');
  }
  const op: unknown = event.surfaceOp;
  if (format.systemMessages && isRecord(op)) (next ??= { ...event })['surfaceOp'] = neutralReplace(event, op);
  if (format.toolRole && event.type === 'tool/result') (next ??= { ...event })['data'] = lowerToolMessage(event);
  return next === undefined ? event : deepFreeze(next as SessionEvent);
}

/** The v1+ codecs store a run of three or more seqs as `[start, end]` (ascending, each earlier than the event). */
function expandRanges(event: SessionEvent, stored: readonly unknown[]): number[] {
  const out: number[] = [];
  for (const entry of stored) {
    if (!Array.isArray(entry)) {
      out.push(entry as number);
      continue;
    }
    const [start, end] = entry as unknown[];
    if (entry.length !== 2 || !isSeq(start) || !isSeq(end) || start > end || end >= event.seq) {
      bad('format.source-ranges', event, `has the sourceEventSeqs range ${JSON.stringify(entry)}; a range is [start, end] with start ≤ end < the event's seq`);
    }
    for (let seq = start; seq <= end; seq++) out.push(seq);
  }
  for (let i = 1; i < out.length; i++) {
    if (!(out[i]! > out[i - 1]!)) bad('format.source-ranges', event, 'has sourceEventSeqs with ranges that are not strictly ascending');
  }
  return out;
}

function neutralReplace(event: SessionEvent, op: Rec): JsonValue {
  const keys = Object.keys(op);
  if (keys.length !== 3 || op['op'] !== 'replace' || !isSeq(op['startSeq']) || !isSeq(op['endSeq'])) {
    bad('format.replace-spelling', event, `carries the replace ${JSON.stringify(op)}; from format v3 a replace is exactly {op:"replace", startSeq, endSeq}`);
  }
  return { op: 'replace', start: op['startSeq'], end: op['endSeq'] };
}

/** DSH's v3→v4 edge lifted the one `tool-result` block into the message; this is its inverse. */
function lowerToolMessage(event: SessionEvent): JsonValue {
  const data = event.data;
  const message = isRecord(data) ? data['message'] : undefined;
  if (!isRecord(data) || !isRecord(message)) return bad('format.tool-message', event, 'has no message');
  const { id, role, source, toolCallId, content, isError, ...rest } = message;
  const wrapped = Array.isArray(content) && content.some((block) => isRecord(block) && block['type'] === 'tool-result');
  const ok =
    role === 'tool' &&
    typeof id === 'string' &&
    id !== '' &&
    isRecord(source) &&
    source['kind'] === 'tool' &&
    typeof toolCallId === 'string' &&
    toolCallId !== '' &&
    source['callId'] === toolCallId &&
    Array.isArray(content) &&
    !wrapped &&
    (isError === undefined || typeof isError === 'boolean');
  if (!ok) bad('format.tool-message', event, 'must hold a tool-role message {id, source:{kind:"tool", callId}, toolCallId equal to that callId, content array, isError?: boolean} without a tool-result block');
  const block = { type: 'tool-result', toolCallId: toolCallId!, content: content!, ...(isError === undefined ? {} : { isError }) };
  return { ...data, message: { id: id!, role: 'user', content: [block], source: source!, ...rest } };
}
