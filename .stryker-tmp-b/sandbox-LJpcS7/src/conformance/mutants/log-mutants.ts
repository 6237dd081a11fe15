/** Mutants of the log layer: readers and writers with one realistic bug each. */
// @ts-nocheck

import { ReconError } from '../../errors.ts';
import { SessionLog, checkEventPayload, checkKnownType, checkNotLegacy, fork, isEvent, loadJsonl, saveJsonl, type JsonObject, type JsonValue, type LoadOptions, type LoadedLog, type SessionEvent, type StreamChunk } from '../../log/index.ts';
import type { AppendInput, AppendOutcome, Implementation, ImplementationAt, Refusal } from '../../contract/implementation.ts';
import { inProcess } from './define.ts';

const isDelta = (event: SessionEvent) => event.type === 'request/header-delta';

export const ACCEPTS_HEADER_DELTA = inProcess('accepts-header-delta', 'request/header-delta events are read and written like any known event', 'legacy accepted', {
  parts: { logOptions: { rules: { legacy: (e) => (isDelta(e) ? undefined : checkNotLegacy(e)), knownType: () => undefined } } },
});

const isObject = (data: JsonValue): data is JsonObject => typeof data === 'object' && data !== null && !Array.isArray(data);

const asChange = (e: SessionEvent): SessionEvent => (e.type === 'request/header' && isObject(e.data) && e.data['reason'] === 'fallback' ? { ...e, data: { ...e.data, reason: 'change' } } : e);

export const ACCEPTS_FALLBACK_REASON = inProcess('accepts-fallback-reason', 'a request/header with the legacy reason "fallback" is read as a change', 'legacy accepted', {
  parts: { logOptions: { rules: { legacy: (e) => checkNotLegacy(asChange(e)), payload: (e) => checkEventPayload(asChange(e)) } } },
});

export const ACCEPTS_UNKNOWN_TYPES = inProcess('accepts-unknown-types', 'an event type outside the vocabulary is kept even without the ignorable marker', 'validation skipped', {
  parts: { logOptions: { rules: { knownType: () => undefined } } },
});

export const READS_ANY_VERSION = inProcess('reads-any-version', 'the reader ignores the format version of the session header', 'validation skipped', {
  parts: { load: (jsonl, options) => loadJsonl(jsonl.replace(/^(\{"type":"session","version":)-?\d+/, '$10'), options) },
});

export const TRUSTS_JSON_PARSE = inProcess('trusts-json-parse', 'stored numbers are trusted as JSON.parse returns them, so -0 and overflowing numbers slip in', 'validation skipped', {
  parts: {
    load: (jsonl, options) => {
      try {
        return loadJsonl(jsonl, options);
      } catch (error) {
        if (!ReconError.is(error) || error.code !== 'NOT_LOSSLESS_JSON') throw error;
        return loadJsonl(jsonl.replace(/(?<=[:[,])-0(?=[,\]}])/g, '0').replace(/(?<=[:[,])\d+(\.\d+)?e\+?\d{3,}(?=[,\]}])/gi, '0'), options);
      }
    },
  },
});

export const CUTS_COMMITTED_DAMAGE = inProcess('cuts-committed-damage', 'any unreadable line is treated as a torn tail, silently dropping committed turns after it', 'storage corrupts the log', {
  parts: {
    load: (jsonl, options) => {
      try {
        return loadJsonl(jsonl, options);
      } catch (error) {
        if (!ReconError.is(error) || error.code !== 'TORN_COMMITTED' || error.location.line === undefined) throw error;
        return loadJsonl(jsonl.split('\n').slice(0, error.location.line - 1).join('\n') + '\n', options);
      }
    },
  },
});

export const CHUNK_ROW_TIMES_DROPPED = inProcess('chunk-row-times-dropped', 'packed chunk rows are expanded with the row time for every member, losing the time gaps', 'storage corrupts the log', {
  parts: {
    load: (jsonl, options) =>
      loadJsonl(
        jsonl
          .split('\n')
          .map((line) => (/^\{"type":"[a-z-]+-chunks"/.test(line) ? JSON.stringify(zeroGaps(JSON.parse(line) as { data: { dt: number[] } })) : line))
          .join('\n'),
        options,
      ),
  },
});

function zeroGaps(row: { data: { dt: number[] } }): object {
  return { ...row, data: { ...row.data, dt: row.data.dt.map(() => 0) } };
}

const ENVELOPE_ORDER = ['type', 'seq', 'time', 'surfaceOp', 'sourceEventSeqs', 'ignorable', 'data'] as const;

export const SAVER_REORDERS_KEYS = inProcess('saver-reorders-keys', 'the writer puts the envelope keys in its own order (data last), so reloaded events differ from those appended', 'storage corrupts the log', {
  parts: {
    save: (log) =>
      [JSON.stringify(log.header), ...log.events.map((e) => JSON.stringify(Object.fromEntries(ENVELOPE_ORDER.filter((k) => k in e).map((k) => [k, e[k]]))))].join('\n') + '\n',
  },
});

/** Appends one event at a time; on a refusal, `onRefused` decides what the buggy writer does. */
function appendOneByOne(reference: ImplementationAt<'log'>, onRefused: (jsonl: string, input: AppendInput, refusal: Refusal) => { jsonl: string; outcome: AppendOutcome }): Implementation {
  return {
    ...reference,
    append: async (jsonl, inputs) => {
      const first = await reference.append(jsonl, []);
      if (!first.ok) return first;
      let current = first.value.jsonl;
      const outcomes: AppendOutcome[] = [];
      for (const input of inputs) {
        const answer = await reference.append(current, [input]);
        if (!answer.ok) return answer;
        const result = answer.value.outcomes[0]!;
        if (result.ok) {
          current = answer.value.jsonl;
          outcomes.push(result);
          continue;
        }
        const next = onRefused(current, input, result);
        current = next.jsonl;
        outcomes.push(next.outcome);
      }
      return { ok: true, value: { jsonl: current, outcomes } };
    },
  };
}

/** The event line a writer that skips validation would write. */
function rawLine(jsonl: string, input: AppendInput): { line: string; seq: number } {
  const seq = jsonl.trimEnd().split('\n').length - 1;
  return { line: `${JSON.stringify({ type: input.type, seq, time: input.time, data: input.data, ...(input.sourceEventSeqs ? { sourceEventSeqs: input.sourceEventSeqs } : {}), ...(input.surfaceOp ? { surfaceOp: input.surfaceOp } : {}) })}\n`, seq };
}

export const APPEND_SKIPS_MESSAGE_SHAPE = inProcess('append-skips-message-shape', 'append does not check message shapes (as DSH does), so a live log can hold what load refuses', 'validation skipped', (reference) =>
  appendOneByOne(reference, (jsonl, input, refusal) => {
    if (refusal.code !== 'MESSAGE_SHAPE') return { jsonl, outcome: refusal };
    const { line, seq } = rawLine(jsonl, input);
    return { jsonl: jsonl + line, outcome: { ok: true, seq } };
  }),
);

export const NON_ATOMIC_APPEND = inProcess('non-atomic-append', 'a refused append reports the refusal but leaves the event in the log (it was written before it was checked)', 'storage corrupts the log', (reference) =>
  appendOneByOne(reference, (jsonl, input, refusal) => ({ jsonl: jsonl + rawLine(jsonl, input).line, outcome: refusal })),
);

// --- Mutants of the blind-bug hunt: bugs written without looking at what the suite generates ---

type Rec = JsonObject;

const isRec = (value: JsonValue | undefined): value is Rec => value !== undefined && isObject(value);

/** Each stored line parsed, or undefined where it is not a JSON object. */
function parsedLines(jsonl: string): Array<Rec | undefined> {
  return jsonl.split('\n').map((line) => {
    try {
      // JSON.parse gives JSON values.
      const value: JsonValue = JSON.parse(line);
      return isRec(value) ? value : undefined;
    } catch {
      return undefined;
    }
  });
}

/** The stored lines with `edit` applied to each line that parses (line 1, the session header, included); `null` drops the line. */
function rewriteLines(jsonl: string, edit: (value: Rec, index: number) => Rec | null | undefined): string {
  const parsed = parsedLines(jsonl);
  return jsonl
    .split('\n')
    .flatMap((line, i) => {
      const value = parsed[i];
      if (value === undefined) return [line];
      const next = edit(value, i);
      return next === null ? [] : [next === undefined ? line : JSON.stringify(next)];
    })
    .join('\n');
}

const isRowType = (type: unknown) => type === 'text-chunks' || type === 'reasoning-chunks' || type === 'tool-call-chunks';

/**
 * A writer that packs a tool call's argument deltas by block (turn, step, index, id) and takes the
 * row's name from the first member: streams name the tool on the first delta only (OpenAI does), so
 * the later members come back named.
 */
function spreadToolNames(events: readonly SessionEvent[]): SessionEvent[] {
  const out = events.slice();
  for (let i = 0; i < out.length; ) {
    const first = out[i]!;
    let end = i + 1;
    const head = isEvent(first, 'assistant/chunk') && first.data.chunk.type === 'tool-call-delta' ? first.data.chunk : undefined;
    const name = head?.name;
    if (isEvent(first, 'assistant/chunk') && head !== undefined && name !== undefined) {
      const { turn, step } = first.data;
      const chunk = head;
      const same = (e: SessionEvent | undefined) =>
        e !== undefined && isEvent(e, 'assistant/chunk') && e.data.turn === turn && e.data.step === step && e.data.chunk.type === 'tool-call-delta' && e.data.chunk.index === chunk.index && e.data.chunk.id === chunk.id;
      while (same(out[end])) end++;
      if (end - i >= 3) {
        for (let k = i + 1; k < end; k++) {
          const e = out[k]!;
          if (isEvent(e, 'assistant/chunk') && e.data.chunk.type === 'tool-call-delta' && e.data.chunk.name === undefined) {
            const named: StreamChunk = { type: 'tool-call-delta', index: e.data.chunk.index, id: e.data.chunk.id, name, argumentsDelta: e.data.chunk.argumentsDelta };
            out[k] = { ...e, data: { ...e.data, chunk: named } };
          }
        }
      }
    }
    i = end;
  }
  return out;
}

export const TOOL_NAME_SPREAD_ON_SAVE = inProcess(
  'tool-name-spread-on-save',
  'the writer packs a tool call\'s argument deltas into one row whether or not each names the tool, so deltas streamed without a name come back named',
  'storage corrupts the log',
  { parts: { save: (log) => saveJsonl(SessionLog.fromEvents(log.header, spreadToolNames(log.events))) } },
);

/** Drops the members of a chunk row that the lines before it already hold, as if the row were a retried flush. */
function trimOverlaps(jsonl: string): string {
  let next = 0;
  return rewriteLines(jsonl, (value, i) => {
    if (i === 0) return undefined;
    if (!isRowType(value['type'])) {
      if (typeof value['seq'] === 'number') next = value['seq'] + 1;
      return undefined;
    }
    const seq0 = value['seq0'];
    const data = value['data'];
    const time0 = value['time0'];
    if (typeof seq0 !== 'number' || typeof time0 !== 'number' || !isRec(data)) return undefined;
    const key = value['type'] === 'tool-call-chunks' ? 'args' : 'texts';
    const members = data[key];
    const dt = data['dt'];
    if (!Array.isArray(members) || !Array.isArray(dt)) return undefined;
    const skip = Math.max(0, next - seq0);
    next = Math.max(next, seq0 + members.length);
    if (skip === 0) return undefined;
    if (skip >= members.length) return null;
    const skipped = dt.slice(0, skip).reduce((sum: number, gap: unknown) => sum + (typeof gap === 'number' ? gap : 0), 0);
    return { ...value, seq0: seq0 + skip, time0: time0 + skipped, data: { ...data, dt: dt.slice(skip), [key]: members.slice(skip) } };
  });
}

export const OVERLAPPING_ROW_MERGED = inProcess(
  'overlapping-row-merged',
  'a chunk row whose members repeat events already read (a flush written twice) is read from its first new member, so a repeated committed line loads instead of being refused',
  'storage corrupts the log',
  { parts: { load: (jsonl, options) => loadJsonl(trimOverlaps(jsonl), options) } },
);

/** The failure of an old error reason as an upgrader that lists the facts it knows rebuilds it. */
function knownFacts(value: Rec): Rec | undefined {
  const data = value['data'];
  if (value['type'] !== 'turn/end' || !isRec(data)) return undefined;
  const reason = data['reason'];
  if (!isRec(reason)) return undefined;
  const failure = reason['failure'];
  if (!isRec(failure) || !Object.hasOwn(failure, 'requestId')) return undefined;
  const { requestId: _dropped, ...known } = failure;
  return { ...value, data: { ...data, reason: { ...reason, failure: known } } };
}

export const LEGACY_FAILURE_FACTS_DROPPED = inProcess(
  'legacy-failure-facts-dropped',
  'an old turn/end error reason is upgraded with the failure facts the upgrader knows (message, code, status, retry-after), dropping the request id',
  'history rewritten on reload',
  { parts: { load: (jsonl, options) => loadJsonl(rewriteLines(jsonl, (value, i) => (i === 0 ? undefined : knownFacts(value))), options) } },
);

/** Loads, then rebuilds the log from its events passed through `edit` (given the data each event was stored with). */
function loadEdited(jsonl: string, options: LoadOptions, edit: (event: SessionEvent, stored: Rec | undefined, upgraded: boolean) => SessionEvent): LoadedLog {
  const loaded = loadJsonl(jsonl, options);
  const stored = new Map<number, Rec>();
  for (const value of parsedLines(jsonl).slice(1)) {
    const data = value?.['data'];
    if (typeof value?.['seq'] === 'number' && isRec(data)) stored.set(value['seq'], data);
  }
  const upgraded = new Set(loaded.upgradedSeqs);
  const events = loaded.log.events.map((e) => edit(e, stored.get(e.seq), upgraded.has(e.seq)));
  const { clock, rules, retain } = options;
  return { ...loaded, log: SessionLog.fromEvents(loaded.log.header, events, { ...(clock === undefined ? {} : { clock }), ...(rules === undefined ? {} : { rules }), ...(retain === undefined ? {} : { retain }) }) };
}

export const LEGACY_ASSISTANT_KEYS_KEPT = inProcess(
  'legacy-assistant-keys-kept',
  'an assistant/message stored before messages had identities is upgraded by adding the message to its data, leaving the old content and provenance keys beside it',
  'legacy accepted',
  {
    parts: {
      load: (jsonl, options) =>
        loadEdited(jsonl, options, (event, stored, upgraded) => {
          if (!upgraded || !isEvent(event, 'assistant/message') || stored === undefined || !Object.hasOwn(stored, 'provenance')) return event;
          return { ...event, data: { ...stored, message: event.data.message } };
        }),
    },
  },
);

/** The session header as a reader that copies the fields it uses into a record of its own. */
function knownHeaderFields(value: Rec): Rec {
  return Object.fromEntries(['type', 'version', 'id', 'createdAt', 'delegationDepth'].flatMap((key) => (value[key] === undefined ? [] : [[key, value[key]]])));
}

export const SESSION_HEADER_FIELDS_DROPPED = inProcess(
  'session-header-fields-dropped',
  'the reader copies the session header fields it uses (type, version, id, createdAt, delegationDepth) into a fresh record, so cwd, parentSession, seedLength, origin and agentPreset are lost on every save',
  'storage corrupts the log',
  {
    parts: {
      load: (jsonl, options) => {
        // The header is checked as stored, then copied: a refusal still names the stored fault.
        loadJsonl(jsonl, options);
        return loadJsonl(rewriteLines(jsonl, (value, i) => (i === 0 && value['type'] === 'session' ? knownHeaderFields(value) : undefined)), options);
      },
    },
  },
);

/** A tool-call row read with a truthiness test on its name: an empty tool name reads as no name. */
function emptyNameDropped(value: Rec): Rec | undefined {
  const data = value['data'];
  if (value['type'] !== 'tool-call-chunks' || !isRec(data) || data['name'] !== '') return undefined;
  const { name: _dropped, ...rest } = data;
  return { ...value, data: rest };
}

export const CHUNK_ROW_EMPTY_NAME_DROPPED = inProcess(
  'chunk-row-empty-name-dropped',
  'a tool-call chunk row is expanded with `if (name)`, so the deltas of a tool whose name is the empty string come back without a name',
  'storage corrupts the log',
  { parts: { load: (jsonl, options) => loadJsonl(rewriteLines(jsonl, (value, i) => (i === 0 ? undefined : emptyNameDropped(value))), options) } },
);

const SESSION_PREFIX_ERA_TYPES: ReadonlySet<string> = new Set(['context/message', 'prompt/blocked', 'compact/start', 'compact/summary', 'compact/end', 'compact/prune']);

export const ONE_DESIGN_READER = inProcess(
  'one-design-reader',
  'the reader knows only the current design, as DSH rc.8 does: context/message, prompt/blocked and compact/* are unknown types, so every real log of the session-prefix era is refused',
  'one design only',
  { parts: { logOptions: { rules: { knownType: (e) => (SESSION_PREFIX_ERA_TYPES.has(e.type) && e.ignorable !== true ? refuseUnknown(e) : checkKnownType(e)) } } } },
);

function refuseUnknown(event: SessionEvent): never {
  throw new ReconError('UNKNOWN_EVENT_TYPE', `event type "${event.type}" is unknown to this reader and not marked ignorable`, { location: { seq: event.seq } });
}

export const FORK_COPIES_OPEN_TURN = inProcess('fork-copies-open-turn', 'fork takes a boundary inside a turn, so the child inherits half a turn: a turn/start with no turn/end, which its loop then closes as its own', 'history rewritten on reload', {
  parts: {
    fork: (parent, options) => {
      try {
        return fork(parent, options);
      } catch (error) {
        if (!ReconError.is(error) || error.code !== 'OPEN_TURN') throw error;
        const boundary = options.boundary ?? parent.length;
        const header = { ...fork(parent, { ...options, boundary: 0 }).header, seedLength: boundary };
        const child = SessionLog.fromEvents(header, parent.events.slice(0, boundary), options.log);
        child.append('session/end-seed', {});
        return child;
      }
    },
  },
});

export const FORK_LOSES_LOG_ONLY_TAIL = inProcess('fork-loses-log-only-tail', 'a fork without a boundary takes the log up to its last surface event, so the log-only events after it (a turn/end, a title, a header) are lost to the child', 'history rewritten on reload', {
  parts: {
    fork: (parent, options) => {
      if (options.boundary !== undefined) return fork(parent, options);
      const last = parent.events.findLast((e) => e.surfaceOp !== undefined);
      return fork(parent, { ...options, boundary: last === undefined ? 0 : last.seq + 1 });
    },
  },
});

const KNOWN_HEADER_FIELDS = ['config', 'adapterDefaults', 'system', 'tools', 'messagePrefix'];

/** A request/header with the fields this reader does not know taken out, as a reader that maps known fields builds it. */
function knownFieldsOnly(event: SessionEvent): SessionEvent {
  if (event.type !== 'request/header' || !isObject(event.data) || !isObject(event.data['header'] as JsonValue)) return event;
  const header = event.data['header'] as JsonObject;
  const kept = Object.fromEntries(Object.entries(header).filter(([key]) => KNOWN_HEADER_FIELDS.includes(key)));
  return { ...event, data: { header: kept, reason: event.data['reason'] as JsonValue } };
}

export const HEADER_FIELD_DROPPED = inProcess('header-field-dropped', 'the reader builds a request/header from the fields it knows and drops any other without a word (as DSH rc.8 drops messagePrefix), so a request rebuilt from the log lacks what was sent', 'validation skipped', {
  parts: { logOptions: { rules: { payload: (e) => checkEventPayload(knownFieldsOnly(e)) } } },
});

export const LOG_MUTANTS = [
  ACCEPTS_HEADER_DELTA,
  ACCEPTS_FALLBACK_REASON,
  ACCEPTS_UNKNOWN_TYPES,
  READS_ANY_VERSION,
  TRUSTS_JSON_PARSE,
  CUTS_COMMITTED_DAMAGE,
  CHUNK_ROW_TIMES_DROPPED,
  SAVER_REORDERS_KEYS,
  APPEND_SKIPS_MESSAGE_SHAPE,
  NON_ATOMIC_APPEND,
  TOOL_NAME_SPREAD_ON_SAVE,
  OVERLAPPING_ROW_MERGED,
  LEGACY_FAILURE_FACTS_DROPPED,
  LEGACY_ASSISTANT_KEYS_KEPT,
  SESSION_HEADER_FIELDS_DROPPED,
  CHUNK_ROW_EMPTY_NAME_DROPPED,
  ONE_DESIGN_READER,
  FORK_COPIES_OPEN_TURN,
  FORK_LOSES_LOG_ONLY_TAIL,
  HEADER_FIELD_DROPPED,
];
