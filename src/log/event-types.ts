import type { EventOf, EventType, SessionEvent, TypedEvent } from './types.ts';

/**
 * Types whose events carry a `surfaceOp` and become model-visible messages (spec §1.1),
 * with the session-prefix era's `context/message` (dsh-eras §1.1).
 */
export function isSurfaceType(type: string): boolean {
  // A switch, not a Set: checked for every loaded event, whose type string is not interned.
  switch (type) {
    case 'user/message':
    case 'assistant/message':
    case 'tool/result':
    case 'context/message':
      return true;
    // Stryker disable next-line ConditionalExpression: with its statement gone the default case falls out of the switch and returns undefined, as falsy as false to every caller
    default:
      return false;
  }
}

/**
 * Whether `type` is in the vocabulary this reader knows: the 48 names a DSH 0.1.0-rc.8
 * reader knows (its `KNOWN_SESSION_EVENT_TYPES`), and the session-prefix era's
 * `context/message`, `prompt/blocked` and `compact/*` (dsh-eras §1.1), which rc.8 refuses.
 * A type outside it is refused unless the event is marked `ignorable: true` (spec §5.3). A switch, not a Set: checked for every loaded event,
 * and a parsed type string is not interned, so a Set would hash it first.
 */
export function isKnownEventType(type: string): boolean {
  // The types most events carry come first: V8 tests a string switch's cases in order.
  switch (type) {
    case 'assistant/chunk':
    case 'step/start':
    case 'assistant/message':
    case 'step/end':
    case 'user/message':
    case 'turn/start':
    case 'tool/call':
    case 'tool/result':
    case 'turn/end':
    case 'request/context':
    case 'request/header':
    case 'agent-preset/selected':
    case 'agent/inbox/spliced':
    case 'approval/asked':
    case 'approval/decided':
    case 'approval/policy':
    case 'command/done':
    case 'command/run':
    case 'compaction/end':
    case 'compaction/prune':
    case 'compaction/start':
    case 'compaction/summary':
    case 'feedback/record':
    case 'goal/change':
    case 'hook/invoked':
    case 'hook/result':
    case 'llm/retry':
    case 'llm/retry-started':
    case 'permission/preset':
    case 'plan/mode':
    case 'sandbox/mode':
    case 'schedule/change':
    case 'session/end-seed':
    case 'session/title':
    case 'session/title-llm-request':
    case 'subagent/descriptor':
    case 'team/member':
    case 'team/message/delivered':
    case 'team/message/queued':
    case 'team/task':
    case 'todo/write':
    case 'tool-workflow/agent-end':
    case 'tool-workflow/agent-start':
    case 'tool-workflow/run-end':
    case 'tool-workflow/run-start':
    case 'tool/code-dispatch':
    case 'tool/code-dispatch-start':
    case 'web/deepseek-search-llm-request':
    case 'context/message':
    case 'prompt/blocked':
    case 'compact/start':
    case 'compact/summary':
    case 'compact/end':
    case 'compact/prune':
      return true;
    // Stryker disable next-line ConditionalExpression: with its statement gone the default case falls out of the switch and returns undefined, as falsy as false to every caller
    default:
      return false;
  }
}

/** Event types of older logs that are refused, not upgraded (spec §5.3). */
export const LEGACY_HEADER_DELTA = 'request/header-delta';
export const LEGACY_MODE_SET = 'mode/set';

/** Narrows an event to its type's payload (`EventDataMap`): `if (isEvent(e, 'request/header')) e.data.reason`. */
export function isEvent<K extends EventType>(event: SessionEvent, type: K): event is EventOf<K> {
  return event.type === type;
}

/** `isEvent` for `filter` and `find`: `events.filter(eventsOf('tool/result'))`. */
// Stryker disable next-line all: used only by the catalog's mutants (src/conformance/mutants), never by the reference
export function eventsOf<K extends EventType>(type: K): (event: SessionEvent) => event is EventOf<K> {
  // Stryker disable next-line all: used only by the catalog's mutants (src/conformance/mutants), never by the reference
  return (event): event is EventOf<K> => event.type === type;
}

const TYPED: { readonly [K in EventType]: true } = {
  'turn/start': true,
  'turn/end': true,
  'step/start': true,
  'step/end': true,
  'user/message': true,
  'assistant/chunk': true,
  'assistant/message': true,
  'tool/call': true,
  'tool/result': true,
  'request/header': true,
  'request/context': true,
  'session/end-seed': true,
  'agent/inbox/spliced': true,
  'compaction/start': true,
  'compaction/summary': true,
  'compaction/end': true,
  'compaction/prune': true,
  'llm/retry': true,
  'llm/retry-started': true,
  'context/message': true,
  'prompt/blocked': true,
  'compact/start': true,
  'compact/summary': true,
  'compact/end': true,
  'compact/prune': true,
  'assistant/attempt': true,
  'system/message': true,
  'developer/message': true,
  'image/offload': true,
};

/** Whether `EventDataMap` gives the event's type a payload: then `switch (event.type)` narrows `data`. */
export function isTyped(event: SessionEvent): event is TypedEvent {
  return Object.hasOwn(TYPED, event.type);
}
