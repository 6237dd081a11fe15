/**
 * The format versions of a DSH session log (dsh-eras §1.3, §7.2–7.3) and what each one
 * changes for a reader. v0 is what every release up to 0.1.2-rc.1 wrote and what the
 * conformance protocol speaks; v1 exists only as a stage of DSH's migration chain; v2, v3
 * and v4 are the released formats of the E3 era. A format here is a set of facts the
 * validators, the surface and the upgrade into the neutral form read; the neutral form
 * is the v0 vocabulary, extended where a later format holds what v0 cannot say.
 */
import { isKnownEventType, isSurfaceType } from './event-types.ts';

export const FORMAT_VERSIONS = [0, 1, 2, 3, 4] as const;
export type FormatVersion = (typeof FORMAT_VERSIONS)[number];

/** What a reader reads unless told otherwise: v0 only, as DSH rc.8 does and the protocol's `log/load` must. */
export const PROTOCOL_VERSIONS: readonly FormatVersion[] = [0];

/** Every format version a DSH release wrote or migrated through; `recon audit` reads them all. */
export const RELEASED_VERSIONS: readonly FormatVersion[] = FORMAT_VERSIONS;

export interface LogFormat {
  readonly version: FormatVersion;
  /** v0 and v1 store `seedLength` in the header; from v2 `isSeeded`, and the cut is a tagged `session/end-seed` (§1.3). */
  readonly seededHeader: boolean;
  /** v0 and v1 store runs of `assistant/chunk` as packed rows; from v2 the stream is embedded in its message. */
  readonly packedRows: boolean;
  /** Only v0 holds the older shapes (and the session-prefix era's vocabulary) that the legacy upgrade reads. */
  readonly legacyShapes: boolean;
  /** From v2: `assistant/message.stream`, `assistant/attempt`, no `sourceEventSeqs` on an assistant message. */
  readonly embeddedStreams: boolean;
  /** From v2: the `series` header reason and `startsSeries` (in the 0.1.3-alpha.1 note, §1.3). */
  readonly series: boolean;
  /** From v3: the system prompt is a `system/message` surface node, never a header field; replaces are spelled `startSeq/endSeq`. */
  readonly systemMessages: boolean;
  /** From v4: tool results are role `tool` messages, `developer/message` exists, sources carry no `plugin` kind. */
  readonly toolRole: boolean;
  isKnownType(type: string): boolean;
  isSurfaceType(type: string): boolean;
}

// The released v0 inventory DSH's migration chain froze (its v0→v1 dispositions): rc.8's 48
// types and three a later 0.1.2 release added. v1 is v0 after that edge, so it holds none of
// the session-prefix era's types, which the edge refuses.
const V1_TYPES: readonly string[] = [
  'agent-preset/selected', 'agent/inbox/spliced', 'approval/asked', 'approval/decided', 'approval/policy',
  'assistant/chunk', 'assistant/message', 'command/done', 'command/run', 'compaction/end', 'compaction/prune',
  'compaction/start', 'compaction/summary', 'feedback/record', 'goal/change', 'hook/invoked', 'hook/result',
  'llm/retry', 'llm/retry-started', 'model/selection', 'permission/preset', 'plan/mode', 'request/context',
  'request/header', 'sandbox/mode', 'schedule/change', 'session-log-deepseek/delivery-accepted', 'session/end-seed',
  'session/title', 'session/title-llm-request', 'step/end', 'step/start', 'subagent/descriptor',
  'subagent/model-selection-policy', 'team/member', 'team/message/delivered', 'team/message/queued', 'team/task',
  'todo/write', 'tool-workflow/agent-end', 'tool-workflow/agent-start', 'tool-workflow/run-end',
  'tool-workflow/run-start', 'tool/call', 'tool/code-dispatch', 'tool/code-dispatch-start', 'tool/result',
  'turn/end', 'turn/start', 'user/message', 'web/deepseek-search-llm-request',
];
// v2 (released v2 inventory): the chunks are gone into the messages, attempts are logged, feedback can be edited.
const V2_TYPES = edit(V1_TYPES, ['assistant/chunk'], ['assistant/attempt', 'feedback/message-put', 'feedback/message-delete']);
// v3 (a v3 writer's KNOWN_SESSION_EVENT_TYPES, same-version additions included): PTC renamed, the system prompt a node.
const V3_TYPES = edit(V2_TYPES, ['tool/code-dispatch', 'tool/code-dispatch-start'], [
  'tool/ptc-dispatch', 'tool/ptc-dispatch-start', 'system/message', 'image/offload', 'subagent/catalog', 'deliverables/presented',
]);
// v4 (a v4 writer's list): developer messages and workspace changes. Names one fork ships alone are left out.
const V4_TYPES = edit(V3_TYPES, [], ['developer/message', 'workspace/changes']);

function edit(base: readonly string[], removed: readonly string[], added: readonly string[]): readonly string[] {
  return [...base.filter((type) => !removed.includes(type)), ...added];
}

const surface = (...types: string[]) => {
  const set: ReadonlySet<string> = new Set(types);
  return (type: string) => set.has(type);
};
const vocabulary = (types: readonly string[]) => {
  const set: ReadonlySet<string> = new Set(types);
  return (type: string) => set.has(type);
};

const THREE_SURFACE_TYPES = surface('user/message', 'assistant/message', 'tool/result');

const FORMATS: Readonly<Record<FormatVersion, LogFormat>> = {
  0: {
    version: 0,
    seededHeader: false,
    packedRows: true,
    legacyShapes: true,
    embeddedStreams: false,
    series: false,
    systemMessages: false,
    toolRole: false,
    isKnownType: isKnownEventType,
    isSurfaceType,
  },
  1: { version: 1, seededHeader: false, packedRows: true, legacyShapes: false, embeddedStreams: false, series: false, systemMessages: false, toolRole: false, isKnownType: vocabulary(V1_TYPES), isSurfaceType: THREE_SURFACE_TYPES },
  2: { version: 2, seededHeader: true, packedRows: false, legacyShapes: false, embeddedStreams: true, series: true, systemMessages: false, toolRole: false, isKnownType: vocabulary(V2_TYPES), isSurfaceType: THREE_SURFACE_TYPES },
  3: {
    version: 3,
    seededHeader: true,
    packedRows: false,
    legacyShapes: false,
    embeddedStreams: true,
    series: true,
    systemMessages: true,
    toolRole: false,
    isKnownType: vocabulary(V3_TYPES),
    isSurfaceType: surface('system/message', 'user/message', 'assistant/message', 'tool/result'),
  },
  4: {
    version: 4,
    seededHeader: true,
    packedRows: false,
    legacyShapes: false,
    embeddedStreams: true,
    series: true,
    systemMessages: true,
    toolRole: true,
    isKnownType: vocabulary(V4_TYPES),
    isSurfaceType: surface('system/message', 'developer/message', 'user/message', 'assistant/message', 'tool/result'),
  },
};

/** The facts of format `version`, which must be one of FORMAT_VERSIONS. */
export function formatOf(version: number): LogFormat {
  const format = FORMATS[version as FormatVersion];
  // Stryker disable next-line all: the loaders call it with a version the header check accepted (PROTOCOL_VERSIONS or RELEASED_VERSIONS), which always has its facts
  if (format === undefined) throw new Error(`no format v${version}`);
  return format;
}

/** The v0 facts, which every reader and writer of the protocol uses. */
export const V0: LogFormat = FORMATS[0];

/**
 * The generation a DSH store file's name says (§7.2: `session.jsonl[.zstd]` holds v0,
 * `session.vN.jsonl[.zstd]` holds vN); undefined for a name that says none.
 */
// Stryker disable all: read only by the audit of DSH's store files (audit-log.ts); the protocol hands an implementation text, never a file name
export function generationOf(fileName: string): number | undefined {
  const match = /(?:\.v(\d+)|(?:^|[^A-Za-z0-9])session)\.jsonl(?:\.zstd)?$/.exec(fileName);
  if (match === null) return undefined;
  return match[1] === undefined ? 0 : Number(match[1]);
}
// Stryker restore all
