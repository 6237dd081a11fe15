/**
 * The per-event checks the released formats (v1–v4) add to those of v0 (dsh-eras §1.3, §3,
 * §6.4, and the native admission rules of DSH's v2→v3 and v3→v4 edges): embedded streams and
 * attempts, the tagged end-seed, the system prompt as a message, tool errors, developer
 * messages and the header that defines their added tools, and image/offload's shape (its
 * targets are the surface's to check). Each refuses through FORMAT_RULES.
 */
// @ts-nocheck

import type { LogFormat } from './format.ts';
import { refuseFormat, type FormatRuleId } from './rules.ts';
import type { SessionEvent } from './types.ts';

type Rec = Record<string, unknown>;

/** What the released checks need of the events before this one. */
export interface ReleasedContext {
  /** The `tools` of the request/header at `seq` (undefined when it has none), or NO_HEADER when no request/header is there. */
  headerToolsAt(seq: number): unknown;
}

export const NO_HEADER: unique symbol = Symbol('no request/header there');

const isRecord = (value: unknown): value is Rec => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1;
const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== '';

function bad(rule: FormatRuleId, event: SessionEvent, what: string): never {
  return refuseFormat(rule, `${event.type} ${what}`, { location: { seq: event.seq } });
}

export function checkReleasedPayload(event: SessionEvent, format: LogFormat, context: ReleasedContext | undefined): void {
  const data = event.data;
  switch (event.type) {
    case 'assistant/message':
      if (format.embeddedStreams) checkStream(event, isRecord(data) ? data['stream'] : undefined);
      break;
    case 'assistant/attempt':
      if (!isRecord(data) || !isCount(data['turn']) || !isCount(data['step']) || Object.keys(data).length !== 3 || !Object.hasOwn(data, 'stream')) {
        bad('format.attempt', event, 'must be exactly {turn, step, stream}');
      }
      checkStream(event, data['stream']);
      break;
    case 'session/end-seed':
      if (format.seededHeader && !(isRecord(data) && Object.keys(data).every((key) => key === 'inherited') && (data['inherited'] === undefined || data['inherited'] === true))) {
        bad('format.end-seed', event, `must be {} or {inherited: true}, got ${JSON.stringify(data).slice(0, 60)}`);
      }
      break;
    case 'tool/result':
      // v3's rule (DSH's validateSessionEventData): failure identity comes with a result marked failed.
      if (format.systemMessages && isRecord(data) && data['error'] !== undefined) {
        const block = firstBlock(data['message']);
        if (!isRecord(block) || block['isError'] !== true) bad('format.tool-error', event, 'carries error data, but its result is not marked isError: true');
      }
      break;
    case 'system/message':
      checkSystemMessage(event, format);
      break;
    case 'developer/message':
      checkDeveloperMessage(event, context);
      break;
    case 'image/offload':
      checkOffloadShape(event);
      break;
  }
  if (format.toolRole) checkSourceKind(event);
}

function firstBlock(message: unknown): unknown {
  const content = isRecord(message) ? message['content'] : undefined;
  return Array.isArray(content) ? content[0] : undefined;
}

function checkStream(event: SessionEvent, stream: unknown): void {
  if (!Array.isArray(stream) || !stream.every((record) => isRecord(record) && typeof record['type'] === 'string')) {
    bad('format.stream', event, 'must embed its stream: a list of records, each with a string type');
  }
}

/** The source of a system prompt: v3 names the plugin that rendered it, v4 has the kind `system-prompt`. */
function checkSystemMessage(event: SessionEvent, format: LogFormat): void {
  const data = event.data;
  const message = isRecord(data) ? data['message'] : undefined;
  if (!isRecord(data) || !isCount(data['turn']) || !isCount(data['step']) || !isRecord(message)) return bad('format.system-message', event, 'must be {turn, step, message}');
  const source = message['source'];
  const sourced = isRecord(source) && (format.toolRole ? source['kind'] === 'system-prompt' : source['kind'] === 'plugin' && typeof source['plugin'] === 'string');
  if (!isNonEmptyString(message['id']) || message['role'] !== 'system' || !Array.isArray(message['content']) || !sourced) {
    bad('format.system-message', event, `must hold an identified system-role message with a content array and the system prompt's source (${format.toolRole ? 'kind "system-prompt"' : 'kind "plugin" with its plugin'})`);
  }
}

function checkDeveloperMessage(event: SessionEvent, context: ReleasedContext | undefined): void {
  const data = event.data;
  const message = isRecord(data) ? data['message'] : undefined;
  if (!isRecord(data) || !isCount(data['turn']) || !isCount(data['step']) || !isRecord(message)) return bad('format.developer-message', event, 'must be {turn, step, message, headerSeq?}');
  const content = message['content'];
  const source = message['source'];
  if (!isNonEmptyString(message['id']) || message['role'] !== 'developer' || !Array.isArray(content) || !isRecord(source) || !isNonEmptyString(source['kind'])) {
    return bad('format.developer-message', event, 'must hold an identified developer-role message with a content array and a source');
  }
  const added: string[] = [];
  for (const block of content) {
    if (!isRecord(block) || (block['type'] !== 'tool-addition' && block['type'] !== 'tool-removal')) continue;
    if (!isNonEmptyString(block['toolName'])) bad('format.developer-message', event, `has a ${block['type'] as string} block without a tool name`);
    if (block['type'] === 'tool-addition') {
      if (Object.hasOwn(block, 'tool')) bad('format.developer-message', event, 'has a tool-addition carrying its tool inline; the definition is the header\'s at headerSeq');
      added.push(block['toolName']);
    }
  }
  const headerSeq = data['headerSeq'];
  if (added.length === 0) {
    if (headerSeq !== undefined) bad('format.developer-binding', event, 'has a headerSeq but adds no tool');
    return;
  }
  if (!Number.isSafeInteger(headerSeq) || (headerSeq as number) < 0 || (headerSeq as number) >= event.seq) return bad('format.developer-binding', event, `adds ${added.join(', ')} but its headerSeq ${JSON.stringify(headerSeq)} names no earlier event`);
  const tools = context === undefined ? NO_HEADER : context.headerToolsAt(headerSeq as number);
  if (tools === NO_HEADER) return bad('format.developer-binding', event, `headerSeq ${headerSeq as number} is not a request/header`);
  for (const name of added) {
    const definitions = Array.isArray(tools) ? tools.filter((tool) => isRecord(tool) && tool['name'] === name) : [];
    const definition: unknown = definitions[0];
    if (definitions.length !== 1 || !isRecord(definition) || typeof definition['description'] !== 'string' || !isRecord(definition['parameters'])) {
      bad('format.developer-binding', event, `adds "${name}", which the request/header at seq ${headerSeq as number} does not define exactly once with a description and parameters`);
    }
  }
}

/** image/offload's own shape; whether its targets are current nodes with those images is the surface's check. */
function checkOffloadShape(event: SessionEvent): void {
  const data = event.data;
  const targets = isRecord(data) ? data['targets'] : undefined;
  if (!isRecord(data) || Object.keys(data).length !== 1 || !Array.isArray(targets) || targets.length === 0) return bad('format.offload-shape', event, 'must be exactly {targets}, a non-empty list');
  const seqs = new Set<unknown>();
  for (const target of targets) {
    const indexes = isRecord(target) ? target['imageIndexes'] : undefined;
    if (!isRecord(target) || Object.keys(target).length !== 2 || !isSeq(target['seq']) || !Array.isArray(indexes) || indexes.length === 0) {
      bad('format.offload-shape', event, 'has a target that is not exactly {seq, imageIndexes} with a non-empty list of indexes');
    }
    if (seqs.has(target['seq'])) bad('format.offload-shape', event, `names seq ${target['seq'] as number} twice`);
    seqs.add(target['seq']);
    let previous = -1;
    for (const index of indexes) {
      if (!isSeq(index) || index <= previous) bad('format.offload-shape', event, 'has image indexes that are not strictly increasing non-negative integers');
      previous = index;
    }
  }
}

function isSeq(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}

/** v4 (native admission): every interpreted message slot names its producer by kind; the v3 `plugin` kind is gone. */
function checkSourceKind(event: SessionEvent): void {
  const data = event.data;
  const message = event.type === 'user/message' ? data : isRecord(data) && event.surfaceOp !== undefined ? data['message'] : undefined;
  const source = isRecord(message) ? message['source'] : undefined;
  if (isRecord(source) && source['kind'] === 'plugin') bad('format.plugin-source', event, 'has a message source of kind "plugin"; from format v4 a producer is named by its kind');
}
