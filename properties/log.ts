/** Properties of the log level: load, append, refusals (spec §1, §5). */
import fc from 'fast-check';
import type { AppendInput, ImplementationAt } from '../src/contract/index.ts';
import { DAMAGE_KINDS, EVENT_FAULTS, MEMORY_ACCEPTED, MEMORY_FAULTS, MEMORY_VALUE_FAULTS, TEXT_FAULTS, damagesOf, fitsAppendInput, invalidEventLogs, invalidLogs, type AppendableEvent, type InvalidLog } from './arbitraries/invalid-log.ts';
import { CHUNK_ROW_CLASSES, CHUNK_RUNS, ROW_EDITS, ROW_SHAPES, afterHeader, faultyRow, rowOf, runEvents, withLines } from './arbitraries/chunk-rows.ts';
import { anyText, logSyntaxText, spellsLogSyntax } from './arbitraries/text.ts';
import { buildLog, logPlan, logPlanOf, prefixJsonl, sessionLog } from './arbitraries/session-log.ts';
import type { SessionEvent } from '../src/log/index.ts';
import { sessionPrefixLog } from './arbitraries/session-prefix-log.ts';
import { LOG_FLOORS, logCodec, logLabels, logWith } from './_internals/codecs.ts';
import { fail, must, refusedWith, sameJson, sameText } from './_internals/failure.ts';
import { defineProperty, jsonCodec, type RegressionCodec } from './_internals/property.ts';

/** The event without its `seq`: append assigns that. */
function appendInput({ seq: _seq, ...input }: AppendableEvent): AppendInput {
  return input;
}

const invalidCodec = jsonCodec<InvalidLog>();

export const LOG_LOAD_VALID = defineProperty({
  id: 'LOG-LOAD-VALID',
  title: 'every valid log loads, packed chunk rows expanded into the events they stand for',
  clause: 'LOG-1.1, LOG-1.5 (packed chunk rows expanded), LOG-2.1 (times before 1970), LOG-2.2, LOG-2.3 (the marker kept on a known type), LOG-4.5 (every known type)',
  levels: ['log'],
  arbitrary: sessionLog(),
  // In the session-prefix era: header prefixes a reader must keep, compaction under its older names.
  arbitraries: { 'session-prefix': sessionPrefixLog },
  labels: logLabels,
  floors: LOG_FLOORS,
  codec: logCodec,
  async check(impl, log) {
    const loaded = must(await impl.load(log.jsonl), 'loading a valid log');
    sameJson('the loaded session header differs from the stored one', log.header, loaded.header);
    sameJson('the loaded events differ from the stored ones', log.events, loaded.events);
  },
});

export const LOG_APPEND_ROUNDTRIP = defineProperty({
  id: 'LOG-APPEND-ROUNDTRIP',
  title: 'appending a valid log event by event writes a log that loads to the same events, and re-saving it changes no byte',
  clause: 'LOG-1.6 (key order, byte round trip), LOG-2.2, LOG-6.1',
  levels: ['log'],
  arbitrary: sessionLog(),
  labels: logLabels,
  codec: logCodec,
  async check(impl, log) {
    const written = must(await impl.append(prefixJsonl(log, 0), log.events.map(appendInput)), 'appending the events of a valid log');
    written.outcomes.forEach((outcome, i) => {
      if (!outcome.ok) fail(`appending event ${i} (${log.events[i]!.type}) was refused with ${outcome.code}: ${outcome.message ?? ''}`);
      if (outcome.seq !== i) fail(`event ${i} was appended with seq ${outcome.seq}; append must assign seq = the log's length`);
    });
    const [loaded, saved] = await Promise.all([impl.load(written.jsonl), impl.append(written.jsonl, [])]);
    const reloaded = must(loaded, 'loading the log that append wrote');
    sameJson('the events of the written log differ from the appended ones', log.events, reloaded.events);
    const resaved = must(saved, 'loading and saving the written log');
    sameText('loading and saving its own log changed bytes', written.jsonl, resaved.jsonl);
  },
});

/** A case of several faults: read back from a stored regression of one fault too. */
const faultsCodec: RegressionCodec<InvalidLog[]> = {
  encode: (input) => ({ kind: 'json', value: input }),
  decode: (payload) => {
    const value = payload.kind === 'json' ? payload.value : JSON.parse(payload.jsonl);
    return (Array.isArray(value) ? value : [value]) as InvalidLog[];
  },
};

/** Each fault class, and its family (the part of the log its rule guards: `header.…`, `surface.…`, …). */
const faultLabels = (input: readonly InvalidLog[]) => Object.fromEntries(input.flatMap((fault) => [[fault.fault, true], [`family: ${fault.fault.split('.')[0]!}`, true]]));

async function appendParity(impl: ImplementationAt<'log'>, input: InvalidLog): Promise<void> {
  const { seq, prefix, faulty, original } = input.event!;
  // A shape the protocol cannot pass to append (a negative source seq, a false ignorable) is held to load alone.
  if (!fitsAppendInput(faulty)) return refusedWith(await impl.load(input.jsonl), input.code, `a log whose event ${seq} has the fault "${input.fault}"`);
  const after = original === undefined ? [] : [appendInput(original)];
  const [loaded, appended, alone] = await Promise.all([impl.load(input.jsonl), impl.append(prefix, [appendInput(faulty), ...after]), impl.append(prefix, after)]);
  refusedWith(loaded, input.code, `a log whose event ${seq} has the fault "${input.fault}"`);
  const result = must(appended, 'loading the valid prefix');
  refusedWith(result.outcomes[0]!, input.code, `appending an event with the fault "${input.fault}"`);
  if (original !== undefined) {
    const next = result.outcomes[1]!;
    if (!next.ok || next.seq !== seq) fail(`after a refused append, the valid event got ${next.ok ? `seq ${next.seq}` : `refused with ${next.code}`}; it must get seq ${seq}: the refusal left a trace`);
  }
  const unchanged = must(alone, 'appending the valid event alone');
  sameText('a refused append changed the log', unchanged.jsonl, result.jsonl);
}

export const LOG_APPEND_LOAD_PARITY = defineProperty({
  id: 'LOG-APPEND-LOAD-PARITY',
  title: 'append refuses an event exactly when load refuses a log holding it, with the same code, and the refusal leaves no trace',
  clause: 'LOG-6.1, LOG-6.2 (parity, no trace), LOG-2.1, LOG-4.2, LOG-4.3, LOG-4.4, LOG-5.1, LOG-5.2, LOG-5.3, LOG-5.4 (the rules one event can break)',
  levels: ['log'],
  // Every fault class of one event (src/log/rules.ts rules that one event can break), a quarter of them per case.
  arbitrary: invalidEventLogs,
  labels: faultLabels,
  // A case draws a few of the classes, so single classes get no floor; the larger families do, at about four standard deviations below their usual share.
  floors: { 'family: surface': 0.3, 'family: header': 0.25, 'family: message': 0.15, 'family: legacy-shape': 0.08 },
  codec: faultsCodec,
  async check(impl, input) {
    for (const fault of input) await appendParity(impl, fault);
  },
});

export const LOG_REFUSE_INVALID = defineProperty({
  id: 'LOG-REFUSE-INVALID',
  title: 'a log with one fault is refused with the code of that fault',
  clause: 'LOG-6.3 (one fault, its code), LOG-1.3, LOG-1.4, LOG-1.5, LOG-2.1, LOG-2.3, LOG-3.1, LOG-4.2, LOG-4.3, LOG-4.4, LOG-4.5, LOG-5.1, LOG-5.2, LOG-5.3, LOG-5.4, LOG-7.2, LOG-8.1, LOG-8.2, LOG-8.3, LOG-8.4 (every rule a stored log can break)',
  levels: ['log'],
  // Every fault class a stored log can hold (one per validation rule), a quarter of them per case.
  arbitrary: invalidLogs,
  labels: faultLabels,
  // As for LOG-APPEND-LOAD-PARITY: floors for the larger families only.
  floors: { 'family: surface': 0.3, 'family: header': 0.22, 'family: session': 0.2, 'family: chunk-row': 0.15, 'family: message': 0.12, 'family: envelope': 0.12 },
  codec: faultsCodec,
  async check(impl, input) {
    const loads = await Promise.all(input.map((fault) => impl.load(fault.jsonl)));
    input.forEach((fault, i) => refusedWith(loads[i]!, fault.code, `a log with the fault "${fault.fault}"`));
  },
});

const legacyFaults = fc.tuple(logPlan, fc.constantFrom('legacy.header-delta', 'legacy.reason-fallback') as fc.Arbitrary<'legacy.header-delta' | 'legacy.reason-fallback'>, fc.nat()).map(([plan, fault, pick]) => EVENT_FAULTS[fault]!(buildLog(plan), pick)!);

export const LOG_LEGACY_REFUSED = defineProperty({
  id: 'LOG-LEGACY-REFUSED',
  title: 'request/header-delta and the reason "fallback" are refused on load and on append, and the refused append leaves the log as it was',
  clause: 'LOG-8.1, LOG-8.2 (on load and on append), LOG-6.2',
  levels: ['log'],
  arbitrary: legacyFaults,
  labels: (input) => ({ [input.fault]: true }),
  floors: { 'legacy.header-delta': 0.3, 'legacy.reason-fallback': 0.3 },
  codec: invalidCodec,
  async check(impl, input) {
    const { prefix, faulty } = input.event!;
    if (!fitsAppendInput(faulty)) fail(`the legacy event of the fault "${input.fault}" does not fit an AppendInput`);
    const [loaded, appended, saved] = await Promise.all([impl.load(input.jsonl), impl.append(prefix, [appendInput(faulty)]), impl.append(prefix, [])]);
    refusedWith(loaded, input.code, 'a log holding a legacy event');
    const result = must(appended, 'loading the valid prefix');
    refusedWith(result.outcomes[0]!, input.code, 'appending a legacy event');
    const unchanged = must(saved, 'loading and saving the prefix');
    sameText('the refused legacy append changed the log', unchanged.jsonl, result.jsonl);
  },
});

export const LOG_UNKNOWN_TYPE = defineProperty({
  id: 'LOG-UNKNOWN-TYPE',
  title: 'an unknown event type is refused at load unless it is marked ignorable; an ignorable one is kept as it is',
  clause: 'LOG-4.5 (unknown-type guard), LOG-2.3',
  levels: ['log'],
  arbitrary: fc.tuple(sessionLog(), fc.constantFrom('x-plugin/note', 'future/event', 'team/unknown-kind')).map(([log, type]) => ({ log, type })),
  codec: logWith<{ type: string }>(),
  async check(impl, { log, type }) {
    const last = log.events[log.events.length - 1]!;
    const event = { type, seq: log.events.length, time: last.time, data: { note: 'from a newer writer' } };
    const marked = { ...event, ignorable: true };
    const [unmarkedLoad, markedLoad] = await Promise.all([impl.load(`${log.jsonl}${JSON.stringify(event)}\n`), impl.load(`${log.jsonl}${JSON.stringify(marked)}\n`)]);
    refusedWith(unmarkedLoad, 'UNKNOWN_EVENT_TYPE', `an event of unknown type "${type}"`);
    const loaded = must(markedLoad, `loading an ignorable event of unknown type "${type}"`);
    sameJson('the ignorable event was not kept as stored', marked, loaded.events[loaded.events.length - 1]);
  },
});

export const LOG_FORMAT_VERSION = defineProperty({
  id: 'LOG-FORMAT-VERSION',
  title: 'a log whose header carries a format version other than 0 is refused with FORMAT_VERSION, before its shape is looked at',
  clause: 'LOG-1.4',
  levels: ['log'],
  arbitrary: fc.tuple(sessionLog(), fc.constantFrom(1, 2, 7, -1), fc.boolean()).map(([log, version, broken]) => ({ log, version, broken })),
  codec: logWith<{ version: number; broken: boolean }>(),
  async check(impl, { log, version, broken }) {
    // A newer header may look nothing like today's: the version must be read first.
    const header = broken ? JSON.stringify({ type: 'session', version, layout: 'unknown' }) : JSON.stringify({ ...log.header, version });
    refusedWith(await impl.load(`${header}\n${log.jsonl.slice(log.jsonl.indexOf('\n') + 1)}`), 'FORMAT_VERSION', `a log of format version ${version}`);
  },
});

const losslessFaults = fc.tuple(logPlan, fc.constantFrom('json.negative-zero', 'json.non-finite') as fc.Arbitrary<'json.negative-zero' | 'json.non-finite'>, fc.nat()).map(([plan, fault, pick]) => TEXT_FAULTS[fault]!(buildLog(plan), pick)!);

export const LOG_LOSSLESS_JSON = defineProperty({
  id: 'LOG-LOSSLESS-JSON',
  title: 'stored data that JSON cannot carry back unchanged (-0, numbers that overflow to Infinity) is refused with NOT_LOSSLESS_JSON',
  clause: 'LOG-3.1',
  levels: ['log'],
  arbitrary: losslessFaults,
  codec: invalidCodec,
  async check(impl, input) {
    refusedWith(await impl.load(input.jsonl), 'NOT_LOSSLESS_JSON', `a log with the fault "${input.fault}"`);
  },
});

const damageLabels = Object.fromEntries(DAMAGE_KINDS.flatMap((kind) => (['committed', 'tail'] as const).map((place) => [`${kind} ${place}`, place === 'committed' && kind === 'bad chunk row' ? 0.3 : 0.9])));

export const LOG_TORN_TAIL = defineProperty({
  id: 'LOG-TORN-TAIL',
  title: 'damage after the last turn/end (torn, garbage or empty line, seq gap, repeated line, missing newline) is cut at its first line and the rest loads, and an event appended then loads after it; the same damage before a later turn/end is refused with TORN_COMMITTED, a malformed chunk row anywhere with CHUNK_ROW_INVALID',
  clause: 'LOG-7.1, LOG-7.2 (torn tail versus committed damage), LOG-1.5 (chunk rows)',
  levels: ['log'],
  // Small logs with an open last turn, so every damage has a place on each side of the last turn/end.
  // The open turn's text is often one that spells a log line: after the damage, only a real turn/end line commits it.
  arbitrary: fc.tuple(logPlanOf(2), fc.oneof(anyText, logSyntaxText), fc.nat()).map(([plan, tail, pick]) => ({ log: buildLog({ ...plan, openTail: tail }), pick, tail })),
  labels: ({ log, pick, tail }) => ({ ...Object.fromEntries(damagesOf(log, pick).map((d) => [`${d.kind} ${d.place}`, true])), 'open turn spells a log line': spellsLogSyntax(tail ?? '') }),
  floors: { ...damageLabels, 'open turn spells a log line': 0.2 },
  codec: logWith<{ pick: number; tail?: string }>(),
  async check(impl, { log, pick }) {
    const damaged = damagesOf(log, pick);
    const loads = await Promise.all(damaged.map((d) => impl.load(d.jsonl)));
    // After one torn tail of the case (each kind in turn across cases), the event that stood where the damage starts is appended again: it must land after the last whole line.
    const tails = damaged.filter((d) => 'kept' in d.expect && d.expect.kept < log.events.length);
    const again = tails[pick % Math.max(1, tails.length)];
    const appended = again === undefined || !('kept' in again.expect) ? undefined : await impl.append(again.jsonl, [appendInput(log.events[again.expect.kept]!)]);
    const reloaded = appended?.ok === true ? await impl.load(appended.value.jsonl) : undefined;
    damaged.forEach((d, i) => {
      const what = `a log with a ${d.kind} ${d.place === 'committed' ? 'before a later turn/end' : 'after the last turn/end'}`;
      if ('refused' in d.expect) return refusedWith(loads[i]!, d.expect.refused, what);
      const loaded = must(loads[i]!, `loading ${what}`);
      sameJson(`${what}: after cutting the torn tail, the events differ from those before the damage`, log.events.slice(0, d.expect.kept), loaded.events);
      if (d !== again) return;
      const outcome = must(appended!, `appending to ${what}`).outcomes[0]!;
      if (!outcome.ok || outcome.seq !== d.expect.kept) fail(`appending to ${what} ${outcome.ok ? `gave seq ${outcome.seq}` : `was refused with ${outcome.code}`}; the event must get seq ${d.expect.kept}, right after the last whole line`);
      sameJson(`${what}: the log written by an append after the torn tail does not load to the events before the damage and the one appended`, log.events.slice(0, d.expect.kept + 1), must(reloaded!, `loading what append wrote after ${what}`).events, 'an append after a torn tail writes after the last whole line (the tail cut), so the next load holds what was appended');
    });
  },
});

const MEMORY_CLASSES = [...Object.keys(MEMORY_FAULTS), ...Object.keys(MEMORY_VALUE_FAULTS), ...Object.keys(MEMORY_ACCEPTED).map((name) => `accepted: ${name}`)];

export const LOG_APPEND_LOSSLESS = defineProperty({
  id: 'LOG-APPEND-LOSSLESS',
  title: 'append refuses data JSON cannot carry back unchanged (undefined, bigint, functions, symbols, -0, NaN, infinities, cycles, array subclasses, sparse or decorated arrays, class instances and look-alike prototypes, symbol or hidden keys) with NOT_LOSSLESS_JSON, the refusals leave the log as it was, and data JSON carries (null prototypes, another realm, shared references, __proto__ keys) is accepted and stored as its JSON text',
  clause: 'LOG-3.2, LOG-6.2',
  levels: ['log'],
  // The values exist only in memory: a JSON text cannot hold them. Every class is appended to every log.
  inProcess: true,
  arbitrary: sessionLog(),
  labels: () => Object.fromEntries(MEMORY_CLASSES.map((fault) => [fault, true])),
  floors: Object.fromEntries(MEMORY_CLASSES.map((fault) => [fault, 1])),
  codec: logCodec,
  async check(impl, log) {
    const faults = [...Object.entries(MEMORY_FAULTS), ...Object.entries(MEMORY_VALUE_FAULTS)];
    const accepted = Object.entries(MEMORY_ACCEPTED);
    const last = log.events[log.events.length - 1]!;
    const input = (data: unknown): AppendInput => ({ type: 'todo/write', time: last.time, data: data as AppendInput['data'] });
    const [appended, saved, kept] = await Promise.all([impl.append(log.jsonl, faults.map(([, data]) => input(data()))), impl.append(log.jsonl, []), impl.append(prefixJsonl(log, 0), accepted.map(([, data]) => input(data())))]);
    const result = must(appended, 'loading a valid log');
    faults.forEach(([fault], i) => refusedWith(result.outcomes[i]!, 'NOT_LOSSLESS_JSON', `appending data with the fault "${fault}"`));
    sameText('the refused appends changed the log', must(saved, 'loading and saving the log').jsonl, result.jsonl);
    // What JSON can carry is accepted however it was built, and stored as its JSON text.
    const written = must(kept, 'loading a valid log');
    written.outcomes.forEach((outcome, i) => {
      if (!outcome.ok) fail(`appending data of the class "${accepted[i]![0]}" was refused with ${outcome.code}: ${outcome.message ?? ''}; JSON carries it`);
    });
    // Appended to the header alone: the written log then holds nothing but what was accepted.
    const stored = must(await impl.load(written.jsonl), 'loading the log the accepted appends wrote').events;
    accepted.forEach(([name, data], i) => sameText(`data of the class "${name}" was not stored as its JSON text`, JSON.stringify(data()), JSON.stringify(stored[i]?.data)));
  },
});

/** LOG-CHUNK-ROWS shares its classes out over cases, class `i` to the cases whose pick is `i` modulo this: each form loads, saves and loads again. */
const SHARES = 3;
const inShare = (i: number, pick: number) => i % SHARES === pick % SHARES;

/** Valid forms of LOG-CHUNK-ROWS: a stored log and the events it must load to. */
interface StoredForm {
  readonly what: string;
  readonly jsonl: string;
  readonly events: readonly SessionEvent[];
  /** The events after the log's own, appended again through append (the in-memory writer). */
  readonly appended?: readonly SessionEvent[];
}

export const LOG_CHUNK_ROWS = defineProperty({
  id: 'LOG-CHUNK-ROWS',
  title: 'every malformed packed chunk row is refused with CHUNK_ROW_INVALID wherever it lies, every well-formed row shape expands to the events it stands for, and every run of assistant/chunk events, whatever its data, is written so that it loads back unchanged',
  clause: 'LOG-1.5 (every row rule, several violations each; every row shape), LOG-1.6 (what a writer stores loads back, re-saved byte for byte), LOG-2.1 (any data; times at both ends of the safe range)',
  levels: ['log'],
  // A small log, its rows edited, or rows and runs placed after its last event; the classes are shared out over cases, a third in each.
  arbitrary: fc.tuple(logPlanOf(1), fc.nat()).map(([plan, pick]) => ({ log: buildLog(plan), pick })),
  labels: ({ pick }) => Object.fromEntries(CHUNK_ROW_CLASSES.map((name, i) => [name, inShare(i, pick)])),
  floors: Object.fromEntries(CHUNK_ROW_CLASSES.map((name) => [name, 0.15])),
  codec: logWith<{ pick: number }>(),
  async check(impl, { log, pick }) {
    const faults = Object.entries(ROW_EDITS)
      .flatMap(([rule, edits]) => edits.map((edit, i) => ({ what: `${rule}: ${edit.name}`, edit, i })))
      .filter(({ what }) => inShare(CHUNK_ROW_CLASSES.indexOf(what), pick))
      .map(({ what, edit, i }) => ({ what, jsonl: faultyRow(log, edit, pick + i) }));
    const last = log.events[log.events.length - 1]!;
    const next = log.events.length;
    const first = rowOf(ROW_SHAPES[0]!, 0, log.header.createdAt);
    const forms: StoredForm[] = [
      ...ROW_SHAPES.map((shape) => {
        const { row, events } = rowOf(shape, next, last.time);
        return { what: `row: ${shape.name}`, jsonl: withLines(log, [row]), events: [...log.events, ...events] };
      }),
      { what: 'row: the first line after the header', jsonl: afterHeader(log, [first.row]), events: first.events },
      // Its seqs are safe but start past the log's next one: a seq gap after the last line, cut as a torn tail.
      { what: 'row: its last seq the largest safe integer', jsonl: withLines(log, [rowOf(ROW_SHAPES[0]!, Number.MAX_SAFE_INTEGER - 2, last.time).row]), events: log.events },
      ...CHUNK_RUNS.map((run) => {
        const events = runEvents(run, log);
        return { what: `run: ${run.name}`, jsonl: withLines(log, events), events: [...log.events, ...events], appended: events };
      }),
    ];
    const refusals = await Promise.all(faults.map((fault) => impl.load(fault.jsonl)));
    faults.forEach((fault, i) => refusedWith(refusals[i]!, 'CHUNK_ROW_INVALID', `a log with a chunk row malformed by "${fault.what}"`));
    for (const form of forms.filter(({ what }) => inShare(CHUNK_ROW_CLASSES.indexOf(what), pick))) {
      const loaded = must(await impl.load(form.jsonl), `loading a log with ${form.what}`);
      sameJson(`a log with ${form.what} did not load to the events it stores`, form.events, loaded.events);
      const saved = must(await impl.append(form.jsonl, []), `loading and saving a log with ${form.what}`);
      const reloaded = must(await impl.load(saved.jsonl), `loading the saved log with ${form.what}`);
      sameJson(`a log with ${form.what}, saved, did not load back to the same events`, form.events, reloaded.events);
      sameText(`a log with ${form.what}, saved again, changed bytes`, saved.jsonl, must(await impl.append(saved.jsonl, []), `saving the saved log with ${form.what}`).jsonl);
      if (form.appended === undefined) continue;
      const written = must(await impl.append(log.jsonl, form.appended.map(({ seq: _seq, ...input }) => input)), `appending ${form.what}`);
      written.outcomes.forEach((outcome, i) => {
        if (!outcome.ok) fail(`appending event ${i} of ${form.what} was refused with ${outcome.code}: ${outcome.message ?? ''}`);
      });
      sameJson(`the log ${form.what} was appended to did not load back to the same events`, form.events, must(await impl.load(written.jsonl), `loading the log ${form.what} was appended to`).events);
    }
  },
});

export const LOG_PROPERTIES = [LOG_LOAD_VALID, LOG_APPEND_ROUNDTRIP, LOG_APPEND_LOAD_PARITY, LOG_REFUSE_INVALID, LOG_LEGACY_REFUSED, LOG_UNKNOWN_TYPE, LOG_FORMAT_VERSION, LOG_LOSSLESS_JSON, LOG_APPEND_LOSSLESS, LOG_TORN_TAIL, LOG_CHUNK_ROWS];
