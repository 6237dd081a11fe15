/**
 * Fork (corollary 3 of the design note; spec §7.5): a child seeded with its parent's events
 * up to a boundary derives, at its first step, exactly what the parent derived there, and a
 * fork that cannot be made is refused with its code and writes nothing.
 */
import fc from 'fast-check';
import { deriveMessagesFresh, foldRequestHeader } from '../src/fold/index.ts';
import { loadJsonl, type SessionEvent } from '../src/log/index.ts';
import { sessionLog, writeJsonl, type GeneratedLog } from './arbitraries/session-log.ts';
import { logWith } from './_internals/codecs.ts';
import { fail, must, refusedWith, sameJson } from './_internals/failure.ts';
import { independently } from './_internals/independent.ts';
import { defineProperty } from './_internals/property.ts';

const CHILD_CREATED_AT = 1_900_000_000_000;

/** Where to fork: every turn/end, the end, the start, a seq inside a turn, or no event count at all; and a parent that is itself a fork. */
const forkCase = fc
  .record({ log: sessionLog(), pick: fc.nat(), kind: fc.constantFrom('turn end', 'turn end', 'end', 'default', 'start', 'seeded parent', 'inside a turn', 'beyond the log', 'negative', 'taken id', 'damaged parent'), bare: independently('bare', fc.constantFrom(false, false, true)) })
  // A third of the other parents are forks too, so each boundary kind meets a log that starts with an inherited seed.
  .map(({ log, pick, kind, bare }) => ({ log: bareHeader(kind === 'seeded parent' || Math.floor(pick / 7) % 3 === 0 ? seededAt(log, pick) : log, bare), pick, kind }));

/**
 * With `bare`, the parent's header without the fields a child inherits when present (cwd,
 * delegationDepth, agentPreset): a protocol caller's header holds only what it needs (v0 reads
 * it), and a child of it holds none of them either.
 */
function bareHeader(log: GeneratedLog, bare: boolean): GeneratedLog {
  if (!bare) return log;
  const { cwd: _cwd, delegationDepth: _depth, agentPreset: _preset, ...header } = log.header;
  return { ...log, header, jsonl: `${JSON.stringify(header)}${log.jsonl.slice(log.jsonl.indexOf('\n'))}` };
}

/** The log a fork of `log` at one of its turn ends (or 0) holds: its events up to there, then the session/end-seed that ends a seed (LOG-9.1). */
function seededAt(log: GeneratedLog, pick: number): GeneratedLog {
  const ends = [0, ...log.events.filter((e) => e.type === 'turn/end').map((e) => e.seq + 1)];
  const boundary = ends[pick % ends.length]!;
  const seed = log.events.slice(0, boundary);
  const events: SessionEvent[] = [...seed, { type: 'session/end-seed', seq: boundary, time: seed.at(-1)?.time ?? log.header.createdAt, data: {} }];
  const header = { ...log.header, parentSession: 'grandparent', seedLength: boundary };
  return { ...log, header, events, jsonl: writeJsonl(header, events) };
}

type ForkCase = { readonly log: GeneratedLog; readonly pick: number; readonly kind: string };

/** The boundary, child id and parent text a case asks for, and the refusal the spec gives it (or none). */
function plan(c: ForkCase): { jsonl: string; boundary: number | null; childId: string; refusal?: string } {
  const events = c.log.events;
  const ends = events.filter((e) => e.type === 'turn/end').map((e) => e.seq + 1);
  const inside = events.flatMap((e, i) => (insideTurn(events, i) ? [i] : []));
  switch (c.kind) {
    case 'turn end':
      return { jsonl: c.log.jsonl, boundary: ends.length === 0 ? 0 : ends[c.pick % ends.length]!, childId: 'child' };
    case 'end':
      return { jsonl: c.log.jsonl, boundary: events.length, childId: 'child', ...(openAt(events, events.length) ? { refusal: 'OPEN_TURN' } : {}) };
    case 'default':
      return { jsonl: c.log.jsonl, boundary: null, childId: 'child', ...(openAt(events, events.length) ? { refusal: 'OPEN_TURN' } : {}) };
    case 'start':
      return { jsonl: c.log.jsonl, boundary: 0, childId: 'child' };
    case 'seeded parent':
      // Its events end with a session/end-seed: the child adds none (LOG-9.1).
      return { jsonl: c.log.jsonl, boundary: c.pick % 2 === 0 ? null : events.length, childId: 'child' };
    case 'inside a turn':
      return inside.length === 0 ? { jsonl: c.log.jsonl, boundary: 0, childId: 'child' } : { jsonl: c.log.jsonl, boundary: inside[c.pick % inside.length]!, childId: 'child', refusal: 'OPEN_TURN' };
    case 'beyond the log':
      return { jsonl: c.log.jsonl, boundary: events.length + 1 + (c.pick % 3), childId: 'child', refusal: 'INVALID_BOUNDARY' };
    case 'negative':
      return { jsonl: c.log.jsonl, boundary: -1 - (c.pick % 3), childId: 'child', refusal: 'INVALID_BOUNDARY' };
    case 'taken id':
      return { jsonl: c.log.jsonl, boundary: 0, childId: c.log.header.id, refusal: 'SESSION_ALREADY_EXISTS' };
    default: {
      // A committed line the reader must refuse: an unknown type that is not ignorable.
      const bad = JSON.stringify({ type: 'x-harness/unannounced', seq: events.length, time: 0, data: {} });
      return { jsonl: `${c.log.jsonl}${bad}\n`, boundary: 0, childId: 'child', refusal: 'UNKNOWN_EVENT_TYPE' };
    }
  }
}

/** Whether a boundary after `i` events would cut a turn. */
function insideTurn(events: readonly SessionEvent[], i: number): boolean {
  return openAt(events, i);
}

function openAt(events: readonly SessionEvent[], boundary: number): boolean {
  let open = false;
  for (let i = 0; i < boundary; i++) {
    if (events[i]!.type === 'turn/start') open = true;
    else if (events[i]!.type === 'turn/end') open = false;
  }
  return open;
}

export const LOG_FORK = defineProperty({
  id: 'LOG-FORK',
  title: 'a fork at a boundary outside any turn is the parent’s events up to it, byte for byte, then one session/end-seed, under a header naming the parent and the seed length, and derives what the parent derived there; a fork inside a turn, at no event count, under a taken id or of a damaged parent is refused with its code',
  clause: 'LOG-9.2, LOG-9.3 (fork and its refusals), LOG-9.1',
  levels: ['log'],
  operation: 'fork',
  arbitrary: forkCase,
  labels: (c) => {
    const p = plan(c);
    return {
      forked: p.refusal === undefined,
      'forked mid-log': p.refusal === undefined && p.boundary !== null && p.boundary < c.log.events.length,
      'forked at 0': p.refusal === undefined && p.boundary === 0,
      'seed ends with session/end-seed': p.refusal === undefined && c.log.events.slice(0, p.boundary ?? c.log.events.length).at(-1)?.type === 'session/end-seed',
      [`refused ${p.refusal ?? 'never'}`]: p.refusal !== undefined,
    };
  },
  floors: { forked: 0.2, 'forked mid-log': 0.05, 'forked at 0': 0.03, 'seed ends with session/end-seed': 0.03, 'refused OPEN_TURN': 0.05, 'refused INVALID_BOUNDARY': 0.05, 'refused SESSION_ALREADY_EXISTS': 0.03, 'refused UNKNOWN_EVENT_TYPE': 0.03 },
  codec: logWith<{ pick: number; kind: string }>(),
  async check(impl, c) {
    const p = plan(c);
    if (impl.fork === undefined) return fail('the implementation declares the operation fork but has none');
    const answer = await impl.fork(p.jsonl, p.boundary, p.childId, CHILD_CREATED_AT);
    if (p.refusal !== undefined) return refusedWith(answer, p.refusal, `a fork at ${JSON.stringify(p.boundary)} (${c.kind})`);
    const child = must(answer, `forking at ${JSON.stringify(p.boundary)} (${c.kind})`);
    const boundary = p.boundary ?? c.log.events.length;
    const loaded = loadJsonl(child).log;
    const seed = c.log.events.slice(0, boundary);
    sameJson('the child does not start with the parent’s events up to the boundary', seed, loaded.events.slice(0, boundary));
    const tail = loaded.events.slice(boundary).map((e) => e.type);
    sameJson('after the inherited events the child holds exactly one session/end-seed (none when the seed already ends with one)', seed.at(-1)?.type === 'session/end-seed' ? [] : ['session/end-seed'], tail);
    // Whole, in no particular key order: the one PROTOCOL.md's log/fork gives, the parent's cwd, delegationDepth and agentPreset where it has them.
    const { cwd, delegationDepth, agentPreset } = c.log.header;
    const expected = { type: 'session', version: c.log.header.version, id: p.childId, createdAt: CHILD_CREATED_AT, parentSession: c.log.header.id, seedLength: boundary, ...(cwd === undefined ? {} : { cwd }), ...(delegationDepth === undefined ? {} : { delegationDepth }), ...(agentPreset === undefined ? {} : { agentPreset }) };
    sameJson('the child header is not its id, its time, its parent, its seed length and what it inherits, and nothing else', sortedKeys(expected), sortedKeys(loaded.header));
    sameJson('the child derives other messages than the parent at the boundary', deriveMessagesFresh(seed), deriveMessagesFresh(loaded.events));
    sameJson('the child folds another header than the parent at the boundary', foldRequestHeader(seed) ?? null, foldRequestHeader(loaded.events) ?? null);
  },
});

const sortedKeys = (value: object) => Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

export const FORK_PROPERTIES = [LOG_FORK];
