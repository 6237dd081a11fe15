/**
 * The JSONL storage form of a log (spec §5.3): line 1 is the session header, every
 * other line one event or one packed chunk row. Loading runs in two phases, so the
 * code a damaged file gets does not depend on which rule is checked first in a line:
 *
 *  1. storage, line by line: JSON syntax and torn tail, chunk rows, the envelope,
 *     lossless JSON, legacy refusals, upgrade of older shapes;
 *  2. the log rules, event by event: seq, known type, payload shape, surface.
 *
 * A torn last line is cut. Damage (an unparsable line or a seq gap) followed by a
 * later `turn/end` lies in committed data and is refused with TORN_COMMITTED.
 */
import { ReconError } from '../errors.ts';
import { CHUNK_ROW_TYPES, expandChunkRow, packChunkRuns } from './chunk-rows.ts';
import { adoptParsedJson } from './json.ts';
import { checkSessionHeader } from './session-header.ts';
import { SessionLog, type SessionLogOptions } from './session-log.ts';
import type { SessionEvent, SessionHeader } from './types.ts';
import { refusal, refuse } from './rules.ts';
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
}

export interface LoadOptions extends SessionLogOptions {
  /** Named in every error, so a user can open the file at the line. */
  readonly file?: string;
}

export function loadJsonl(text: string, options: LoadOptions = {}): LoadedLog {
  const file = options.file;
  const lines = text.split('\n');
  const terminated = text.endsWith('\n');
  const lineCount = terminated ? lines.length - 1 : lines.length;
  const place = (error: unknown, line: number | undefined, seq?: number): unknown =>
    ReconError.is(error) ? error.at({ ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }), ...(seq === undefined ? {} : { seq }) }) : error;

  if (text === '') throw place(refusal('session.present', 'the file is empty; line 1 must be the session header'), 1);
  let header: SessionHeader;
  try {
    const value: unknown = parseLine(lines[0]!);
    checkSessionHeader(value);
    header = value;
  } catch (error) {
    throw place(error, 1);
  }

  const events: SessionEvent[] = [];
  const lineOfSeq: number[] = [];
  const upgrader = new LegacyUpgrader(header.id, (seq) => events[seq]);
  const legacy = options.rules?.legacy ?? checkNotLegacy;
  let tornTail: TornTail | undefined;

  const tear = (index: number, rule: 'torn.unparsable-committed' | 'torn.seq-gap-committed', reason: string): void => {
    // A seq gap shows on an intact line after the lost one: when that line is a turn/end, the loss is committed.
    const committedAt = findTurnEnd(lines, rule === 'torn.seq-gap-committed' ? index : index + 1);
    if (committedAt !== undefined) {
      throw place(
        refusal(rule, `${reason}, but line ${committedAt + 1}${committedAt === index ? '' : ' later'} holds a turn/end: committed data is damaged`, { hint: 'the log was changed after it was written; restore it from a copy' }),
        index + 1,
      );
    }
    tornTail = {
      line: index + 1,
      reason,
      droppedLines: lineCount - index,
      droppedBytes: Buffer.byteLength(lines.slice(index).join('\n')),
    };
  };

  /** Adds a stored event, or starts a torn tail at a seq gap (and says so). */
  const take = (event: SessionEvent, index: number): boolean => {
    if (event.seq !== events.length) {
      tear(index, 'torn.seq-gap-committed', `a seq gap: expected seq ${events.length}, found ${event.seq}`);
      return false;
    }
    legacy(event);
    events.push(upgrader.upgrade(event));
    lineOfSeq.push(index + 1);
    return true;
  };

  for (let i = 1; i < lineCount && tornTail === undefined; i++) {
    const raw = lines[i]!;
    if (i === lineCount - 1 && !terminated) {
      // Never committed: no line follows it.
      tear(i, 'torn.unparsable-committed', 'the last line has no newline (a write was cut short)');
      break;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      tear(i, 'torn.unparsable-committed', raw === '' ? 'an empty line' : 'a line that is not valid JSON');
      break;
    }
    try {
      if (isChunkRow(value)) {
        for (const event of expandChunkRow(value)) if (!take(event, i)) break;
      } else {
        checkEnvelope(value, events.length);
        adoptParsedJson(value, 'event');
        take(value, i);
      }
    } catch (error) {
      throw place(error, i + 1, isSeqHolder(value) ? value.seq : undefined);
    }
  }

  const log = SessionLog.create(header, options);
  for (const event of events) {
    try {
      log.adopt(event);
    } catch (error) {
      throw place(error, lineOfSeq[event.seq], event.seq);
    }
  }
  return { log, tornTail, upgradedSeqs: upgrader.upgraded };
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
  } catch {
    return refuse('session.json', 'session header line is not valid JSON');
  }
}


function isChunkRow(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && CHUNK_ROW_TYPES.has((value as { type?: unknown }).type as string);
}

function isSeqHolder(value: unknown): value is { seq: number } {
  return typeof value === 'object' && value !== null && Number.isSafeInteger((value as { seq?: unknown }).seq);
}

function findTurnEnd(lines: readonly string[], from: number): number | undefined {
  // Only complete lines count (those a newline follows): an unterminated line was never committed.
  for (let j = from; j < lines.length - 1; j++) {
    const line = lines[j]!;
    if (!line.includes('turn/end')) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'turn/end') return j;
    } catch {
      // An unparsable line is damage, not a commit marker.
    }
  }
  return undefined;
}
