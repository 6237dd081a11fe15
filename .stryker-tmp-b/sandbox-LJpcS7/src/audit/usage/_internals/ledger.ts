/**
 * The calls of every file read, each counted once, and their lineages. A harness writes
 * one API response on several lines (Claude Code: one per content block, with the same
 * message id and request id), re-emits a count (Codex: a token_count whose running total
 * did not move) or copies a parent's calls into a resumed or forked session: those lines
 * are one call, kept with every line that carries it. A call's lineage is the chain of
 * calls whose prefix it should extend; a resumed or forked session continues its parent's.
 */
// @ts-nocheck

import { ReconError } from '../../../errors.ts';
import { providerOfModel } from '../../../http/endpoint.ts';
import { readableTokens } from '../../../http/cache-rules.ts';
import type { Provider } from '../../../wire/index.ts';
import { attributeUsageDrop, type DropView, type Marker, type UsageDrop } from '../drop-attribution.ts';
import type { Place } from './records.ts';
import type { CallCounts, Harness, UsageCall, UsageSession } from '../usage-session.ts';

export type { CallCounts, Harness } from '../usage-session.ts';

/** One model call as a record reports it. */
export interface CallRecord {
  readonly session: string;
  readonly lineage: string;
  /** Equal for the lines that copy one response. */
  readonly key: string;
  readonly at?: number;
  readonly model?: string;
  /** The provider the record names, if it names one; otherwise the model's name decides. */
  readonly providerName?: string;
  readonly counts: CallCounts;
  /** Claude Code: a later line of the same response may carry a larger output count (it was written mid-stream). */
  readonly outputGrows: boolean;
  /** The usage object as the record wrote it. */
  readonly recorded: unknown;
  readonly place: Place;
}

/** What the readers tell the ledger. */
export interface Sink {
  call(record: CallRecord): void;
  /** A record (compaction, resume, fork) that the next call of `lineage` follows. */
  mark(lineage: string, marker: Marker): void;
  /** A record that looks like a call and is none (Claude Code's `<synthetic>` messages, an agent span that sums its children). */
  skip(reason: string, place: Place): void;
  /** A record of a type the reader does not read; listed, never silently dropped. */
  unread(type: string, place: Place): void;
  note(session: string, text: string): void;
  /** Whether calls of that session have been read (Codex: a fork's parent, a resumed thread). */
  has(session: string): boolean;
}

interface Call {
  readonly record: CallRecord;
  readonly provider: Provider | undefined;
  counts: CallCounts;
  recorded: unknown;
  readonly lines: Place[];
  readonly previous: Call | undefined;
  readonly markers: readonly Marker[];
  /** Filled by `sessions()`. */
  bound?: number;
  boundBasis: string;
  drop?: UsageDrop;
  index: number;
  children: number;
  chain?: Chain;
}

/** What the calls of a lineage so far allow a later one: the best entry per model, and the read sizes that stopped short of their prompt. */
interface Chain {
  readonly entries: Map<string, number>;
  readonly shortReads: Set<number>;
}

export interface FileCounts {
  records: number;
  calls: number;
  /** Lines that repeat a call already counted. */
  copies: number;
  /** Records that look like calls and are none, by why. */
  readonly skipped: Record<string, number>;
  readonly unread: Record<string, number>;
  readonly sessions: Set<string>;
}

const DENOMINATORS: Readonly<Record<Harness, string>> = {
  'claude-code': 'input_tokens + cache_read_input_tokens + cache_creation_input_tokens (Anthropic counts the three apart)',
  codex: 'input_tokens (OpenAI counts cached_input_tokens inside it)',
  opencode: 'tokens.input + tokens.cache.read + tokens.cache.write (opencode keeps the uncached part in tokens.input)',
  otel: 'gen_ai.usage.input_tokens (the conventions count cache reads and writes inside it)',
};

export class UsageLedger implements Sink {
  readonly #calls = new Map<string, Call>();
  readonly #order: Call[] = [];
  readonly #last = new Map<string, Call>();
  readonly #pending = new Map<string, Marker[]>();
  readonly #sessions = new Map<string, { harness: Harness; files: Set<string>; calls: Call[]; notes: Set<string> }>();
  readonly #files = new Map<string, FileCounts>();
  #harness: Harness = 'claude-code';
  /** Undo steps of the file being read: a refused file leaves nothing behind. */
  #undo: Array<() => void> = [];

  /** Starts reading `file`; `commit` keeps what it added, `rollback` takes it all back. */
  begin(file: string, harness: Harness): FileCounts {
    this.#harness = harness;
    this.#undo = [];
    const counts: FileCounts = { records: 0, calls: 0, copies: 0, skipped: {}, unread: {}, sessions: new Set() };
    this.#files.set(file, counts);
    this.#undo.push(() => this.#files.delete(file));
    return counts;
  }

  commit(): void {
    this.#undo = [];
  }

  rollback(): void {
    for (const step of this.#undo.reverse()) step();
    this.#undo = [];
  }

  /** A record was read (whatever it holds). */
  record(file: string): void {
    this.#counts(file).records++;
  }

  call(record: CallRecord): void {
    const counts = this.#counts(record.place.file);
    counts.sessions.add(record.session);
    const known = this.#calls.get(record.key);
    const previous = this.#last.get(record.lineage);
    this.#keep(this.#last, record.lineage);
    if (known !== undefined) {
      this.#copy(known, record);
      this.#last.set(record.lineage, known);
      counts.copies++;
      return;
    }
    const markers = this.#pending.get(record.lineage) ?? [];
    this.#keep(this.#pending, record.lineage);
    this.#pending.delete(record.lineage);
    const provider = providerOf(record);
    const call: Call = { record, provider, counts: record.counts, recorded: record.recorded, lines: [record.place], previous, markers, boundBasis: '', index: 0, children: 0 };
    if (previous !== undefined) previous.children++;
    this.#calls.set(record.key, call);
    this.#order.push(call);
    this.#last.set(record.lineage, call);
    const session = this.#session(record.session);
    const hadFile = session.files.has(record.place.file);
    session.files.add(record.place.file);
    session.calls.push(call);
    counts.calls++;
    this.#undo.push(() => {
      if (previous !== undefined) previous.children--;
      this.#calls.delete(record.key);
      this.#order.pop();
      session.calls.pop();
      if (!hadFile) session.files.delete(record.place.file);
    });
  }

  /** Records how to restore `map`'s entry at `key` as it is now. */
  #keep<V>(map: Map<string, V>, key: string): void {
    const had = map.has(key);
    const value = map.get(key);
    this.#undo.push(() => (had ? map.set(key, value as V) : map.delete(key)));
  }

  mark(lineage: string, marker: Marker): void {
    this.#keep(this.#pending, lineage);
    this.#pending.set(lineage, [...(this.#pending.get(lineage) ?? []), marker]);
  }

  skip(reason: string, place: Place): void {
    const skipped = this.#counts(place.file).skipped;
    skipped[reason] = (skipped[reason] ?? 0) + 1;
  }

  unread(type: string, place: Place): void {
    const unread = this.#counts(place.file).unread;
    unread[type] = (unread[type] ?? 0) + 1;
  }

  note(session: string, text: string): void {
    const notes = this.#session(session).notes;
    if (notes.has(text)) return;
    notes.add(text);
    this.#undo.push(() => notes.delete(text));
  }

  /** Whether calls of a session of that id have been read (Codex: a fork's parent, a resumed thread). */
  has(session: string): boolean {
    return (this.#sessions.get(session)?.calls.length ?? 0) > 0;
  }

  #counts(file: string): FileCounts {
    return this.#files.get(file) ?? this.begin(file, this.#harness);
  }

  #session(id: string) {
    let session = this.#sessions.get(id);
    if (session === undefined) {
      const created = { harness: this.#harness, files: new Set<string>(), calls: [] as Call[], notes: new Set<string>() };
      this.#sessions.set(id, created);
      this.#undo.push(() => this.#sessions.delete(id));
      session = created;
    }
    return session;
  }

  /** A line that repeats a counted call must report what it reported; only a mid-stream output count may grow. */
  #copy(known: Call, record: CallRecord): void {
    const [a, b] = [known.counts, record.counts];
    const fields: ReadonlyArray<keyof CallCounts> = ['prompt', 'cacheRead', 'cacheWrite', 'cacheWriteTiers', ...(record.outputGrows ? [] : (['output', 'reasoning'] as const))];
    for (const field of fields) {
      if (JSON.stringify(a[field]) !== JSON.stringify(b[field])) {
        const first = known.lines[0]!;
        throw new ReconError('USAGE_COPIES_DISAGREE', `this line repeats the call of ${first.file}${first.line === undefined ? '' : `:${first.line}`} (${record.key}) but reports ${field} ${JSON.stringify(b[field])} where that one reports ${JSON.stringify(a[field])}`, {
          location: { file: record.place.file, ...(record.place.line === undefined ? {} : { line: record.place.line }) },
        });
      }
    }
    const recorded = known.recorded;
    known.lines.push(record.place);
    if ((b.output ?? -1) > (a.output ?? -1)) {
      known.counts = { ...a, output: b.output!, ...(b.reasoning === undefined ? {} : { reasoning: b.reasoning }) };
      known.recorded = record.recorded;
    }
    this.#undo.push(() => {
      known.lines.pop();
      known.counts = a;
      known.recorded = recorded;
    });
  }

  /** What was read of each file. */
  files(): ReadonlyMap<string, FileCounts> {
    return this.#files;
  }

  /** Every session, its calls attributed, in the order sessions were first seen. */
  sessions(): UsageSession[] {
    for (const session of this.#sessions.values()) {
      // opencode writes 0 for a count its provider did not report: a session of zeros only has no cache data.
      if (session.harness !== 'opencode' || session.calls.length === 0 || session.calls.some((c) => (c.counts.cacheRead ?? 0) > 0 || (c.counts.cacheWrite ?? 0) > 0)) continue;
      session.notes.add('every step records 0 cache reads and 0 cache writes: opencode stores 0 for counts its provider did not report, so there is no cache data');
      for (const call of session.calls) {
        const { cacheRead: _read, cacheWrite: _write, ...rest } = call.counts;
        call.counts = rest;
      }
    }
    for (const session of this.#sessions.values()) session.calls.forEach((call, i) => (call.index = i + 1));
    for (const call of this.#order) this.#attribute(call);
    return [...this.#sessions.entries()].filter(([, s]) => s.calls.length > 0).map(([id, s]) => this.#report(id, s));
  }

  #attribute(call: Call): void {
    const { previous } = call;
    // A lineage that does not branch hands its state on; a branch (a fork) copies it.
    const chain: Chain = previous?.chain === undefined ? { entries: new Map(), shortReads: new Set() } : previous.children > 1 ? { entries: new Map(previous.chain.entries), shortReads: new Set(previous.chain.shortReads) } : previous.chain;
    const { counts, provider } = call;
    const model = call.record.model ?? '';
    const { bound, basis } = boundOf(counts, provider, previous === undefined ? undefined : chain.entries.get(model));
    if (bound !== undefined) call.bound = bound;
    call.boundBasis = basis;
    const drop = attributeUsageDrop({
      call: view(call),
      previous: previous === undefined ? undefined : view(previous),
      markers: call.markers,
      readBefore: (tokens) => chain.shortReads.has(tokens),
    });
    if (drop !== undefined) call.drop = drop;
    const entry = entryOf(counts, provider);
    if (entry !== undefined && entry > (chain.entries.get(model) ?? -1)) chain.entries.set(model, entry);
    if (counts.cacheRead !== undefined && counts.prompt !== undefined && counts.cacheRead < counts.prompt) chain.shortReads.add(counts.cacheRead);
    call.chain = chain;
  }

  #report(id: string, session: { harness: Harness; files: Set<string>; calls: Call[]; notes: Set<string> }): UsageSession {
    const shown = session.calls.map((call): UsageCall => {
      const { counts } = call;
      const { prompt, cacheRead, cacheWrite } = counts;
      const other = call.previous !== undefined && call.previous.record.session !== call.record.session ? { session: call.previous.record.session, index: call.previous.index } : undefined;
      return defined({
        index: call.index,
        lineage: call.record.lineage,
        at: call.record.at === undefined ? undefined : new Date(call.record.at).toISOString(),
        model: call.record.model,
        provider: call.provider,
        ...counts,
        uncached: prompt === undefined ? undefined : prompt - (cacheRead ?? 0) - (cacheWrite ?? 0),
        bound: call.bound,
        boundBasis: call.boundBasis,
        lines: call.lines,
        recorded: call.recorded,
        drop: call.drop,
        previous: other,
      }) as UsageCall;
    });
    const sum = (pick: (c: UsageCall) => number | undefined, list = shown) => (list.some((c) => pick(c) !== undefined) ? list.reduce((n, c) => n + (pick(c) ?? 0), 0) : undefined);
    const rated = (list: readonly UsageCall[]) => list.filter((c) => c.cacheRead !== undefined && c.prompt !== undefined);
    const ratio = (list: readonly UsageCall[]) => {
      const whole = sum((c) => c.prompt, rated(list)) ?? 0;
      return whole > 0 ? sum((c) => c.cacheRead, rated(list))! / whole : undefined;
    };
    const bounded = shown.filter((c) => c.bound !== undefined && c.cacheRead !== undefined);
    const boundTotal = bounded.reduce((n, c) => n + c.bound!, 0);
    const tiers: Record<string, number> = {};
    for (const c of shown) for (const [tier, n] of Object.entries(c.cacheWriteTiers ?? {})) tiers[tier] = (tiers[tier] ?? 0) + n;
    const drops: Record<string, number> = {};
    for (const c of shown) if (c.drop !== undefined) drops[c.drop.code] = (drops[c.drop.code] ?? 0) + 1;
    return defined({
      harness: session.harness,
      id,
      files: [...session.files],
      models: [...new Set(shown.flatMap((c) => (c.model === undefined ? [] : [c.model])))],
      calls: shown,
      totals: defined({ prompt: sum((c) => c.prompt), cacheRead: sum((c) => c.cacheRead), cacheWrite: sum((c) => c.cacheWrite), cacheWriteTiers: Object.keys(tiers).length > 0 ? tiers : undefined, output: sum((c) => c.output), bound: sum((c) => c.bound) }),
      rate: ratio(shown),
      rateAfterFirst: ratio(shown.slice(1)),
      denominator: DENOMINATORS[session.harness],
      attainment: boundTotal > 0 ? bounded.reduce((n, c) => n + c.cacheRead!, 0) / boundTotal : undefined,
      attainmentInSession: boundTotal > 0 ? bounded.reduce((n, c) => n + Math.min(c.cacheRead!, c.bound!), 0) / boundTotal : undefined,
      externalReads: bounded.reduce((n, c) => n + Math.max(0, c.cacheRead! - c.bound!), 0),
      drops,
      notes: [...session.notes],
    }) as UsageSession;
  }

}

function providerOf(record: CallRecord): Provider | undefined {
  if (record.providerName === undefined) return providerOfModel(record.model);
  const name = record.providerName.toLowerCase();
  return name === 'anthropic' || name === 'openai' || name === 'deepseek' ? name : undefined;
}

/**
 * What a call leaves in the cache for a later one, in the provider's terms (provider-cache.md §D):
 * Anthropic (and any provider that reports writes) caches up to its last breakpoint, its reads
 * plus writes; DeepSeek and OpenAI cache the prompt and the output after it.
 */
function entryOf(counts: CallCounts, provider: Provider | undefined): number | undefined {
  if (provider === undefined) return undefined;
  if (provider === 'anthropic' || counts.cacheWrite !== undefined) return counts.cacheRead === undefined && counts.cacheWrite === undefined ? undefined : (counts.cacheRead ?? 0) + (counts.cacheWrite ?? 0);
  return counts.prompt === undefined ? undefined : counts.prompt + (counts.output ?? 0);
}

function boundOf(counts: CallCounts, provider: Provider | undefined, best: number | undefined): { bound?: number; basis: string } {
  if (provider === undefined) return { basis: 'no data: the provider is not one whose cache rules recon models' };
  if (counts.prompt === undefined) return { basis: 'no data: the record reports no prompt size' };
  if (best === undefined) return { bound: 0, basis: 'nothing of this lineage cached yet with this model' };
  const shared = Math.min(best, counts.prompt);
  const exact = provider === 'anthropic' || counts.cacheWrite !== undefined;
  return {
    bound: exact ? shared : readableTokens(provider, shared),
    basis: `the best entry an earlier call of the lineage left with this model, ${best} tokens${exact ? '' : `, in ${provider}'s read units`}, if each request extended the one before (usage alone cannot check that)`,
  };
}

function view(call: Call): DropView {
  const { record, counts } = call;
  return defined({ provider: call.provider, model: record.model, at: record.at, prompt: counts.prompt, cacheRead: counts.cacheRead, cacheWriteTiers: counts.cacheWriteTiers, bound: call.bound, place: call.lines[0]! }) as DropView;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
