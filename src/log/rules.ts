/**
 * Every rule a reader or writer of the log refuses by, with its code: the one table the
 * validators refuse through (`refuse(rule, …)`). A refusal names its rule, so the suite can
 * hold each rule to a fault class that breaks it (test/properties/rule-enumeration.test.ts).
 *
 * `reach` says how the rule can be broken from outside: `text` only by a stored JSONL file,
 * `event` by one event (stored or appended), `memory` only by an in-process value JSON text
 * cannot hold, `seed` only by seeding a log with events in memory.
 */
import { ReconError, type ErrorLocation, type LogErrorCode } from '../errors.ts';

export type RuleReach = 'text' | 'event' | 'memory' | 'seed';

interface Rule {
  readonly code: LogErrorCode;
  readonly reach: RuleReach;
  readonly rule: string;
}

const rule = (code: LogErrorCode, reach: RuleReach, text: string): Rule => ({ code, reach, rule: text });

export const LOG_RULES = {
  // The session header line (spec §1.5–1.6, §5.3 item 1).
  'session.present': rule('SESSION_HEADER_INVALID', 'text', 'the file is not empty: line 1 is the session header'),
  'session.bom': rule('SESSION_HEADER_INVALID', 'text', 'line 1 does not start with a byte order mark'),
  'session.json': rule('SESSION_HEADER_INVALID', 'text', 'the header line is valid JSON'),
  'session.object': rule('SESSION_HEADER_INVALID', 'text', 'the header line is a JSON object'),
  'session.tag': rule('SESSION_HEADER_INVALID', 'text', 'the header line is tagged "type":"session"'),
  'session.version-integer': rule('SESSION_HEADER_INVALID', 'text', 'the format version is an integer'),
  'session.version-newer': rule('FORMAT_VERSION', 'text', 'the format version is not newer than 0'),
  'session.version-older': rule('FORMAT_VERSION', 'text', 'the format version is not older than 0'),
  'session.id': rule('SESSION_HEADER_INVALID', 'text', 'id is a non-empty string'),
  'session.createdAt': rule('SESSION_HEADER_INVALID', 'text', 'createdAt is a non-negative safe integer'),
  'session.seedLength': rule('SESSION_HEADER_INVALID', 'text', 'seedLength, if present, is a non-negative safe integer'),
  'session.delegationDepth': rule('SESSION_HEADER_INVALID', 'text', 'delegationDepth, if present, is a non-negative safe integer'),
  'session.cwd': rule('SESSION_HEADER_INVALID', 'text', 'cwd, if present, is an absolute path'),
  'session.parentSession': rule('SESSION_HEADER_INVALID', 'text', 'parentSession, if present, is a string'),
  'session.agentPreset': rule('SESSION_HEADER_INVALID', 'text', 'agentPreset, if present, is a string'),
  'session.origin': rule('SESSION_HEADER_INVALID', 'text', 'origin, if present, is "subagent"'),

  // Damage to stored lines (spec §5.3 item 2).
  'torn.unparsable-committed': rule('TORN_COMMITTED', 'text', 'an unparsable line is not followed by a turn/end'),
  'torn.seq-gap-committed': rule('TORN_COMMITTED', 'text', 'a seq gap is not followed by a turn/end'),

  // Packed chunk rows (storage form of delta runs).
  'chunk-row.envelope': rule('CHUNK_ROW_INVALID', 'text', 'a row is exactly {type, seq0, time0, data}'),
  'chunk-row.seq0': rule('CHUNK_ROW_INVALID', 'text', 'seq0 is a non-negative safe integer'),
  'chunk-row.time0': rule('CHUNK_ROW_INVALID', 'text', 'time0 is a safe integer'),
  'chunk-row.data-object': rule('CHUNK_ROW_INVALID', 'text', 'data is an object'),
  'chunk-row.data-keys': rule('CHUNK_ROW_INVALID', 'text', 'data has exactly the keys of its row type'),
  'chunk-row.numbers': rule('CHUNK_ROW_INVALID', 'text', 'turn, step and index are numbers'),
  'chunk-row.tool-strings': rule('CHUNK_ROW_INVALID', 'text', 'a tool-call row has a string id and, if present, a string name'),
  'chunk-row.members': rule('CHUNK_ROW_INVALID', 'text', 'the members are a non-empty list of strings'),
  'chunk-row.dt': rule('CHUNK_ROW_INVALID', 'text', 'dt is a list of safe integers'),
  'chunk-row.dt-arity': rule('CHUNK_ROW_INVALID', 'text', 'dt has one gap fewer than there are members'),
  'chunk-row.seq-range': rule('CHUNK_ROW_INVALID', 'text', 'the member seqs stay safe integers'),
  'chunk-row.time-range': rule('CHUNK_ROW_INVALID', 'text', 'the member times stay safe integers'),

  // The event envelope (spec §1.1).
  'envelope.object': rule('ENVELOPE_INVALID', 'text', 'an event is a JSON object'),
  'envelope.key': rule('ENVELOPE_INVALID', 'text', 'an event has only the keys type, seq, time, data, sourceEventSeqs, surfaceOp, ignorable'),
  'envelope.type': rule('ENVELOPE_INVALID', 'event', 'type is a non-empty string'),
  'envelope.seq': rule('ENVELOPE_INVALID', 'text', 'seq is a non-negative safe integer'),
  'envelope.time': rule('ENVELOPE_INVALID', 'text', 'time is a safe integer'),
  'envelope.data': rule('ENVELOPE_INVALID', 'text', 'data is present'),
  'envelope.ignorable': rule('ENVELOPE_INVALID', 'event', 'ignorable, if present, is true'),
  'seq.contiguous': rule('SEQ_NOT_CONTIGUOUS', 'seed', 'an event seq equals its index'),

  // Lossless JSON (spec §1.4). Stored text can only hold -0 and overflowing numbers; the rest needs an in-process value.
  'json.negative-zero': rule('NOT_LOSSLESS_JSON', 'text', 'no number is -0'),
  'json.non-finite': rule('NOT_LOSSLESS_JSON', 'text', 'every number is finite'),
  'json.undefined': rule('NOT_LOSSLESS_JSON', 'memory', 'no value is undefined'),
  'json.type': rule('NOT_LOSSLESS_JSON', 'memory', 'no value is a bigint, function or symbol'),
  'json.cycle': rule('NOT_LOSSLESS_JSON', 'memory', 'no object contains itself'),
  'json.array-subclass': rule('NOT_LOSSLESS_JSON', 'memory', 'arrays are plain arrays'),
  'json.sparse-array': rule('NOT_LOSSLESS_JSON', 'memory', 'arrays are dense and carry no extra properties'),
  'json.plain-object': rule('NOT_LOSSLESS_JSON', 'memory', 'objects are plain (null or Object prototype)'),
  'json.symbol-key': rule('NOT_LOSSLESS_JSON', 'memory', 'no object has a symbol key'),
  'json.enumerable-key': rule('NOT_LOSSLESS_JSON', 'memory', 'every key of an object is enumerable'),

  // Legacy vocabulary, refused not upgraded (spec §5.1 items 2–3, §5.3 item 3).
  'legacy.header-delta': rule('LEGACY_HEADER_DELTA', 'event', 'no event is a request/header-delta'),
  'legacy.mode-set': rule('LEGACY_MODE_SET', 'event', 'no event is a mode/set'),
  'legacy.reason-fallback': rule('LEGACY_HEADER_REASON', 'event', 'no request/header has the reason "fallback"'),

  // Older shapes the loader upgrades: only a complete old shape is upgraded (spec §5.3 item 3).
  'legacy-shape.turn-start': rule('LEGACY_SHAPE_INVALID', 'event', 'a turn/start with a trigger is exactly {turn ≥ 1, trigger:{kind}}'),
  'legacy-shape.turn-end': rule('LEGACY_SHAPE_INVALID', 'event', 'a turn/end is exactly {turn ≥ 1, reason:{kind}}'),
  'legacy-shape.turn-end-kind-only': rule('LEGACY_SHAPE_INVALID', 'event', 'a completed, blocked, max-tokens, interrupted, disposed or old aborted reason carries only its kind'),
  'legacy-shape.error-step': rule('LEGACY_SHAPE_INVALID', 'event', 'an old error reason has a step'),
  'legacy-shape.error-form': rule('LEGACY_SHAPE_INVALID', 'event', 'an old error reason is {step, failure} or {step, message, code?}'),
  'legacy-shape.steering': rule('LEGACY_SHAPE_INVALID', 'event', 'a steering/message is {turn, message} or {turn, content, source}'),

  // The vocabulary (spec §1.6, §5.3 item 3).
  'event.known-type': rule('UNKNOWN_EVENT_TYPE', 'event', 'a type outside the vocabulary is marked ignorable'),

  // request/header snapshots (spec §2.2, §5.2 item 3).
  'header.shape': rule('REQUEST_HEADER_INVALID', 'event', 'data is {header, reason} with an object header'),
  'header.reason': rule('REQUEST_HEADER_INVALID', 'event', 'reason is "initial", "resume" or "change"'),
  'header.config': rule('REQUEST_HEADER_INVALID', 'event', 'the header has a config object'),
  'header.data-key': rule('HEADER_FIELD_UNKNOWN', 'event', 'data has only the keys header and reason'),
  'header.key': rule('HEADER_FIELD_UNKNOWN', 'event', 'the header has only the fields config, adapterDefaults, system, tools and messagePrefix'),
  'header.config-key': rule('HEADER_FIELD_UNKNOWN', 'event', 'config has only the fields provider, model, reasoningEffort, temperature, maxTokens and stop'),
  'header.system': rule('REQUEST_HEADER_INVALID', 'event', 'system, if present, is a string'),
  'header.tools': rule('REQUEST_HEADER_INVALID', 'event', 'tools, if present, is a list of objects or a scrubbed placeholder'),
  'header.message-prefix': rule('REQUEST_HEADER_INVALID', 'event', 'messagePrefix, if present, is a list of messages (each with an id, a role, a content array and a source) or scrubbed placeholders'),
  'header.provider': rule('REQUEST_HEADER_INVALID', 'event', 'config.provider is a non-empty string'),
  'header.model': rule('REQUEST_HEADER_INVALID', 'event', 'config.model is a non-empty string'),
  'header.reasoning-effort': rule('REQUEST_HEADER_INVALID', 'event', 'config.reasoningEffort, if present, is a non-empty string'),
  'header.temperature': rule('REQUEST_HEADER_INVALID', 'event', 'config.temperature, if present, is a number'),
  'header.max-tokens': rule('REQUEST_HEADER_INVALID', 'event', 'config.maxTokens, if present, is a positive safe integer'),
  'header.stop': rule('REQUEST_HEADER_INVALID', 'event', 'config.stop, if present, is a list of strings'),
  'header.markers-object': rule('REQUEST_HEADER_INVALID', 'event', 'adapterDefaults, if present, is an object'),
  'header.marker-key': rule('REQUEST_HEADER_INVALID', 'event', 'adapterDefaults has only the markers reasoningEffort and maxTokens'),
  'header.marker-true': rule('REQUEST_HEADER_INVALID', 'event', 'every adapterDefaults marker is true'),
  'header.marker-backed': rule('REQUEST_HEADER_INVALID', 'event', 'every adapterDefaults marker has its value in config'),

  // Message shapes (spec §2.1, §5.2 item 4).
  'message.id': rule('MESSAGE_SHAPE', 'event', 'a message event holds a message with a non-empty string id'),
  'message.role': rule('MESSAGE_SHAPE', 'event', 'the message role fits the event type'),
  'message.source': rule('MESSAGE_SHAPE', 'event', 'source.kind is a non-empty string'),
  'message.content': rule('MESSAGE_SHAPE', 'event', 'content is an array'),
  'message.model-source': rule('MESSAGE_SHAPE', 'event', 'an assistant message has a model source with provider and model'),
  'message.tool-source': rule('MESSAGE_SHAPE', 'event', 'a tool result has a tool source with a callId'),
  'message.tool-result-block': rule('MESSAGE_SHAPE', 'event', 'a tool result holds exactly one tool-result block with a content array'),
  'message.context-keys': rule('MESSAGE_SHAPE', 'event', 'a context/message is {message, meta?}'),
  'message.tool-call-ids': rule('MESSAGE_SHAPE', 'event', 'the block toolCallId equals the source callId'),

  // Surface metadata (spec §2.4, §5.1 item 6).
  'surface.op-on-log-only': rule('SURFACE_INVALID', 'event', 'a log-only event carries no surfaceOp'),
  'surface.sources-on-log-only': rule('SURFACE_INVALID', 'event', 'a log-only event carries no sourceEventSeqs'),
  'surface.op-missing': rule('SURFACE_INVALID', 'event', 'a surface event carries a surfaceOp'),
  'surface.op-value': rule('SURFACE_INVALID', 'event', 'surfaceOp is "append" or an object'),
  'surface.sources-array': rule('SURFACE_INVALID', 'event', 'sourceEventSeqs, if present, is an array'),
  'surface.sources-empty': rule('SURFACE_INVALID', 'event', 'sourceEventSeqs is empty only on assistant/message'),
  'surface.sources-integers': rule('SURFACE_INVALID', 'event', 'sourceEventSeqs are non-negative safe integers'),
  'surface.sources-earlier': rule('SURFACE_INVALID', 'event', 'sourceEventSeqs are earlier than the event'),
  'surface.sources-distinct': rule('SURFACE_INVALID', 'event', 'sourceEventSeqs hold no duplicate'),
  'surface.replace-shape': rule('SURFACE_INVALID', 'event', 'a replace is exactly {op:"replace", start, end} with seqs'),
  'surface.replace-start': rule('SURFACE_INVALID', 'event', 'the replace start is a current surface node'),
  'surface.replace-end': rule('SURFACE_INVALID', 'event', 'the replace end is a current surface node'),
  'surface.replace-order': rule('SURFACE_INVALID', 'event', 'the replace start is not after its end in surface order'),
  'surface.replace-coverage': rule('SURFACE_INVALID', 'event', 'sourceEventSeqs include every shadowed node'),
  'surface.rewrite-one': rule('SURFACE_INVALID', 'event', 'a tool/result replace shadows exactly one node'),
  'surface.rewrite-target': rule('SURFACE_INVALID', 'event', 'a tool/result replace shadows a tool/result'),
  'surface.rewrite-content-only': rule('SURFACE_INVALID', 'event', 'a tool/result replace changes only the result content'),
} as const satisfies Record<string, Rule>;

export type LogRuleId = keyof typeof LOG_RULES;

/**
 * The rules a fork refuses by (spec §7.5): not rules of a log, which every reader holds, but
 * of the fork operation; property LOG-FORK has a case for each.
 */
export const FORK_RULES = {
  'fork.boundary': rule('INVALID_BOUNDARY', 'event', 'the boundary is an event count of the parent, 0 to its length'),
  'fork.open-turn': rule('OPEN_TURN', 'event', 'no turn the parent started before the boundary is still open at it'),
  'fork.child-id': rule('SESSION_ALREADY_EXISTS', 'event', 'the child id is neither the parent’s nor that of another existing session'),
} as const satisfies Record<string, Rule>;

export type ForkRuleId = keyof typeof FORK_RULES;

/**
 * The rules of the released formats v1–v4 (dsh-eras §1.3, §2, §3, §6.4, §7.2), which only a
 * reader opened for them applies (`recon audit`; the protocol's reader refuses those versions
 * with FORMAT_VERSION). test/log/formats.test.ts has a fault class for each, in generated logs.
 */
export const FORMAT_RULES = {
  'format.version-unread': rule('FORMAT_VERSION', 'text', 'the format version is one of 0 to 4'),
  'format.header-keys': rule('SESSION_HEADER_INVALID', 'text', 'a v2+ header has exactly type, version, id, createdAt, isSeeded and delegationDepth, and optionally cwd, parentSession, origin and agentPreset'),
  'format.header-seeded': rule('SESSION_HEADER_INVALID', 'text', 'isSeeded is a boolean'),
  'format.inherited-cut': rule('SESSION_HEADER_INVALID', 'text', 'a seeded v2+ log marks its inherited cut with a session/end-seed {inherited: true}, an unseeded one holds none'),
  'format.packed-row': rule('CHUNK_ROW_INVALID', 'text', 'a v2+ log holds no packed chunk rows: its streams are embedded in their messages'),
  'format.projected-envelope': rule('ENVELOPE_INVALID', 'text', 'in a log whose first event has neither seq nor time (DSH\'s snapshot projection), no event has either'),
  'format.source-ranges': rule('SURFACE_INVALID', 'text', 'sourceEventSeqs hold seqs and [start, end] ranges of earlier seqs, ascending when a range is among them'),
  'format.end-seed': rule('EVENT_DATA_INVALID', 'event', 'a v2+ session/end-seed is {} or {inherited: true}'),
  'format.stream': rule('EVENT_DATA_INVALID', 'event', 'a v2+ assistant/message or assistant/attempt embeds its stream: a list of records, each with a string type'),
  'format.attempt': rule('EVENT_DATA_INVALID', 'event', 'an assistant/attempt is exactly {turn, step, stream}'),
  'format.assistant-sources': rule('SURFACE_INVALID', 'event', 'a v2+ assistant/message carries no sourceEventSeqs'),
  'format.replace-spelling': rule('SURFACE_INVALID', 'event', 'a v3+ replace is exactly {op:"replace", startSeq, endSeq}'),
  'format.system-head': rule('SURFACE_INVALID', 'event', 'while surface node 0 is a system/message, a replace over it is a system/message over exactly that node'),
  'format.header-system': rule('REQUEST_HEADER_INVALID', 'event', 'a v3+ request/header has no system: the prompt is a system/message'),
  'format.header-empty': rule('REQUEST_HEADER_INVALID', 'event', 'a v3+ request/header omits empty tools and empty adapterDefaults'),
  'format.starts-series': rule('REQUEST_HEADER_INVALID', 'event', 'startsSeries, if present, is true'),
  'format.system-message': rule('MESSAGE_SHAPE', 'event', 'a system/message is {turn, step, message} with an identified system-role message whose source is the system prompt\'s (v3: a plugin; v4: kind system-prompt)'),
  'format.tool-error': rule('MESSAGE_SHAPE', 'event', 'a v3+ tool/result with error data is marked isError: true'),
  'format.tool-message': rule('MESSAGE_SHAPE', 'event', 'a v4 tool/result holds a tool-role message {id, toolCallId equal to source.callId, content, isError?} without a tool-result block'),
  'format.plugin-source': rule('MESSAGE_SHAPE', 'event', 'a v4 message source has a kind other than "plugin"'),
  'format.developer-message': rule('MESSAGE_SHAPE', 'event', 'a developer/message is {turn, step, message, headerSeq?} with an identified developer-role message whose tool-addition and tool-removal blocks name a tool'),
  'format.developer-binding': rule('EVENT_DATA_INVALID', 'event', 'a developer/message with additions has a headerSeq naming an earlier request/header that defines each added tool exactly once, with a description and parameters; one without has no headerSeq'),
  'format.offload-shape': rule('EVENT_DATA_INVALID', 'event', 'an image/offload is exactly {targets}, a non-empty list of {seq, imageIndexes} with distinct seqs and non-empty, strictly increasing indexes'),
  'format.offload-target': rule('EVENT_DATA_INVALID', 'event', 'an image/offload target is a current user/message or tool/result node, and each index names one of its images not yet offloaded'),
} as const satisfies Record<string, Rule>;

export type FormatRuleId = keyof typeof FORMAT_RULES;

/** The coded refusal of released-format rule `id`. */
// Stryker disable next-line all: the released formats' refusals, raised only when a log declares v1–v4; the reference reads v0 only
export function formatRefusal(id: FormatRuleId, detail: string, options: { location?: ErrorLocation; hint?: string } = {}): ReconError {
  // Stryker disable next-line all: as above
  return new ReconError(FORMAT_RULES[id].code, detail, { ...options, rule: id });
}

/** Throws the coded refusal of released-format rule `id`. */
// Stryker disable next-line all: as formatRefusal
export function refuseFormat(id: FormatRuleId, detail: string, options: { location?: ErrorLocation; hint?: string } = {}): never {
  throw formatRefusal(id, detail, options);
}

/** Throws the coded refusal of fork rule `id`. */
export function refuseFork(id: ForkRuleId, detail: string, options: { location?: ErrorLocation; hint?: string } = {}): never {
  // Stryker disable next-line ObjectLiteral: the options (location, hint) and the rule id reach an answer only in the refusal's message, free text in the protocol; the code is the argument before
  throw new ReconError(FORK_RULES[id].code, detail, { ...options, rule: id });
}

/** The coded refusal of rule `id`. */
export function refusal(id: LogRuleId, detail: string, options: { location?: ErrorLocation; hint?: string } = {}): ReconError {
  // Stryker disable next-line ObjectLiteral: as in refuseFork
  return new ReconError(LOG_RULES[id].code, detail, { ...options, rule: id });
}

/** Throws the coded refusal of rule `id`. */
export function refuse(id: LogRuleId, detail: string, options: { location?: ErrorLocation; hint?: string } = {}): never {
  throw refusal(id, detail, options);
}
