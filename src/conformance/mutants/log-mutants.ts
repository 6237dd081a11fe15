/** Mutants of the log layer: readers and writers with one realistic bug each. */
import { ReconError } from '../../errors.ts';
import { checkEventPayload, checkNotLegacy, loadJsonl, type JsonObject, type JsonValue, type SessionEvent } from '../../log/index.ts';
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
];
