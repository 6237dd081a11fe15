/**
 * Upgrades of the older v0 shapes that DSH still reads (spec §5.3 item 3): the removed
 * `steering/message`, the `trigger` on `turn/start`, old `turn/end` reasons, and
 * messages persisted before messages had identities — among them the session-prefix
 * era's `context/message` and the prefix messages of its headers (dsh-eras §1.1, §3).
 * Only a complete old shape is upgraded; a current-looking malformed event is left for
 * validation to refuse.
 */
import { deepFreeze, type JsonValue } from './json.ts';
import { refuse, type LogRuleId } from './rules.ts';
import type { SessionEvent } from './types.ts';
import { isNonEmptyString, isRecord } from './validate-event.ts';

type Rec = Record<string, unknown>;

/** The id an upgraded message gets, stable across loads. */
function legacyMessageId(sessionId: string, seq: number): string {
  return `legacy-message:${sessionId}:${seq}`;
}

/**
 * The id of the n-th message of an upgraded session prefix. It names the position, not the
 * header's seq: a resume that recomposed the same prefix logs an equal header.
 */
function legacyPrefixId(sessionId: string, index: number): string {
  return `legacy-prefix:${sessionId}:${index}`;
}

/**
 * Upgrades one loaded event at a time. `eventAt` reads the events upgraded so far, because
 * an old `tool/result` replacement inherits the id of the message it rewrites.
 */
export class LegacyUpgrader {
  readonly #sessionId: string;
  readonly #eventAt: (seq: number) => SessionEvent | undefined;
  /** Events this upgrader changed, by seq. */
  // Stryker disable next-line ArrayDeclaration: read only by the audit (upgradedEvents) and the catalog's log mutants; no answer of the reference reads it
  readonly upgraded: number[] = [];

  constructor(sessionId: string, eventAt: (seq: number) => SessionEvent | undefined) {
    this.#sessionId = sessionId;
    this.#eventAt = eventAt;
  }

  upgrade(event: SessionEvent): SessionEvent {
    // Loading calls this for every event: one switch sends each type that had an older shape
    // to its upgrade, instead of each upgrade testing the type again.
    let next: SessionEvent;
    switch (event.type) {
      case 'turn/start':
        next = this.#upgradeTurnStart(event);
        break;
      case 'turn/end':
        next = this.#upgradeTurnEnd(event);
        break;
      case 'steering/message':
        next = this.#upgradeMessage(this.#upgradeSteering(event));
        break;
      case 'user/message':
      case 'assistant/message':
      case 'tool/result':
      case 'context/message':
        next = this.#upgradeMessage(event);
        break;
      case 'request/header':
        next = this.#upgradePrefix(event);
        break;
      default:
        return event;
    }
    // Stryker disable next-line ConditionalExpression: without it an unchanged event is only listed in `upgraded` (read by the audit alone) and frozen, as load freezes every event anyway
    if (next === event) return event;
    this.upgraded.push(event.seq);
    return deepFreeze(next);
  }

  #malformed(rule: LogRuleId, event: SessionEvent, what: string): never {
    // Stryker disable next-line ObjectLiteral: the location reaches an answer only inside the refusal's message, which the protocol leaves free text (docs/PROTOCOL.md)
    return refuse(rule, `${event.type} in an older shape is malformed: ${what}`, { location: { seq: event.seq } });
  }

  #upgradeTurnStart(event: SessionEvent): SessionEvent {
    if (event.type !== 'turn/start' || !isRecord(event.data) || !Object.hasOwn(event.data, 'trigger')) return event;
    const data = event.data;
    const trigger = data['trigger'];
    if (!isTurnNumber(data['turn']) || !hasOnlyKeys(data, ['turn', 'trigger']) || !isRecord(trigger) || !isNonEmptyString(trigger['kind'])) {
      this.#malformed('legacy-shape.turn-start', event, 'expected {turn, trigger:{kind}}');
    }
    return { ...event, data: { turn: data['turn'] as number } };
  }

  #upgradeTurnEnd(event: SessionEvent): SessionEvent {
    if (event.type !== 'turn/end' || !isRecord(event.data)) return event;
    const data = event.data;
    const reason = data['reason'];
    if (!isTurnNumber(data['turn']) || !hasOnlyKeys(data, ['turn', 'reason']) || !isRecord(reason) || typeof reason['kind'] !== 'string') {
      return this.#malformed('legacy-shape.turn-end', event, 'expected {turn, reason:{kind}}');
    }
    let upgraded: JsonValue;
    switch (reason['kind']) {
      case 'completed':
      case 'blocked':
      case 'max-tokens':
      case 'interrupted':
        this.#kindOnly(event, reason);
        return event;
      case 'aborted':
        if (Object.hasOwn(reason, 'reason')) return event;
        this.#kindOnly(event, reason);
        upgraded = { kind: 'aborted', reason: { kind: 'legacy' } };
        break;
      case 'disposed':
        this.#kindOnly(event, reason);
        upgraded = { kind: 'aborted', reason: { kind: 'disposed' } };
        break;
      case 'error':
        if (Object.hasOwn(reason, 'error')) return event;
        upgraded = { kind: 'error', error: this.#legacyFailure(event, reason) };
        break;
      // Stryker disable next-line ConditionalExpression: with its statement gone the default case falls out of the switch and returns the same event, as `return event` does
      default:
        return event;
    }
    return { ...event, data: { ...(data as { [k: string]: JsonValue }), reason: upgraded } };
  }

  #kindOnly(event: SessionEvent, reason: Rec): void {
    if (!hasOnlyKeys(reason, ['kind'])) this.#malformed('legacy-shape.turn-end-kind-only', event, `reason "${reason['kind'] as string}" carries extra fields`);
  }

  // Old error reasons: {kind, step, failure:{message, code, status?, …}} or {kind, step, message, code?}.
  #legacyFailure(event: SessionEvent, reason: Rec): JsonValue {
    if (!Number.isSafeInteger(reason['step']) || (reason['step'] as number) < 0) this.#malformed('legacy-shape.error-step', event, 'error reason lacks a step');
    const failure = reason['failure'];
    if (isRecord(failure) && hasOnlyKeys(reason, ['kind', 'step', 'failure'])) {
      const ok =
        hasOnlyKeys(failure, ['message', 'code'], ['status', 'providerRetryAfterMs', 'requestId']) &&
        typeof failure['message'] === 'string' &&
        typeof failure['code'] === 'string' &&
        optionalOf(failure['status'], 'number') &&
        optionalOf(failure['providerRetryAfterMs'], 'number') &&
        optionalOf(failure['requestId'], 'string');
      if (ok) return failure as JsonValue;
    }
    const keys = reason['code'] === undefined ? ['kind', 'step', 'message'] : ['kind', 'step', 'message', 'code'];
    if (!hasOnlyKeys(reason, keys) || typeof reason['message'] !== 'string' || !optionalOf(reason['code'], 'string')) {
      this.#malformed('legacy-shape.error-form', event, 'error reason is neither {step, failure} nor {step, message, code?}');
    }
    return { message: reason['message'], code: typeof reason['code'] === 'string' ? reason['code'] : 'UNKNOWN' };
  }

  #upgradeSteering(event: SessionEvent): SessionEvent {
    // Stryker disable next-line ConditionalExpression: upgrade() calls this for a steering/message only
    if (event.type !== 'steering/message') return event;
    const data = event.data;
    if (!isRecord(data) || !isTurnNumber(data['turn'], 0)) return this.#malformed('legacy-shape.steering', event, 'expected {turn, message} or {turn, content, source}');
    if (isRecord(data['message']) && hasOnlyKeys(data, ['turn', 'message'])) {
      return { ...event, type: 'user/message', data: data['message'] as JsonValue };
    }
    if (!hasOnlyKeys(data, ['turn', 'content', 'source'])) this.#malformed('legacy-shape.steering', event, 'expected {turn, message} or {turn, content, source}');
    const { turn: _turn, ...message } = data as { [k: string]: JsonValue };
    return { ...event, type: 'user/message', data: { ...message, id: legacyMessageId(this.#sessionId, event.seq), role: 'user' } };
  }

  #upgradePrefix(event: SessionEvent): SessionEvent {
    const data = event.data;
    if (!isRecord(data) || !isRecord(data['header'])) return event;
    const prefix = data['header']['messagePrefix'];
    if (!Array.isArray(prefix)) return event;
    const upgraded = upgradePrefixMessages(this.#sessionId, prefix);
    if (upgraded === undefined) return event;
    return { ...event, data: { ...(data as { [k: string]: JsonValue }), header: { ...(data['header'] as { [k: string]: JsonValue }), messagePrefix: upgraded } } };
  }

  #upgradeMessage(event: SessionEvent): SessionEvent {
    const data = event.data;
    if (!isRecord(data)) return event;
    switch (event.type) {
      case 'user/message': {
        // The common case, a current-shape message, returns on its first check.
        if (Object.hasOwn(data, 'id') || Object.hasOwn(data, 'role') || Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'source')) return event;
        const id = legacyMessageId(this.#sessionId, event.seq);
        return { ...event, data: { ...(data as { [k: string]: JsonValue }), id, role: 'user' } };
      }
      case 'assistant/message': {
        if (Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'provenance')) return event;
        const id = legacyMessageId(this.#sessionId, event.seq);
        const { content, provenance, ...rest } = data as { [k: string]: JsonValue };
        const source = { ...(isRecord(provenance) ? (provenance as { [k: string]: JsonValue }) : {}), kind: 'model' };
        return { ...event, data: { ...rest, message: { id, role: 'assistant', content: content!, source } } };
      }
      case 'context/message': {
        // {content, source, meta?} → {message, meta?}: meta stays log-only, as the era's fold left it.
        if (Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'source') || !hasOnlyKeys(data, ['content', 'source'], ['meta'])) return event;
        const { content, source, ...rest } = data as { [k: string]: JsonValue };
        const message = { id: legacyMessageId(this.#sessionId, event.seq), role: 'user', content: content!, source: source! };
        return { ...event, data: { message, ...rest } };
      }
      case 'tool/result': {
        if (Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'callId') || !Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'isError')) return event;
        const { callId, content, isError, ...rest } = data as { [k: string]: JsonValue };
        const op = event.surfaceOp;
        // A rewrite keeps the identity of the result it replaces.
        // Stryker disable next-line ConditionalExpression: an append's op has no start, and the event at seq undefined is none, so nothing is inherited either way
        const replaced = typeof op === 'object' ? this.#eventAt(op.start) : undefined;
        const inherited = replaced === undefined ? undefined : messageIdOf(replaced);
        const id = legacyMessageId(this.#sessionId, event.seq);
        const block = { type: 'tool-result', toolCallId: callId!, content: content!, isError: isError! };
        const message = { id: inherited ?? id, role: 'user', content: [block], source: { kind: 'tool', callId: callId! } };
        return { ...event, data: { ...rest, message } };
      }
      // Stryker disable next-line ConditionalExpression: with its statement gone the default case falls out of the switch and returns the same event, as `return event` does
      default:
        return event;
    }
  }
}

/** Gives the pre-identity messages of a header's session prefix their ids; other shapes are left for validation. */
function upgradePrefixMessages(sessionId: string, prefix: readonly unknown[]): JsonValue[] | undefined {
  // Stryker disable next-line BooleanLiteral: a prefix with nothing to upgrade comes back as an equal copy (same keys, same order), which loads to the same event; only `upgraded` (the audit's) differs
  let changed = false;
  const out = prefix.map((message, index) => {
    if (!isRecord(message) || Object.hasOwn(message, 'id') || Object.hasOwn(message, 'source') || !hasOnlyKeys(message, ['role', 'content'], ['provenance'])) return message as JsonValue;
    changed = true;
    const { provenance, ...rest } = message as { [k: string]: JsonValue };
    const source = { ...(isRecord(provenance) ? (provenance as { [k: string]: JsonValue }) : {}), kind: 'session-prefix' };
    return { id: legacyPrefixId(sessionId, index), ...rest, source };
  });
  return changed ? out : undefined;
}

function messageIdOf(event: SessionEvent): string | undefined {
  const data = event.data;
  if (!isRecord(data)) return undefined;
  const message = event.type === 'user/message' ? data : data['message'];
  return isRecord(message) && typeof message['id'] === 'string' ? message['id'] : undefined;
}

// A loop, not every/Object.keys: every current turn/end passes through here on load.
function hasOnlyKeys(record: Rec, required: readonly string[], optional: readonly string[] = NONE): boolean {
  for (let i = 0; i < required.length; i++) if (!Object.hasOwn(record, required[i]!)) return false;
  for (const key in record) if (!required.includes(key) && !optional.includes(key)) return false;
  return true;
}

const NONE: readonly string[] = [];

function isTurnNumber(value: unknown, min = 1): boolean {
  return Number.isSafeInteger(value) && (value as number) >= min;
}

function optionalOf(value: unknown, type: 'string' | 'number'): boolean {
  return value === undefined || typeof value === type;
}
