/**
 * The surface: the ordered list of seqs whose events are model-visible (spec §2.4).
 * `append` pushes a seq; `{op:'replace', start, end}` splices an inclusive range of
 * current nodes, in surface order, for the replacing event's seq.
 */
import { isSurfaceType } from './event-types.ts';
import { refuse, type LogRuleId } from './rules.ts';
import type { ReplaceOp, SessionEvent } from './types.ts';
import { isRecord } from './validate-event.ts';

function bad(rule: LogRuleId, event: SessionEvent, detail: string): never {
  return refuse(rule, `${event.type} ${detail}`, { location: { seq: event.seq } });
}

export class Surface {
  readonly #nodes: number[] = [];
  #replaceGeneration = 0;

  /** Current node seqs in surface order. A fresh copy: the caller may keep it. */
  get nodes(): readonly number[] {
    return this.#nodes.slice();
  }

  get size(): number {
    return this.#nodes.length;
  }

  /** The seq of the node at surface position `index`. */
  nodeAt(index: number): number | undefined {
    return this.#nodes[index];
  }

  /** Incremented by every replace: a fold cache keyed on it knows when to rebuild. */
  get replaceGeneration(): number {
    return this.#replaceGeneration;
  }

  /**
   * Applies `event`, or throws SURFACE_INVALID and changes nothing. `eventAt(seq)` returns
   * an earlier event of the same log. Returns the seqs a replace took off the surface.
   */
  add(event: SessionEvent, eventAt: (seq: number) => SessionEvent | undefined): readonly number[] | undefined {
    const surface = isSurfaceType(event.type);
    // A load first, not `in`: most events carry neither key, and once a process has seen many
    // event shapes (frozen and not) a load is still answered from V8's cache where `in` turns
    // into a generic lookup. A present key holds JSON, never undefined: load, fromEvents and
    // append refuse undefined (NOT_LOSSLESS_JSON) before an event reaches the log.
    const hasOp = event.surfaceOp !== undefined && Object.hasOwn(event, 'surfaceOp');
    const hasSources = event.sourceEventSeqs !== undefined && Object.hasOwn(event, 'sourceEventSeqs');
    if (!surface) {
      if (hasOp) bad('surface.op-on-log-only', event, 'is not surface-eligible and cannot carry surfaceOp');
      if (hasSources) bad('surface.sources-on-log-only', event, 'is not surface-eligible and cannot carry sourceEventSeqs');
      return undefined;
    }
    if (!hasOp) bad('surface.op-missing', event, 'is surface-eligible and requires a surfaceOp marker ("append" or a replace)');
    const op: unknown = event.surfaceOp;
    if (op !== 'append' && !isRecord(op)) bad('surface.op-value', event, `carries an invalid surfaceOp ${JSON.stringify(op)}`);
    if (hasSources) checkSources(event);
    if (op === 'append') {
      this.#nodes.push(event.seq);
      return undefined;
    }
    return this.#replace(event, op as Record<string, unknown>, eventAt);
  }

  // Apart from `add`: its closure would make every call of `add` allocate a context, even an append's.
  #replace(event: SessionEvent, op: Record<string, unknown>, eventAt: (seq: number) => SessionEvent | undefined): readonly number[] {
    const replace = checkReplaceShape(event, op);
    const from = this.#nodes.indexOf(replace.start);
    const to = this.#nodes.indexOf(replace.end);
    if (from < 0) bad('surface.replace-start', event, `replace start seq ${replace.start} not found in surface`);
    if (to < 0) bad('surface.replace-end', event, `replace end seq ${replace.end} not found in surface`);
    if (from > to) bad('surface.replace-order', event, `replace start seq ${replace.start} (index ${from}) is after end seq ${replace.end} (index ${to})`);
    const shadowed = this.#nodes.slice(from, to + 1);
    const sources = setOf(event.sourceEventSeqs ?? []);
    const missing = shadowed.filter((seq) => !sources.has(seq));
    if (missing.length > 0) bad('surface.replace-coverage', event, `sourceEventSeqs must include every shadowed surface node; missing ${missing.join(', ')}`);
    if (event.type === 'tool/result') checkToolResultRewrite(event, shadowed, eventAt);
    this.#nodes.splice(from, to - from + 1, event.seq);
    this.#replaceGeneration++;
    return shadowed;
  }
}

function checkSources(event: SessionEvent): void {
  const sources: unknown = event.sourceEventSeqs;
  if (!Array.isArray(sources)) bad('surface.sources-array', event, 'sourceEventSeqs must be an array when present');
  if (sources.length === 0 && event.type !== 'assistant/message') bad('surface.sources-empty', event, 'sourceEventSeqs must not be empty except on assistant/message');
  // Sources are usually ascending (chunks in stream order), which rules out duplicates without a Set.
  // Each member is read once and the event's seq before the loop: a list runs to hundreds.
  const at = event.seq;
  let ascending = true;
  let previous = -1;
  for (let i = 0; i < sources.length; i++) {
    const seq: unknown = sources[i];
    if (!Object.hasOwn(sources, i) || !Number.isSafeInteger(seq) || (seq as number) < 0) {
      bad('surface.sources-integers', event, 'sourceEventSeqs must densely contain non-negative safe integers');
    }
    if ((seq as number) >= at) bad('surface.sources-earlier', event, `sourceEventSeqs must reference earlier events: ${seq as number} >= current seq ${at}`);
    if ((seq as number) <= previous) ascending = false;
    previous = seq as number;
  }
  if (!ascending && setOf(sources).size !== sources.length) bad('surface.sources-distinct', event, `sourceEventSeqs must not contain duplicates (${firstDuplicate(sources)})`);
}

// A loop, not `new Set(list)`: from a frozen list the constructor takes the iterator protocol
// and allocates a result object per member (a compaction's list runs to hundreds).
function setOf(list: readonly unknown[]): Set<unknown> {
  const set = new Set<unknown>();
  for (let i = 0; i < list.length; i++) set.add(list[i]);
  return set;
}

// Apart from checkSources, for the same reason as #replace: no context for every call.
function firstDuplicate(list: readonly unknown[]): unknown {
  return list.find((item, i) => list.indexOf(item) !== i);
}

function checkReplaceShape(event: SessionEvent, op: Record<string, unknown>): ReplaceOp {
  const keys = Object.keys(op);
  const exact = keys.length === 3 && ['op', 'start', 'end'].every((key) => Object.hasOwn(op, key));
  const seqLike = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  if (!exact || op['op'] !== 'replace' || !seqLike(op['start']) || !seqLike(op['end'])) {
    bad('surface.replace-shape', event, `carries an invalid replace surfaceOp ${JSON.stringify(op)} (must be exactly {op:"replace", start, end} with seqs)`);
  }
  return { op: 'replace', start: op['start'] as number, end: op['end'] as number };
}

/** A tool/result replace rewrites one tool/result and may change only the result content. */
function checkToolResultRewrite(event: SessionEvent, shadowed: readonly number[], eventAt: (seq: number) => SessionEvent | undefined): void {
  if (shadowed.length !== 1) bad('surface.rewrite-one', event, `replace must rewrite exactly one current node, not ${shadowed.length}`);
  const target = eventAt(shadowed[0]!);
  if (target?.type !== 'tool/result') bad('surface.rewrite-target', event, `replace must target a current tool/result, not ${target?.type ?? 'nothing'}`);
  if (!sameExceptResultContent(target.data, event.data)) bad('surface.rewrite-content-only', event, 'replace may change only content (the tool-result block\'s inner content)');
}

function sameExceptResultContent(a: unknown, b: unknown): boolean {
  return deepEqualUnordered(withoutResultContent(a), withoutResultContent(b));
}

function withoutResultContent(data: unknown): unknown {
  if (!isRecord(data) || !isRecord(data['message'])) return data;
  const message = data['message'];
  const content = message['content'];
  if (!Array.isArray(content) || !isRecord(content[0])) return data;
  const first = { ...content[0], content: null };
  return { ...data, message: { ...message, content: [first, ...content.slice(1)] } };
}

// Deep equality that ignores key order, as DSH compares tool-result rewrites.
function deepEqualUnordered(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((key) => Object.hasOwn(b, key) && deepEqualUnordered((a as Rec)[key], (b as Rec)[key]));
}

type Rec = Record<string, unknown>;
