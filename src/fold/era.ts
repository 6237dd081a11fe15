/**
 * The two published designs of the rule (dsh-eras §0). In the session-prefix era a loop
 * instance composes request-only messages once and records them in its header
 * (`messagePrefix`); a request is that prefix, then the messages derived from the events
 * before its `step/start` (§4.1). In the current era there is no prefix, and a request
 * derives from the whole log up to its dispatch, the step's entered batch included (§4.2).
 */
import { isRecord, type SessionEvent } from '../log/index.ts';

export const ERAS = ['current', 'session-prefix'] as const;
export type Era = (typeof ERAS)[number];

/**
 * Whether `event` shows its log was written in the session-prefix era: a header that names
 * a session prefix (empty included), or a type only that era wrote (`context/message` and
 * `prompt/blocked` went with the prefix, dsh-eras §1.2; `compact/*` lived on into the current
 * era until its rename, so it shows nothing). A log without any such event reads the same
 * under both boundaries, since that era appended nothing to the surface between
 * `step/start` and dispatch.
 */
export function isSessionPrefixEvidence(event: SessionEvent): boolean {
  switch (event.type) {
    case 'context/message':
    case 'prompt/blocked':
      return true;
    case 'request/header': {
      const data = event.data;
      return isRecord(data) && isRecord(data['header']) && Object.hasOwn(data['header'], 'messagePrefix');
    }
    default:
      return false;
  }
}

/** The era a log was written in, by its evidence (`current` when it has none). */
export function eraOf(events: readonly SessionEvent[]): Era {
  return events.some(isSessionPrefixEvidence) ? 'session-prefix' : 'current';
}
