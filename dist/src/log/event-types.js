/** Types whose events carry a `surfaceOp` and become model-visible messages (spec §1.1). */
export function isSurfaceType(type) {
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
 * The vocabulary a DSH 0.1.0-rc.8 reader knows (its `KNOWN_SESSION_EVENT_TYPES`, 48 names).
 * A type outside it is refused unless the event is marked `ignorable: true` (spec §5.3).
 */
export const KNOWN_EVENT_TYPES = new Set([
    'agent-preset/selected',
    'agent/inbox/spliced',
    'approval/asked',
    'approval/decided',
    'approval/policy',
    'assistant/chunk',
    'assistant/message',
    'command/done',
    'command/run',
    'compaction/end',
    'compaction/prune',
    'compaction/start',
    'compaction/summary',
    'feedback/record',
    'goal/change',
    'hook/invoked',
    'hook/result',
    'llm/retry',
    'llm/retry-started',
    'permission/preset',
    'plan/mode',
    'request/context',
    'request/header',
    'sandbox/mode',
    'schedule/change',
    'session/end-seed',
    'session/title',
    'session/title-llm-request',
    'step/end',
    'step/start',
    'subagent/descriptor',
    'team/member',
    'team/message/delivered',
    'team/message/queued',
    'team/task',
    'todo/write',
    'tool-workflow/agent-end',
    'tool-workflow/agent-start',
    'tool-workflow/run-end',
    'tool-workflow/run-start',
    'tool/call',
    'tool/code-dispatch',
    'tool/code-dispatch-start',
    'tool/result',
    'turn/end',
    'turn/start',
    'user/message',
    'web/deepseek-search-llm-request',
]);
/** Event types of older logs that are refused, not upgraded (spec §5.3). */
export const LEGACY_HEADER_DELTA = 'request/header-delta';
export const LEGACY_MODE_SET = 'mode/set';
