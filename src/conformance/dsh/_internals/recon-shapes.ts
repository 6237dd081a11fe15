/**
 * Type guards for recon's log and request types, for values made elsewhere (DSH's answers).
 * Each checks every field its type promises; fields a type does not name are allowed, as
 * TypeScript's object types allow them. Generic in the checked value, so a guard narrows a
 * value of a foreign type to that type AND recon's.
 */
import type { NeutralRequest } from '../../../fold/index.ts';
import type { ContentBlock, EpochHeader, JsonValue, LlmCallConfig, Message, SessionEvent, StreamChunk, ToolSpec } from '../../../log/index.ts';

type Rec = Readonly<Record<string, unknown>>;

const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';
const isTrue = (v: unknown): v is true => v === true;
/** Absent, or present with the checked type (exactOptionalPropertyTypes: present means not undefined). */
const optional = (v: unknown, is: (v: unknown) => boolean): boolean => v === undefined || is(v);
const listOf =
  (is: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    Array.isArray(v) && v.every(is);

/** JSON data: null, booleans, finite numbers, strings, and arrays and plain objects of them (walked without recursion). */
export function isJson(value: unknown): value is JsonValue {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item === 'string' || typeof item === 'boolean') continue;
    if (typeof item === 'number') {
      if (Number.isFinite(item)) continue;
      return false;
    }
    if (typeof item !== 'object') return false;
    if (seen.has(item)) continue;
    seen.add(item);
    if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
      continue;
    }
    const proto: unknown = Object.getPrototypeOf(item);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const element of Object.values(item)) stack.push(element);
  }
  return true;
}

const isSurfaceOp = (v: unknown): boolean => v === 'append' || (isRec(v) && v['op'] === 'replace' && isNumber(v['start']) && isNumber(v['end']));

export function isOurEvent<T>(value: T): value is T & SessionEvent {
  const v: unknown = value;
  return (
    isRec(v) &&
    isString(v['type']) &&
    isNumber(v['seq']) &&
    isNumber(v['time']) &&
    v['data'] !== undefined &&
    isJson(v['data']) &&
    optional(v['sourceEventSeqs'], listOf(isNumber)) &&
    optional(v['surfaceOp'], isSurfaceOp) &&
    optional(v['ignorable'], isTrue)
  );
}

function isBlock(v: unknown): v is ContentBlock {
  if (!isRec(v)) return false;
  switch (v['type']) {
    case 'text':
    case 'reasoning':
      return isString(v['text']);
    case 'image':
      return isRec(v['attachment']) && isJson(v['attachment']);
    case 'tool-call':
      return isString(v['id']) && isString(v['name']) && isString(v['arguments']);
    case 'tool-result':
      return isString(v['toolCallId']) && listOf(isBlock)(v['content']) && optional(v['isError'], (e) => typeof e === 'boolean');
    default:
      return false;
  }
}

export function isMessage<T>(value: T): value is T & Message {
  const v: unknown = value;
  if (!isRec(v)) return false;
  const { id, role, content, source } = v;
  return isString(id) && (role === 'system' || role === 'user' || role === 'assistant') && listOf(isBlock)(content) && isRec(source) && isString(source['kind']) && isJson(source);
}

const isUsage = (v: unknown): boolean =>
  isRec(v) && isNumber(v['inputTokens']) && isNumber(v['outputTokens']) && optional(v['cacheReadTokens'], isNumber) && optional(v['cacheWriteTokens'], isNumber) && optional(v['reasoningTokens'], isNumber);

const isFailure = (v: unknown): boolean =>
  isRec(v) && isString(v['message']) && isString(v['code']) && optional(v['status'], isNumber) && optional(v['providerRetryAfterMs'], isNumber) && optional(v['requestId'], isString);

function isFinishReason(v: unknown): boolean {
  if (!isRec(v)) return false;
  switch (v['kind']) {
    case 'stop':
    case 'tool-calls':
    case 'max-tokens':
    case 'aborted':
      return true;
    case 'error':
      return isFailure(v['failure']);
    default:
      return false;
  }
}

export function isChunk<T>(value: T): value is T & StreamChunk {
  const v: unknown = value;
  if (!isRec(v) || (v['type'] !== 'usage' && v['type'] !== 'finish' && !isNumber(v['index']))) return false;
  switch (v['type']) {
    case 'block-start':
      return v['blockType'] === 'text' || v['blockType'] === 'reasoning' || v['blockType'] === 'tool-call';
    case 'text-delta':
    case 'reasoning-delta':
      return isString(v['text']);
    case 'tool-call-delta':
      return isString(v['id']) && optional(v['name'], isString) && isString(v['argumentsDelta']);
    case 'block-end':
      return isBlock(v['block']);
    case 'usage':
      return isUsage(v['usage']);
    case 'finish':
      return isFinishReason(v['reason']);
    default:
      return false;
  }
}

function isConfig<T>(v: T): v is T & LlmCallConfig {
  const c: unknown = v;
  return (
    isRec(c) &&
    isString(c['provider']) &&
    isString(c['model']) &&
    optional(c['reasoningEffort'], isString) &&
    optional(c['temperature'], isNumber) &&
    optional(c['maxTokens'], isNumber) &&
    optional(c['stop'], listOf(isString))
  );
}

const isToolSpec = (v: unknown): v is ToolSpec => isRec(v) && isString(v['name']) && isString(v['description']) && isRec(v['parameters']) && isJson(v['parameters']);

export function isEpochHeader<T>(value: T): value is T & EpochHeader {
  const v: unknown = value;
  return (
    isRec(v) &&
    isConfig(v['config']) &&
    optional(v['adapterDefaults'], (d) => isRec(d) && optional(d['reasoningEffort'], isTrue) && optional(d['maxTokens'], isTrue)) &&
    optional(v['system'], isString) &&
    optional(v['tools'], listOf(isToolSpec))
  );
}

export function isNeutralRequest<T>(value: T): value is T & NeutralRequest {
  const v: unknown = value;
  return isRec(v) && isConfig(v) && listOf(isMessage)(v['messages']) && optional(v['system'], isString) && optional(v['tools'], listOf(isToolSpec)) && isString(v['sessionId']);
}
