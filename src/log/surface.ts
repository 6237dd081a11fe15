/**
 * The surface: the ordered list of seqs whose events are model-visible (spec §2.4).
 * `append` pushes a seq; `{op:'replace', start, end}` splices an inclusive range of
 * current nodes, in surface order, for the replacing event's seq. From format v3 a
 * system/message at node 0 is protected, and `image/offload` changes the projection of
 * current nodes without moving them (dsh-eras §2, §6.4).
 */
import { V0, type LogFormat } from './format.ts';
import { offloadImages } from './image-offload.ts';
import { refuse, refuseFormat, type LogRuleId } from './rules.ts';
import type { ImageOffloadData, Message, ReplaceOp, SessionEvent } from './types.ts';
import { isRecord } from './validate-event.ts';

function bad(rule: LogRuleId, event: SessionEvent, detail: string): never {
  // Stryker disable next-line ObjectLiteral: the location reaches an answer only inside the refusal's message, which the protocol leaves free text (docs/PROTOCOL.md)
  return refuse(rule, `${event.type} ${detail}`, { location: { seq: event.seq } });
}

export class Surface {
  readonly #nodes: number[] = [];
  readonly #format: LogFormat;
  #replaceGeneration = 0;
  #contentGeneration = 0;
  /** Messages an image/offload changed, by the seq of their node. */
  readonly #projected = new Map<number, Message>();

  constructor(format: LogFormat = V0) {
    this.#format = format;
  }

  /** Current node seqs in surface order. A fresh copy: the caller may keep it. */
  get nodes(): readonly number[] {
    // Stryker disable next-line MethodExpression: every reader of the reference (the loop, the fold mutants) reads the list and keeps none of it across a change of the surface
    return this.#nodes.slice();
  }

  get size(): number {
    return this.#nodes.length;
  }

  /** The seq of the node at surface position `index`. */
  nodeAt(index: number): number | undefined {
    return this.#nodes[index];
  }

  /** Incremented by every replace. */
  // Stryker disable next-line all: read only by the audit (audit-log.ts) and the catalog's fold mutants; no answer of the reference reads it
  get replaceGeneration(): number {
    return this.#replaceGeneration;
  }

  /** Incremented by every replace and every change of a node's projection: a fold cache keyed on it knows when to rebuild. */
  get contentGeneration(): number {
    return this.#contentGeneration;
  }

  /** The message node `seq` projects to when an image/offload changed it; undefined when it projects its own. */
  // Stryker disable next-line BlockStatement: a projection exists only after a format v3+ image/offload, and the reference reads v0 only
  projected(seq: number): Message | undefined {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a projection exists only after a format v3+ image/offload, and the reference reads v0 only
    return this.#projected.size === 0 ? undefined : this.#projected.get(seq);
  }

  /**
   * Applies `event`, or throws SURFACE_INVALID and changes nothing. `eventAt(seq)` returns
   * an earlier event of the same log. Returns the seqs a replace took off the surface.
   */
  add(event: SessionEvent, eventAt: (seq: number) => SessionEvent | undefined): readonly number[] | undefined {
    const surface = this.#format.isSurfaceType(event.type);
    // A load first, not `in`: most events carry neither key, and once a process has seen many
    // event shapes (frozen and not) a load is still answered from V8's cache where `in` turns
    // into a generic lookup. A present key holds JSON, never undefined: load, fromEvents and
    // append refuse undefined (NOT_LOSSLESS_JSON) before an event reaches the log.
    // Stryker disable next-line LogicalOperator,ConditionalExpression: a present key is never undefined (above), and an event's keys are its own (JSON.parse or an append's draft)
    const hasOp = event.surfaceOp !== undefined && Object.hasOwn(event, 'surfaceOp');
    // Stryker disable next-line LogicalOperator,ConditionalExpression: as for hasOp
    const hasSources = event.sourceEventSeqs !== undefined && Object.hasOwn(event, 'sourceEventSeqs');
    if (!surface) {
      if (hasOp) bad('surface.op-on-log-only', event, 'is not surface-eligible and cannot carry surfaceOp');
      if (hasSources) bad('surface.sources-on-log-only', event, 'is not surface-eligible and cannot carry sourceEventSeqs');
      // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: in v0, the only format the reference reads, systemMessages is false, so the type test never decides (the || mutant is killed: v0 logs hold ignorable image/offload events)
      if (event.type === 'image/offload' && this.#format.systemMessages) this.#offload(event, eventAt);
      return undefined;
    }
    // Stryker disable next-line ConditionalExpression: without the check, an absent surfaceOp is undefined, which the next line refuses by a rule of the same code (SURFACE_INVALID)
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
    // Stryker disable next-line ConditionalExpression: an end not on the surface (to = -1) with a start on it is after the start, which replace-order refuses with the same code; with neither, replace-start has refused
    if (to < 0) bad('surface.replace-end', event, `replace end seq ${replace.end} not found in surface`);
    if (from > to) bad('surface.replace-order', event, `replace start seq ${replace.start} (index ${from}) is after end seq ${replace.end} (index ${to})`);
    const shadowed = this.#nodes.slice(from, to + 1);
    // Stryker disable next-line ArrayDeclaration: the set is only asked for seqs, which a string in it never is
    const sources = setOf(event.sourceEventSeqs ?? []);
    const missing = shadowed.filter((seq) => !sources.has(seq));
    if (missing.length > 0) bad('surface.replace-coverage', event, `sourceEventSeqs must include every shadowed surface node; missing ${missing.join(', ')}`);
    if (event.type === 'tool/result') checkToolResultRewrite(event, shadowed, eventAt);
    // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: checkSystemHead returns at once unless surface node 0 is a system/message, which only a v3+ surface holds; the reference reads v0 only
    if (from === 0 && this.#format.systemMessages) checkSystemHead(event, shadowed, eventAt);
    this.#nodes.splice(from, to - from + 1, event.seq);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a projection exists only after a format v3+ image/offload, and the reference reads v0 only: deleting from the empty map or not is alike
    if (this.#projected.size > 0) for (const seq of shadowed) this.#projected.delete(seq);
    // Stryker disable next-line UpdateOperator: read only by the audit and the catalog's fold mutants (see replaceGeneration)
    this.#replaceGeneration++;
    // Stryker disable next-line UpdateOperator: the fold cache (fold/session.ts) only asks whether it changed, which a decrement answers alike
    this.#contentGeneration++;
    return shadowed;
  }

  // Stryker disable all: image/offload applies only in a format v3+ log (add, above); the reference reads v0 only (test/log/formats.test.ts checks it)
  /** Applies an image/offload (its shape is checked already), or refuses it and changes nothing. */
  #offload(event: SessionEvent, eventAt: (seq: number) => SessionEvent | undefined): void {
    const changed = new Map<number, Message>();
    for (const { seq, imageIndexes } of (event.data as ImageOffloadData).targets) {
      const target = this.#nodes.includes(seq) ? eventAt(seq) : undefined;
      const own = target?.type === 'user/message' ? (target.data as Message) : target?.type === 'tool/result' ? ((target.data as { message: Message }).message) : undefined;
      if (own === undefined) refuseFormat('format.offload-target', `image/offload targets seq ${seq}, which is not a current user/message or tool/result node`, { location: { seq: event.seq } });
      const message = offloadImages(this.projected(seq) ?? own, imageIndexes);
      if (typeof message === 'string') refuseFormat('format.offload-target', `image/offload cannot offload from seq ${seq}: ${message}`, { location: { seq: event.seq } });
      changed.set(seq, message);
    }
    for (const [seq, message] of changed) this.#projected.set(seq, message);
    this.#contentGeneration++;
  }
  // Stryker restore all
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
// Stryker disable all: the duplicate found only fills in the refusal's message, free text in the protocol
function firstDuplicate(list: readonly unknown[]): unknown {
  return list.find((item, i) => list.indexOf(item) !== i);
}
// Stryker restore all

function checkReplaceShape(event: SessionEvent, op: Record<string, unknown>): ReplaceOp {
  const keys = Object.keys(op);
  const exact = keys.length === 3 && ['op', 'start', 'end'].every((key) => Object.hasOwn(op, key));
  const seqLike = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  if (!exact || op['op'] !== 'replace' || !seqLike(op['start']) || !seqLike(op['end'])) {
    bad('surface.replace-shape', event, `carries an invalid replace surfaceOp ${JSON.stringify(op)} (must be exactly {op:"replace", start, end} with seqs)`);
  }
  return { op: 'replace', start: op['start'] as number, end: op['end'] as number };
}

// Stryker disable all: reached only in a format v3+ log (see #replace); the reference reads v0 only (test/log/formats.test.ts checks it)
/** v3+ (DSH's surface fold): while node 0 is a system/message, only a system/message over exactly it may replace it. */
function checkSystemHead(event: SessionEvent, shadowed: readonly number[], eventAt: (seq: number) => SessionEvent | undefined): void {
  if (eventAt(shadowed[0]!)?.type !== 'system/message') return;
  if (event.type !== 'system/message' || shadowed.length !== 1) {
    refuseFormat('format.system-head', `${event.type} replaces surface node 0, which holds the system prompt: only a system/message over exactly that node may`, { location: { seq: event.seq } });
  }
}
// Stryker restore all

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
