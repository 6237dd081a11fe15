/**
 * Per-event rules that do not depend on the rest of the log (spec §5.2): the envelope,
 * legacy refusals, the known vocabulary, request-header snapshots and message shapes.
 * Load and append run the same checks (append/load parity); the surface rules, which
 * need the log so far, live in surface.ts.
 */
import { LEGACY_HEADER_DELTA, LEGACY_MODE_SET } from './event-types.ts';
import { V0, type LogFormat } from './format.ts';
import { refuse, refuseFormat, type LogRuleId } from './rules.ts';
import type { SessionEvent } from './types.ts';
import { checkReleasedPayload, type ReleasedContext } from './validate-released.ts';

const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['type', 'seq', 'time', 'data', 'sourceEventSeqs', 'surfaceOp', 'ignorable']);
const HEADER_REASONS: ReadonlySet<unknown> = new Set(['initial', 'resume', 'change']);
const SERIES_HEADER_REASONS: ReadonlySet<unknown> = new Set(['initial', 'resume', 'change', 'series']);

type Rec = Record<string, unknown>;

function reject(rule: LogRuleId, detail: string, seq?: number): never {
  // Stryker disable next-line all: the location reaches an answer only inside the refusal's message, which the protocol leaves free text (docs/PROTOCOL.md)
  return refuse(rule, detail, seq === undefined ? {} : { location: { seq } });
}

export function isRecord(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** ENVELOPE_INVALID unless `value` has the event envelope of spec §1.1. */
export function checkEnvelope(value: unknown, index: number): asserts value is SessionEvent {
  if (!isRecord(value)) reject('envelope.object', `event at index ${index} is not a JSON object`);
  const seq = Number.isSafeInteger(value['seq']) ? (value['seq'] as number) : undefined;
  for (const key in value) {
    if (!isEnvelopeKey(key)) reject('envelope.key', `event has the key "${key}"; allowed are ${[...ENVELOPE_KEYS].join(', ')}`, seq);
  }
  if (typeof value['type'] !== 'string' || value['type'] === '') reject('envelope.type', 'event type must be a non-empty string', seq);
  if (seq === undefined || seq < 0) reject('envelope.seq', `event seq must be a non-negative safe integer, got ${JSON.stringify(value['seq'])}`);
  if (!Number.isSafeInteger(value['time'])) reject('envelope.time', `event time must be a safe integer (epoch ms), got ${JSON.stringify(value['time'])}`, seq);
  if (!Object.hasOwn(value, 'data') || value['data'] === undefined) reject('envelope.data', 'event has no data (use {} or null for an empty payload)', seq);
  if ('ignorable' in value && Object.hasOwn(value, 'ignorable') && value['ignorable'] !== true) {
    reject('envelope.ignorable', `ignorable may only be true, got ${JSON.stringify(value['ignorable'])}`, seq);
  }
}

// ENVELOPE_KEYS as a switch: about twice as fast as Set.has for every key of every loaded event.
function isEnvelopeKey(key: string): boolean {
  switch (key) {
    case 'type':
    case 'seq':
    case 'time':
    case 'data':
    case 'sourceEventSeqs':
    case 'surfaceOp':
    case 'ignorable':
      return true;
    // Stryker disable next-line ConditionalExpression: with its statement gone the default case falls out of the switch and returns undefined, as falsy as false to every caller
    default:
      return false;
  }
}

/** Refuses the legacy vocabulary that older harnesses wrote (spec §5.1 items 2–3, §5.3). */
export function checkNotLegacy(event: SessionEvent): void {
  if (event.type === LEGACY_HEADER_DELTA) {
    reject('legacy.header-delta', 'request/header-delta is the unsupported legacy delta format; headers are full request/header snapshots', event.seq);
  }
  if (event.type === LEGACY_MODE_SET) reject('legacy.mode-set', 'mode/set is an unsupported legacy event', event.seq);
  if (event.type === 'request/header' && isRecord(event.data) && event.data['reason'] === 'fallback') {
    reject('legacy.reason-fallback', 'request/header uses the unsupported legacy reason "fallback"', event.seq);
  }
}

/** UNKNOWN_EVENT_TYPE for a type outside the vocabulary (of the log's format) that is not marked ignorable. */
export function checkKnownType(event: SessionEvent, format: LogFormat = V0): void {
  if (format.isKnownType(event.type) || event.ignorable === true) return;
  reject(
    'event.known-type',
    `event type "${event.type}" is unknown to this reader${format.version === 0 ? '' : ` in format v${format.version}`} and not marked ignorable (a writer adding a type readers may skip marks it "ignorable": true)`,
    event.seq,
  );
}

/**
 * The checks of spec §5.2 items 3–4 for the event types they concern, and in a released
 * format (v1+) those its types add (validate-released.ts). `context` answers what the
 * released checks need of earlier events.
 */
export function checkEventPayload(event: SessionEvent, format: LogFormat = V0, context?: ReleasedContext): void {
  checkV0Payload(event, format);
  if (format.version !== 0) checkReleasedPayload(event, format, context);
}

function checkV0Payload(event: SessionEvent, format: LogFormat): void {
  switch (event.type) {
    case 'request/header':
      checkRequestHeader(event, format);
      return;
    case 'user/message':
      checkMessage(event, event.data, 'user');
      return;
    case 'assistant/message':
      checkMessage(event, isRecord(event.data) ? event.data['message'] : undefined, 'assistant');
      return;
    case 'tool/result':
      checkMessage(event, isRecord(event.data) ? event.data['message'] : undefined, 'tool');
      return;
    case 'context/message':
      checkContextMessage(event);
      return;
  }
}

function checkContextMessage(event: SessionEvent): void {
  const data = event.data;
  checkMessage(event, isRecord(data) ? data['message'] : undefined, 'user');
  for (const key in data as Rec) if (key !== 'message' && key !== 'meta') badMessage('message.context-keys', event, `has the key "${key}"; a context/message is {message, meta?}`);
}

function checkRequestHeader(event: SessionEvent, format: LogFormat): void {
  const data = event.data;
  if (!isRecord(data) || !isRecord(data['header'])) return badHeader('header.shape', event, 'data must be {header, reason}');
  if (!(format.series ? SERIES_HEADER_REASONS : HEADER_REASONS).has(data['reason'])) {
    badHeader('header.reason', event, `reason must be "initial", "resume"${format.series ? ', "change" or "series"' : ' or "change"'}, got ${JSON.stringify(data['reason'])}`);
  }
  for (const key in data) {
    if (key === 'header' || key === 'reason') continue;
    // Stryker disable next-line EqualityOperator,StringLiteral: format.series is false in v0, the only format the reference reads, so the key test never decides
    if (key === 'startsSeries' && format.series) {
      // Stryker disable next-line all: reached only in a format v2+ log (series); the reference reads v0 only (test/log/formats.test.ts checks it)
      if (data[key] !== true) refuseFormat('format.starts-series', `request/header has startsSeries ${JSON.stringify(data[key])}; it may only be true`, { location: { seq: event.seq } });
      continue;
    }
    badHeader('header.data-key', event, `has the field "${key}" beside header and reason; this reader does not know it`);
  }
  const header = data['header'];
  if (format.systemMessages) checkHeaderV3(event, header);
  for (const key in header) if (!isHeaderKey(key, format)) badHeader('header.key', event, `has the header field "${key}", which this reader does not know; a request rebuilt without it would differ from the one sent`);
  const config = header['config'];
  if (!isRecord(config)) return badHeader('header.config', event, 'header lacks a config object');
  for (const key in config) if (!isConfigKey(key)) badHeader('header.config-key', event, `has the config field "${key}", which this reader does not know; a request rebuilt without it would differ from the one sent`);
  if (!isNonEmptyString(config['provider'])) badHeader('header.provider', event, 'lacks provider/model (provider must be a non-empty string)');
  if (!isNonEmptyString(config['model'])) badHeader('header.model', event, 'lacks provider/model (model must be a non-empty string)');
  if (config['reasoningEffort'] !== undefined && !isNonEmptyString(config['reasoningEffort'])) badHeader('header.reasoning-effort', event, 'has an invalid reasoningEffort (must be a non-empty string)');
  if (config['temperature'] !== undefined && typeof config['temperature'] !== 'number') badHeader('header.temperature', event, 'has a temperature that is not a number');
  if (config['maxTokens'] !== undefined && !(Number.isSafeInteger(config['maxTokens']) && (config['maxTokens'] as number) > 0)) {
    badHeader('header.max-tokens', event, 'has a maxTokens that is not a positive whole number');
  }
  if (config['stop'] !== undefined && !(Array.isArray(config['stop']) && config['stop'].every((s) => typeof s === 'string'))) badHeader('header.stop', event, 'has a stop that is not a list of strings');
  if (header['system'] !== undefined && typeof header['system'] !== 'string') badHeader('header.system', event, 'has a system that is not a string');
  const tools = header['tools'];
  if (tools !== undefined && !isPlaceholder(tools) && !(Array.isArray(tools) && tools.every(isRecord))) {
    badHeader('header.tools', event, `has tools that are neither a list of tool objects nor a scrubbed placeholder like "{{tools}}" (got ${JSON.stringify(tools).slice(0, 40)})`);
  }
  const prefix = header['messagePrefix'];
  if (prefix !== undefined && !(Array.isArray(prefix) && prefix.every((m) => isPlaceholder(m) || isPrefixMessage(m)))) {
    badHeader('header.message-prefix', event, `has a messagePrefix that is not a list of messages (got ${JSON.stringify(prefix).slice(0, 40)})`);
  }
  const defaults = header['adapterDefaults'];
  if (defaults !== undefined) {
    if (!isRecord(defaults)) return badHeader('header.markers-object', event, 'has invalid adapterDefaults (must be an object)');
    for (const [key, value] of Object.entries(defaults)) {
      if (key !== 'reasoningEffort' && key !== 'maxTokens') badHeader('header.marker-key', event, `has invalid adapterDefaults: unknown marker "${key}"`);
      if (value !== true) badHeader('header.marker-true', event, `has invalid adapterDefaults: marker "${key}" must be true`);
      if (config[key] === undefined) badHeader('header.marker-backed', event, `has invalid adapterDefaults: marker "${key}" has no value in config`);
    }
  }
}

/**
 * A value a snapshot normaliser put where the real one was (`"{{tools}}"`, DSH's test logs):
 * kept and compared as stored, and reported by the audit, since the bytes sent are unknown.
 */
export function isPlaceholder(value: unknown): value is string {
  return typeof value === 'string' && /^\{\{[\w.-]+\}\}$/.test(value);
}

// Stryker disable all: reached only in a format v3+ log (systemMessages); the reference reads v0 only (test/log/formats.test.ts checks it)
/** v3+ (dsh-eras §3): the system prompt is a surface node, and the empty optionals are omitted, not stored. */
function checkHeaderV3(event: SessionEvent, header: Rec): void {
  const at = { location: { seq: event.seq } };
  if (Object.hasOwn(header, 'system')) refuseFormat('format.header-system', 'request/header holds a system prompt; from format v3 the prompt is a system/message on the surface', at);
  if (Array.isArray(header['tools']) && header['tools'].length === 0) refuseFormat('format.header-empty', 'request/header holds empty tools; from format v3 they are omitted', at);
  if (isRecord(header['adapterDefaults']) && Object.keys(header['adapterDefaults']).length === 0) refuseFormat('format.header-empty', 'request/header holds empty adapterDefaults; from format v3 they are omitted', at);
}

// Stryker restore all
function isHeaderKey(key: string, format: LogFormat): boolean {
  switch (key) {
    case 'config':
    case 'adapterDefaults':
    // Stryker disable next-line ConditionalExpression: emptied, the case falls through to system's answer, true in v0 (the only format the reference reads)
    case 'tools':
      return true;
    // Stryker disable next-line ConditionalExpression: emptied, the case falls through to messagePrefix's answer, true in v0 as system's is
    case 'system':
      return !format.systemMessages;
    case 'messagePrefix':
      // The session-prefix era's: DSH's v0→v1 edge deletes it, so only v0 holds one.
      return format.legacyShapes;
    // Stryker disable next-line ConditionalExpression: with its statement gone the default case falls out of the switch and returns undefined, as falsy as false to every caller
    default:
      return false;
  }
}

function isConfigKey(key: string): boolean {
  switch (key) {
    case 'provider':
    case 'model':
    case 'reasoningEffort':
    case 'temperature':
    case 'maxTokens':
    case 'stop':
      return true;
    // Stryker disable next-line ConditionalExpression: with its statement gone the default case falls out of the switch and returns undefined, as falsy as false to every caller
    default:
      return false;
  }
}

function isPrefixMessage(value: unknown): boolean {
  if (!isRecord(value) || !isNonEmptyString(value['id']) || !Array.isArray(value['content'])) return false;
  const role = value['role'];
  const source = value['source'];
  return (role === 'system' || role === 'user' || role === 'assistant') && isRecord(source) && isNonEmptyString(source['kind']);
}

type MessageKind = 'user' | 'assistant' | 'tool';

function checkMessage(event: SessionEvent, message: unknown, kind: MessageKind): void {
  if (!isRecord(message) || !isNonEmptyString(message['id'])) return badMessage('message.id', event, 'lacks an identified message (a message with a non-empty string id)');
  const role = kind === 'assistant' ? 'assistant' : 'user';
  if (message['role'] !== role) badMessage('message.role', event, `message must have role "${role}", got ${JSON.stringify(message['role'])}`);
  const source = message['source'];
  if (!isRecord(source) || !isNonEmptyString(source['kind'])) return badMessage('message.source', event, 'message has an invalid source (source.kind must be a non-empty string)');
  const content = message['content'];
  if (!Array.isArray(content)) return badMessage('message.content', event, 'message has invalid content (content must be an array of blocks)');
  if (kind === 'assistant' && !(source['kind'] === 'model' && isNonEmptyString(source['provider']) && isNonEmptyString(source['model']))) {
    badMessage('message.model-source', event, 'message must have a model source (kind "model" with non-empty provider and model)');
  }
  if (kind === 'tool') {
    if (source['kind'] !== 'tool' || !isNonEmptyString(source['callId'])) badMessage('message.tool-source', event, 'message must have a tool source (kind "tool" with a non-empty callId)');
    const block: unknown = content[0];
    if (content.length !== 1 || !isRecord(block) || block['type'] !== 'tool-result' || !Array.isArray(block['content'])) {
      badMessage('message.tool-result-block', event, 'message must contain exactly one tool-result block with a content array');
    }
    if ((block as Rec)['toolCallId'] !== source['callId']) badMessage('message.tool-call-ids', event, 'message has mismatched tool call ids (block toolCallId differs from source callId)');
  }
}

// Module-level, not closures: these checks run for every message event a log holds.
function badHeader(rule: LogRuleId, event: SessionEvent, what: string): never {
  return reject(rule, `request/header ${what}`, event.seq);
}

function badMessage(rule: LogRuleId, event: SessionEvent, what: string): never {
  return reject(rule, `${event.type} ${what}`, event.seq);
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}
