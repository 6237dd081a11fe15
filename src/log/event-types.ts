/** Types whose events carry a `surfaceOp` and become model-visible messages (spec §1.1). */
export function isSurfaceType(type: string): boolean {
  // A switch, not a Set: checked for every loaded event, whose type string is not interned.
  switch (type) {
    case 'user/message':
    case 'assistant/message':
    case 'tool/result':
      return true;
    default:
      return false;
  }
}

/**
 * Whether `type` is in the vocabulary a DSH 0.1.0-rc.8 reader knows (its
 * `KNOWN_SESSION_EVENT_TYPES`, 48 names). A type outside it is refused unless the event is
 * marked `ignorable: true` (spec §5.3). A switch, not a Set: checked for every loaded event,
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
      return true;
    default:
      return false;
  }
}

/** Event types of older logs that are refused, not upgraded (spec §5.3). */
export const LEGACY_HEADER_DELTA = 'request/header-delta';
export const LEGACY_MODE_SET = 'mode/set';
