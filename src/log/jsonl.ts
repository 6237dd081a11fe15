/**
 * The JSONL storage form of a log (spec §5.3): line 1 is the session header, every
 * other line one event or one packed chunk row. Two kinds of rule apply, and a damaged
 * file gets the code of the first kind wherever it lies, whichever is checked first:
 *
 *  1. storage, line by line: JSON syntax and torn tail, chunk rows, the envelope,
 *     lossless JSON, legacy refusals, upgrade of older shapes;
 *  2. the log rules, event by event: seq, known type, payload shape, surface.
 *
 * Both run in one pass over the lines (so a file can be streamed): a storage error
 * throws at once, the first log-rule error is held until the last line is read.
 * A torn last line is cut. Damage (an unparsable line or a seq gap) followed by a
 * later `turn/end` lies in committed data and is refused with TORN_COMMITTED.
 *
 * Opened for the released formats (`versions`), the reader takes a log of v1–v4 into the
 * neutral form (format.ts, released-upgrade.ts): no packed rows from v2, the inherited cut
 * a tagged end-seed, and, for a log whose events carry neither seq nor time (DSH's snapshot
 * projection of its test logs), seqs restored from the order of the lines.
 */
import { createReadStream } from 'node:fs';
import { ReconError } from '../errors.ts';
import { expandChunkRow, packChunkRuns } from './chunk-rows.ts';
import { decodeLogBytes } from './decode-utf8.ts';
import { isZstd, ZstdFrames, type ZstdSummary } from './decode-zstd.ts';
import { zstdDecoder } from './_internals/zstd-decoders.ts';
import { formatRefusal, refusal, refuse, refuseFormat } from './rules.ts';
import { formatOf, PROTOCOL_VERSIONS, type LogFormat } from './format.ts';
import { adoptParsedJson } from './json.ts';
import { upgradeReleased } from './released-upgrade.ts';
import { checkSessionHeader } from './session-header.ts';
import { SessionLog, type SessionLogOptions } from './session-log.ts';
import type { SessionEvent, SessionHeader } from './types.ts';
import { LegacyUpgrader } from './upgrade.ts';
import { checkEnvelope, checkNotLegacy } from './validate-event.ts';

export interface TornTail {
  /** 1-based line where the cut starts. */
  readonly line: number;
  readonly reason: string;
  readonly droppedLines: number;
  readonly droppedBytes: number;
}

export interface LoadedLog {
  readonly log: SessionLog;
  /** Set when the load cut a torn tail. */
  readonly tornTail: TornTail | undefined;
  /** Seqs of events that were stored in an older shape and upgraded on load. */
  readonly upgradedSeqs: readonly number[];
  /**
   * The events carried neither seq nor time (DSH's snapshot projection of a released-format
   * log): their seqs are their positions, their times are unknown and read as 0.
   */
  readonly projected: boolean;
}

export interface LoadOptions extends SessionLogOptions {
  /** Named in every error, so a user can open the file at the line. */
  readonly file?: string;
  /**
   * Sees each event that passed the storage checks and the rules of its own seq, type and
   * payload, just before the log adopts it: the log then holds exactly the events before
   * it. Not called once a log rule failed.
   * `line` is the 1-based line that stored it (a packed chunk row stores several).
   */
  readonly observe?: (event: SessionEvent, log: SessionLog, line: number) => void;
}

export function loadJsonl(text: string, options: LoadOptions = {}): LoadedLog {
  const reader = new JsonlReader(options);
  // The text is in memory already; one split is cheaper than a search per line.
  const lines = text.split('\n');
  const last = lines.length - 1;
  for (let i = 0; i < last; i++) reader.line(lines[i]!, true);
  // Stryker disable next-line StringLiteral: a non-empty literal feeds the '' after a final newline as a last line, which cuts an empty torn tail (a LoadedLog.tornTail only), or, for an empty file, refuses line 1 as session.json where session.present does: both SESSION_HEADER_INVALID
  if (lines[last] !== '') reader.line(lines[last]!, false);
  return reader.end();
}

// Stryker disable all: the file reader of `recon audit` and the import (bytes, blocks, zstd frames); the protocol hands an implementation its log as text, which loadJsonl reads (tested by test/log/stream-load.test.ts, test/log/zstd.test.ts)
/** Where a log file's text came from: plain JSONL, or Zstandard frames (DSH's `.jsonl.zstd`). */
export type LogSource = { readonly compression: 'none' } | ({ readonly compression: 'zstd' } & ZstdSummary);

/**
 * Loads a log from a file without holding its text: lines are read in blocks and fed to
 * the reader `loadJsonl` uses. A file that starts with a Zstandard magic number is read
 * frame by frame (`ZstdFrames`), whatever its name. `progress` hears the file bytes read so far.
 */
export async function loadJsonlFile(path: string, options: LoadOptions & { readonly progress?: (bytes: number) => void } = {}): Promise<LoadedLog & { readonly source: LogSource }> {
  const file = options.file ?? path;
  const reader = new JsonlReader(options);
  const lines = new LineFeed(reader, file);
  let frames: ZstdFrames | undefined;
  // The first bytes decide the encoding; a pipe may hand out fewer than a magic number at first.
  let head: Buffer | undefined = Buffer.alloc(0);
  let bytes = 0;
  const feed = (block: Buffer) => {
    if (frames === undefined) lines.push(block);
    else for (const text of frames.push(block)) lines.push(text);
  };
  for await (const block of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    bytes += block.length;
    if (head !== undefined) {
      head = head.length === 0 ? block : Buffer.concat([head, block]);
      if (head.length < 4) continue;
      if (isZstd(head)) frames = new ZstdFrames(file, await zstdDecoder());
      feed(head);
      head = undefined;
    } else feed(block);
    options.progress?.(bytes);
  }
  if (head !== undefined && head.length > 0) feed(head);
  const zstd = frames?.end();
  if (zstd?.text !== undefined) lines.push(zstd.text);
  lines.end();
  const loaded = reader.end();
  frames?.checkCommitted(loaded.tornTail?.line);
  return { ...loaded, source: zstd === undefined ? { compression: 'none' } : { compression: 'zstd', ...zstd.summary } };
}

/** Blocks of text to lines: parts of a line that spans blocks are joined once its newline arrives (linear in the line). */
class LineFeed {
  readonly #reader: JsonlReader;
  readonly #file: string;
  #parts: Uint8Array[] = [];
  #line = 1;

  constructor(reader: JsonlReader, file: string) {
    this.#reader = reader;
    this.#file = file;
  }

  push(block: Uint8Array): void {
    let start = 0;
    for (let end = block.indexOf(10); end >= 0; end = block.indexOf(10, start)) {
      const piece = block.subarray(start, end);
      this.#reader.line(utf8Line(this.#parts.length === 0 ? piece : Buffer.concat([...this.#parts, piece]), this.#line++, this.#file), true);
      this.#parts = [];
      start = end + 1;
    }
    if (start < block.length) this.#parts.push(block.subarray(start));
  }

  end(): void {
    if (this.#parts.length > 0) this.#reader.line(utf8Line(Buffer.concat(this.#parts), this.#line, this.#file), false);
  }
}

/** One line's bytes as text, refused with LOG_NOT_UTF8 (and its line) when they are not UTF-8. */
function utf8Line(bytes: Uint8Array, line: number, file: string): string {
  try {
    return decodeLogBytes(bytes);
  } catch (error) {
    throw ReconError.is(error) ? error.at({ file, line }) : error;
  }
}
// Stryker restore all

/**
 * The loader, one line at a time. Storage errors throw at once; the first log-rule error
 * is held until the end, so a storage error anywhere in the file still wins, as if the
 * whole file were checked for storage first. After a cut, the rest is only scanned for a
 * `turn/end` that would prove the damage committed.
 */
class JsonlReader {
  readonly #options: LoadOptions;
  readonly #legacy: (event: SessionEvent) => void;
  #line = 0;
  #log: SessionLog | undefined;
  #upgrader: LegacyUpgrader | undefined;
  #format: LogFormat | undefined;
  /** Whether the events lack seq and time (decided by the first; released formats only). */
  #projected: boolean | undefined;
  /** The tagged `session/end-seed` markers seen (v2+: the inherited cut). */
  #inheritedMarkers = 0;
  /** The seq the next stored event must carry. */
  #next = 0;
  /** The first log-rule error (or the header the log refused), thrown by `end`. */
  #held: unknown;
  #cut: { line: number; seq: number | undefined; rule: CommittedRule; reason: string; lines: number; bytes: number } | undefined;

  constructor(options: LoadOptions) {
    this.#options = options;
    this.#legacy = options.rules?.legacy ?? checkNotLegacy;
  }

  line(raw: string, terminated: boolean): void {
    const n = ++this.#line;
    if (this.#cut !== undefined) return this.#afterCut(raw, terminated);
    if (n === 1) return this.#header(raw);
    // Stryker disable next-line StringLiteral: the reason is prose, read only in TORN_COMMITTED's message and a LoadedLog.tornTail, neither compared by the protocol
    if (!terminated) return this.#tear(n, undefined, 'torn.unparsable-committed', 'the last line has no newline (a write was cut short)', raw, terminated);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      // Stryker disable next-line StringLiteral,ConditionalExpression,EqualityOperator: which reason is prose, read only in TORN_COMMITTED's message and a LoadedLog.tornTail, neither compared by the protocol
      return this.#tear(n, undefined, 'torn.unparsable-committed', raw === '' ? 'an empty line' : 'a line that is not valid JSON', raw, terminated);
    }
    try {
      // Stryker disable next-line ConditionalExpression: only a released format (v2+, read with `versions` by the audit) lacks packed rows; the protocol's reader reads v0 alone
      if (!this.#format!.packedRows) value = this.#released(value);
      if (isChunkRow(value)) {
        // Indexed, not for…of: the iterator's result objects are garbage for every member.
        const events = expandChunkRow(value);
        for (let i = 0; i < events.length; i++) if (!this.#take(events[i]!, n, undefined, raw)) break;
      } else {
        checkEnvelope(value, this.#next);
        // Stryker disable next-line StringLiteral: the path names the value in NOT_LOSSLESS_JSON's message only
        adoptParsedJson(value, 'event');
        this.#take(value, n, value.seq, raw);
      }
    } catch (error) {
      throw this.#place(error, n, isSeqHolder(value) ? value.seq : undefined);
    }
  }

  end(): LoadedLog {
    if (this.#line === 0) throw this.#place(refusal('session.present', 'the file is empty; line 1 must be the session header'), 1);
    if (this.#held !== undefined) throw this.#held;
    const log = this.#log!;
    // Stryker disable ConditionalExpression,EqualityOperator,BooleanLiteral,BlockStatement,StringLiteral: only a released format (v2+, read with `versions` by the audit) has a seeded header; the protocol's reader reads v0 alone
    if (this.#format!.seededHeader && (log.header.isSeeded === true) !== this.#inheritedMarkers > 0) {
      throw this.#place(
        formatRefusal('format.inherited-cut', log.header.isSeeded === true ? 'the header says the log is seeded, but no session/end-seed {inherited: true} marks its inherited cut' : 'the header says the log is not seeded, but a session/end-seed {inherited: true} marks an inherited cut'),
        1,
      );
    }
    // Stryker restore ConditionalExpression,EqualityOperator,BooleanLiteral,BlockStatement,StringLiteral
    const cut = this.#cut;
    return {
      log,
      // Stryker disable next-line all: what a load cut is reported to the audit (usage reports); the protocol's load answers the header and the events kept
      tornTail: cut === undefined ? undefined : { line: cut.line, reason: cut.reason, droppedLines: cut.lines, droppedBytes: cut.bytes },
      upgradedSeqs: this.#upgrader!.upgraded,
      // Stryker disable next-line all: a snapshot projection is a released-format log (read with `versions` by the audit); the protocol's reader reads v0 alone
      projected: this.#projected === true,
    };
  }

  /**
   * A v2+ line: no packed rows (streams are embedded), and the envelope restored when the
   * log is a snapshot projection, whose events DSH's normalizer stripped of seq and time.
   */
  // Stryker disable all: a v2+ line, read only with `versions` (the audit's released formats); the protocol's reader reads v0 alone (tested by test/log/formats.test.ts)
  #released(value: unknown): unknown {
    if (isChunkRow(value)) refuseFormat('format.packed-row', `a packed ${String(value['type'])} row; from format v2 a stream is embedded in its assistant/message`);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const record = value as Record<string, unknown>;
    const bare = !Object.hasOwn(record, 'seq') && !Object.hasOwn(record, 'time');
    this.#projected ??= bare;
    if (!this.#projected) return value;
    if (!bare) refuseFormat('format.projected-envelope', 'an event carries seq or time, but the first event carried neither (a snapshot projection): no event may');
    const { type, ...rest } = record;
    return { type, seq: this.#next, time: 0, ...rest };
  }
  // Stryker restore all

  #header(raw: string): void {
    // Stryker disable next-line ConditionalExpression,MethodExpression,BlockStatement: a BOM before the "{" fails JSON.parse, so the header is refused as session.json where session.bom does: both SESSION_HEADER_INVALID, the code the protocol compares
    if (raw.startsWith('\uFEFF')) {
      // Stryker disable next-line ObjectLiteral: the options hold the hint, prose
      throw this.#place(refusal('session.bom', 'the file starts with a byte order mark (BOM, U+FEFF, bytes EF BB BF); a session log is UTF-8 without a BOM, so line 1 must start with the header\'s "{"', { hint: 'remove the first three bytes; the editor or tool that wrote the file added them' }), 1);
    }
    let header: SessionHeader;
    try {
      const value: unknown = parseLine(raw);
      // Stryker disable next-line LogicalOperator: undefined versions are checkSessionHeader's default, PROTOCOL_VERSIONS
      checkSessionHeader(value, this.#options.versions ?? PROTOCOL_VERSIONS);
      header = value;
    } catch (error) {
      throw this.#place(error, 1);
    }
    this.#format = formatOf(header.version);
    // #log stays unset when SessionLog.create refuses a header checkSessionHeader let through (a lossy number in it); the error is held for the first event.
    this.#upgrader = new LegacyUpgrader(header.id, (seq) => this.#log?.eventAt(seq));
    try {
      this.#log = SessionLog.create(header, this.#options);
    } catch (error) {
      this.#held = error;
    }
  }

  /** Adds a stored event, or starts a torn tail at a seq gap (and says so). */
  #take(event: SessionEvent, line: number, seq: number | undefined, raw: string): boolean {
    if (event.seq !== this.#next) {
      // Stryker disable next-line StringLiteral,BooleanLiteral: the reason is prose and `terminated` counts the cut's bytes, read only in TORN_COMMITTED's message and a LoadedLog.tornTail
      this.#tear(line, seq, 'torn.seq-gap-committed', `a seq gap: expected seq ${this.#next}, found ${event.seq}`, raw, true);
      // A seq gap shows on an intact line after the lost one: when that line is a turn/end, the loss is committed.
      if (isTurnEnd(raw)) this.#committed(line);
      return false;
    }
    this.#legacy(event);
    const upgraded = this.#format!.legacyShapes ? this.#upgrader!.upgrade(event) : upgradeReleased(event, this.#format!);
    // Stryker disable next-line all: the count is read only for a seeded header (v2+, the audit's released formats)
    if (upgraded.type === 'session/end-seed' && (upgraded.data as { inherited?: unknown } | null)?.inherited === true) this.#inheritedMarkers++;
    this.#next++;
    if (this.#held !== undefined) return true;
    const log = this.#log!;
    try {
      // Checked before it is observed: an observer reads only data its type's rules let through.
      log.check(upgraded);
      this.#options.observe?.(upgraded, log, line);
      log.adoptChecked(upgraded);
    } catch (error) {
      // Stryker disable next-line ConditionalExpression: the log's rules throw only ReconErrors; anything else is a crash whether thrown now or held
      if (!ReconError.is(error)) throw error;
      this.#held = this.#place(error, line, upgraded.seq);
    }
    return true;
  }

  /** Cuts the log at `line`: a torn tail, unless a later line proves the damage committed. */
  #tear(line: number, seq: number | undefined, rule: CommittedRule, reason: string, raw: string, terminated: boolean): void {
    // Stryker disable next-line ArithmeticOperator,ConditionalExpression,BooleanLiteral: the cut's size is reported in a LoadedLog.tornTail only
    this.#cut = { line, seq, rule, reason, lines: 1, bytes: Buffer.byteLength(raw) + (terminated ? 1 : 0) };
  }

  /** The damage at the cut is followed by (or sits on) the turn/end on line `at`: it is committed. */
  #committed(at: number): never {
    const cut = this.#cut!;
    throw this.#place(
      // Stryker disable next-line ObjectLiteral: the options hold the hint, prose
      refusal(cut.rule, `${cut.reason}, but line ${at}${at === cut.line ? '' : ' later'} holds a turn/end: committed data is damaged`, {
        hint: 'the log was changed after it was written; restore it from a copy',
      }),
      cut.line,
      cut.seq,
    );
  }

  #afterCut(raw: string, terminated: boolean): void {
    const cut = this.#cut!;
    // Only complete lines count (those a newline follows): an unterminated line was never committed.
    if (terminated && isTurnEnd(raw)) this.#committed(this.#line);
    // Stryker disable next-line UpdateOperator: the cut's size is reported in a LoadedLog.tornTail only
    cut.lines++;
    // Stryker disable next-line all: the cut's size is reported in a LoadedLog.tornTail only
    cut.bytes += Buffer.byteLength(raw) + (terminated ? 1 : 0);
  }

  #place(error: unknown, line: number | undefined, seq?: number): unknown {
    const file = this.#options.file;
    // Stryker disable next-line ObjectLiteral,ConditionalExpression,EqualityOperator: a refusal's file, line and seq are in its message only; the protocol compares refusals by code
    return ReconError.is(error) ? error.at({ ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }), ...(seq === undefined ? {} : { seq }) }) : error;
  }
}

/** The JSONL text of a log; `saveJsonl(loadJsonl(text).log) === text` for any text this wrote. */
export function saveJsonl(log: SessionLog): string {
  let out = `${JSON.stringify(log.header)}\n`;
  for (const record of packChunkRuns(log.events)) out += `${JSON.stringify(record)}\n`;
  return out;
}

function parseLine(raw: string): unknown {
  try {
    return JSON.parse(raw);
    // Stryker disable next-line BlockStatement: without it the header is undefined, refused as session.object: SESSION_HEADER_INVALID either way
  } catch {
    return refuse('session.json', 'session header line is not valid JSON');
  }
}

type CommittedRule = 'torn.unparsable-committed' | 'torn.seq-gap-committed';

function isChunkRow(value: unknown): value is Record<string, unknown> {
  if (value === null) return false;
  // Stryker disable next-line ConditionalExpression: a primitive's type is undefined, which the switch answers false
  if (typeof value !== 'object') return false;
  // A switch, not a Set: a parsed type string is not interned, so a Set must hash it first.
  switch ((value as { type?: unknown }).type) {
    case 'text-chunks':
    case 'reasoning-chunks':
    case 'tool-call-chunks':
      return true;
    // Stryker disable next-line ConditionalExpression: without the return the function returns undefined, as falsy as false
    default:
      return false;
  }
}

// Stryker disable BlockStatement,EqualityOperator,StringLiteral: the seq it finds only places a refusal (#place), which the protocol does not compare
function isSeqHolder(value: unknown): value is { seq: number } {
  return typeof value === 'object' && value !== null && Number.isSafeInteger((value as { seq?: unknown }).seq);
}
// Stryker restore BlockStatement,EqualityOperator,StringLiteral

function isTurnEnd(line: string): boolean {
  // Stryker disable next-line ConditionalExpression,StringLiteral: a shortcut; without it the parse below answers the same
  if (!line.includes('turn/end')) return false;
  try {
    const value: unknown = JSON.parse(line);
    // A primitive's type is undefined.
    // Stryker disable next-line OptionalChaining: a line holding "turn/end" never parses to null
    return (value as { type?: unknown } | null)?.type === 'turn/end';
    // Stryker disable next-line BlockStatement: without it the answer is undefined, as falsy as false
  } catch {
    // An unparsable line is damage, not a commit marker.
    return false;
  }
}
