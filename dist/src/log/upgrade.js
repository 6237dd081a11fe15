/**
 * Upgrades of the older v0 shapes that DSH still reads (spec §5.3 item 3): the removed
 * `steering/message`, the `trigger` on `turn/start`, old `turn/end` reasons, and
 * messages persisted before messages had identities. Only a complete old shape is
 * upgraded; a current-looking malformed event is left for validation to refuse.
 */
import { deepFreeze } from "./json.js";
import { refuse } from "./rules.js";
import { isNonEmptyString, isRecord } from "./validate-event.js";
/** The types that had an older shape. A switch, not a Set: it runs for every loaded event, whose type string is not interned. */
function maybeOld(type) {
    switch (type) {
        case 'turn/start':
        case 'turn/end':
        case 'steering/message':
        case 'user/message':
        case 'assistant/message':
        case 'tool/result':
            return true;
        default:
            return false;
    }
}
/** The id an upgraded message gets, stable across loads. */
function legacyMessageId(sessionId, seq) {
    return `legacy-message:${sessionId}:${seq}`;
}
/**
 * Upgrades one loaded event at a time. `eventAt` reads the events upgraded so far, because
 * an old `tool/result` replacement inherits the id of the message it rewrites.
 */
export class LegacyUpgrader {
    #sessionId;
    #eventAt;
    /** Events this upgrader changed, by seq. */
    upgraded = [];
    constructor(sessionId, eventAt) {
        this.#sessionId = sessionId;
        this.#eventAt = eventAt;
    }
    upgrade(event) {
        // Loading calls this for every event: most types never had an older shape.
        if (!maybeOld(event.type))
            return event;
        const next = this.#upgradeMessage(this.#upgradeSteering(this.#upgradeTurnEnd(this.#upgradeTurnStart(event))));
        if (next === event)
            return event;
        this.upgraded.push(event.seq);
        return deepFreeze(next);
    }
    #malformed(rule, event, what) {
        return refuse(rule, `${event.type} in an older shape is malformed: ${what}`, { location: { seq: event.seq } });
    }
    #upgradeTurnStart(event) {
        if (event.type !== 'turn/start' || !isRecord(event.data) || !Object.hasOwn(event.data, 'trigger'))
            return event;
        const data = event.data;
        const trigger = data['trigger'];
        if (!isTurnNumber(data['turn']) || !hasOnlyKeys(data, ['turn', 'trigger']) || !isRecord(trigger) || !isNonEmptyString(trigger['kind'])) {
            this.#malformed('legacy-shape.turn-start', event, 'expected {turn, trigger:{kind}}');
        }
        return { ...event, data: { turn: data['turn'] } };
    }
    #upgradeTurnEnd(event) {
        if (event.type !== 'turn/end' || !isRecord(event.data))
            return event;
        const data = event.data;
        const reason = data['reason'];
        if (!isTurnNumber(data['turn']) || !hasOnlyKeys(data, ['turn', 'reason']) || !isRecord(reason) || typeof reason['kind'] !== 'string') {
            return this.#malformed('legacy-shape.turn-end', event, 'expected {turn, reason:{kind}}');
        }
        let upgraded;
        switch (reason['kind']) {
            case 'completed':
            case 'blocked':
            case 'max-tokens':
            case 'interrupted':
                this.#kindOnly(event, reason);
                return event;
            case 'aborted':
                if (Object.hasOwn(reason, 'reason'))
                    return event;
                this.#kindOnly(event, reason);
                upgraded = { kind: 'aborted', reason: { kind: 'legacy' } };
                break;
            case 'disposed':
                this.#kindOnly(event, reason);
                upgraded = { kind: 'aborted', reason: { kind: 'disposed' } };
                break;
            case 'error':
                if (Object.hasOwn(reason, 'error'))
                    return event;
                upgraded = { kind: 'error', error: this.#legacyFailure(event, reason) };
                break;
            default:
                return event;
        }
        return { ...event, data: { ...data, reason: upgraded } };
    }
    #kindOnly(event, reason) {
        if (!hasOnlyKeys(reason, ['kind']))
            this.#malformed('legacy-shape.turn-end-kind-only', event, `reason "${reason['kind']}" carries extra fields`);
    }
    // Old error reasons: {kind, step, failure:{message, code, status?, …}} or {kind, step, message, code?}.
    #legacyFailure(event, reason) {
        if (!Number.isSafeInteger(reason['step']) || reason['step'] < 0)
            this.#malformed('legacy-shape.error-step', event, 'error reason lacks a step');
        const failure = reason['failure'];
        if (isRecord(failure) && hasOnlyKeys(reason, ['kind', 'step', 'failure'])) {
            const ok = hasOnlyKeys(failure, ['message', 'code'], ['status', 'providerRetryAfterMs', 'requestId']) &&
                typeof failure['message'] === 'string' &&
                typeof failure['code'] === 'string' &&
                optionalOf(failure['status'], 'number') &&
                optionalOf(failure['providerRetryAfterMs'], 'number') &&
                optionalOf(failure['requestId'], 'string');
            if (ok)
                return failure;
        }
        const keys = reason['code'] === undefined ? ['kind', 'step', 'message'] : ['kind', 'step', 'message', 'code'];
        if (!hasOnlyKeys(reason, keys) || typeof reason['message'] !== 'string' || !optionalOf(reason['code'], 'string')) {
            this.#malformed('legacy-shape.error-form', event, 'error reason is neither {step, failure} nor {step, message, code?}');
        }
        return { message: reason['message'], code: typeof reason['code'] === 'string' ? reason['code'] : 'UNKNOWN' };
    }
    #upgradeSteering(event) {
        if (event.type !== 'steering/message')
            return event;
        const data = event.data;
        if (!isRecord(data) || !isTurnNumber(data['turn'], 0))
            return this.#malformed('legacy-shape.steering', event, 'expected {turn, message} or {turn, content, source}');
        if (isRecord(data['message']) && hasOnlyKeys(data, ['turn', 'message'])) {
            return { ...event, type: 'user/message', data: data['message'] };
        }
        if (!hasOnlyKeys(data, ['turn', 'content', 'source']))
            this.#malformed('legacy-shape.steering', event, 'expected {turn, message} or {turn, content, source}');
        const { turn: _turn, ...message } = data;
        return { ...event, type: 'user/message', data: { ...message, id: legacyMessageId(this.#sessionId, event.seq), role: 'user' } };
    }
    #upgradeMessage(event) {
        const data = event.data;
        if (!isRecord(data))
            return event;
        switch (event.type) {
            case 'user/message': {
                // The common case, a current-shape message, returns on its first check.
                if (Object.hasOwn(data, 'id') || Object.hasOwn(data, 'role') || Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'source'))
                    return event;
                const id = legacyMessageId(this.#sessionId, event.seq);
                return { ...event, data: { ...data, id, role: 'user' } };
            }
            case 'assistant/message': {
                if (Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'provenance'))
                    return event;
                const id = legacyMessageId(this.#sessionId, event.seq);
                const { content, provenance, ...rest } = data;
                const source = { ...(isRecord(provenance) ? provenance : {}), kind: 'model' };
                return { ...event, data: { ...rest, message: { id, role: 'assistant', content: content, source } } };
            }
            case 'tool/result': {
                if (Object.hasOwn(data, 'message') || !Object.hasOwn(data, 'callId') || !Object.hasOwn(data, 'content') || !Object.hasOwn(data, 'isError'))
                    return event;
                const { callId, content, isError, ...rest } = data;
                const op = event.surfaceOp;
                // A rewrite keeps the identity of the result it replaces.
                const replaced = typeof op === 'object' ? this.#eventAt(op.start) : undefined;
                const inherited = replaced === undefined ? undefined : messageIdOf(replaced);
                const id = legacyMessageId(this.#sessionId, event.seq);
                const block = { type: 'tool-result', toolCallId: callId, content: content, isError: isError };
                const message = { id: inherited ?? id, role: 'user', content: [block], source: { kind: 'tool', callId: callId } };
                return { ...event, data: { ...rest, message } };
            }
            default:
                return event;
        }
    }
}
function messageIdOf(event) {
    const data = event.data;
    if (!isRecord(data))
        return undefined;
    const message = event.type === 'user/message' ? data : data['message'];
    return isRecord(message) && typeof message['id'] === 'string' ? message['id'] : undefined;
}
function hasOnlyKeys(record, required, optional = []) {
    return required.every((key) => Object.hasOwn(record, key)) && Object.keys(record).every((key) => required.includes(key) || optional.includes(key));
}
function isTurnNumber(value, min = 1) {
    return Number.isSafeInteger(value) && value >= min;
}
function optionalOf(value, type) {
    return value === undefined || typeof value === type;
}
