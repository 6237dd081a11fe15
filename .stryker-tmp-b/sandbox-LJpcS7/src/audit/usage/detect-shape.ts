/**
 * What kind of log a file holds, told by the shape of its records (never by its name):
 * a DSH session log goes to the DSH audit; a Claude Code transcript, a Codex rollout,
 * opencode parts or OTLP spans to the usage audit; a file of records that are none of
 * these is refused with LOG_SHAPE_UNKNOWN at the line of its first record. A file that
 * cannot be read, or is not JSON at all, is left to the DSH loader, whose codes name that.
 */
// @ts-nocheck

import { refuseNonRegular } from '../_internals/regular-file.ts';
import { createReadStream, statSync } from 'node:fs';
import { isObject } from './_internals/counts.ts';
import { readJsonDocument } from './_internals/records.ts';
import type { Harness } from './usage-session.ts';

export type LogShape =
  | { readonly kind: 'dsh' }
  | { readonly kind: 'usage'; readonly harness: Harness; readonly layout: 'lines' | 'document'; readonly codex?: { readonly thread: string; readonly forkedFrom?: string } }
  | { readonly kind: 'unknown'; readonly line: number; readonly detail: string };

/** Records looked at before a file of none of the shapes is refused. */
const LOOK_AHEAD = 20;
/** A document larger than this is not parsed just to learn its shape (a directory's other JSON). */
const DOCUMENT_LIMIT = 256 * 1024 * 1024;

const CODEX_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);
const CLAUDE_CODE_TYPES = new Set(['user', 'assistant', 'system', 'summary', 'queue-operation', 'file-history-snapshot', 'progress']);

/** The harness whose record `value` is, `dsh` for a DSH log's line, undefined when it tells nothing. */
export function shapeOfRecord(value: unknown): Harness | 'dsh' | undefined {
  if (Array.isArray(value)) return value.length > 0 ? shapeOfRecord(value[0]) : undefined;
  if (!isObject(value)) return undefined;
  if (Array.isArray(value['resourceSpans'])) return 'otel';
  const type = value['type'];
  if (typeof value['timestamp'] === 'string' && typeof type === 'string' && CODEX_TYPES.has(type) && isObject(value['payload'])) return 'codex';
  if (typeof value['sessionId'] === 'string' && (typeof value['uuid'] === 'string' || isObject(value['message']) || (typeof type === 'string' && CLAUDE_CODE_TYPES.has(type)))) return 'claude-code';
  if ((type === 'summary' && typeof value['leafUuid'] === 'string') || (type === 'file-history-snapshot' && typeof value['messageId'] === 'string')) return 'claude-code';
  if (typeof value['sessionID'] === 'string' && typeof value['id'] === 'string' && (typeof value['messageID'] === 'string' || typeof value['role'] === 'string')) return 'opencode';
  if (isObject(value['info']) && (Array.isArray(value['parts']) || Array.isArray(value['messages']))) return 'opencode';
  if (typeof value['id'] === 'string' && /^ses_/.test(value['id']) && isObject(value['time'])) return 'opencode';
  // A DSH header (tagged or not) or event.
  if (type === 'session' || typeof value['seq'] === 'number' || typeof value['seq0'] === 'number' || ('version' in value && 'id' in value) || (typeof type === 'string' && type.includes('/'))) return 'dsh';
  return undefined;
}

/** The shape of the file at `path`, from its first records (or, when its first line is not JSON, from the whole document). */
export async function sniffLogShape(path: string): Promise<LogShape> {
  if (refuseNonRegular(path, path) !== undefined) return { kind: 'dsh' }; // never opened: auditFile refuses it with its code
  let lines: Array<{ text: string; line: number }>;
  try {
    lines = await firstLines(path, LOOK_AHEAD);
  } catch {
    return { kind: 'dsh' };
  }
  const first = lines[0];
  if (first === undefined) return { kind: 'dsh' };
  let value: unknown;
  try {
    value = JSON.parse(first.text);
  } catch {
    return /^\s*[[{]/.test(first.text) ? documentShape(path) : { kind: 'dsh' };
  }
  for (const [i, { text }] of lines.entries()) {
    let record: unknown;
    try {
      record = i === 0 ? value : JSON.parse(text);
    } catch {
      break;
    }
    const shape = shapeOfRecord(record);
    if (shape === 'dsh' && i === 0) return { kind: 'dsh' };
    if (shape !== undefined && shape !== 'dsh') return { kind: 'usage', harness: shape, layout: 'lines', ...codexMeta(shape, record) };
  }
  return { kind: 'unknown', line: first.line, detail: unknownDetail(value) };
}

function documentShape(path: string): LogShape {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return { kind: 'dsh' };
  }
  if (size > DOCUMENT_LIMIT) return { kind: 'dsh' };
  let value: unknown;
  try {
    value = readJsonDocument(path, path);
  } catch {
    return { kind: 'dsh' };
  }
  const shape = shapeOfRecord(value);
  if (shape !== undefined && shape !== 'dsh') return { kind: 'usage', harness: shape, layout: 'document' };
  return { kind: 'unknown', line: 1, detail: unknownDetail(value) };
}

function codexMeta(shape: Harness, record: unknown): Pick<Extract<LogShape, { kind: 'usage' }>, 'codex'> {
  if (shape !== 'codex' || !isObject(record) || record['type'] !== 'session_meta') return {};
  const payload = record['payload'] as Record<string, unknown>;
  if (typeof payload['id'] !== 'string') return {};
  return { codex: { thread: payload['id'], ...(typeof payload['forked_from_id'] === 'string' ? { forkedFrom: payload['forked_from_id'] } : {}) } };
}

function unknownDetail(value: unknown): string {
  const shown = isObject(value) ? `an object with ${Object.keys(value).slice(0, 6).map((k) => JSON.stringify(k)).join(', ') || 'no keys'}` : Array.isArray(value) ? 'a list' : `a ${value === null ? 'null' : typeof value}`;
  return `the first record is ${shown}: no DSH session log, Claude Code transcript, Codex rollout, opencode parts or OTLP spans starts so`;
}

/** The first `n` non-blank lines of a file, with their line numbers; a line is read whole, however long. */
async function firstLines(path: string, n: number): Promise<Array<{ text: string; line: number }>> {
  const found: Array<{ text: string; line: number }> = [];
  let parts: Buffer[] = [];
  let line = 0;
  const stream = createReadStream(path, { highWaterMark: 1 << 16 });
  const take = (bytes: Buffer) => {
    line++;
    const text = bytes.toString('utf8');
    if (text.trim() !== '') found.push({ text, line });
  };
  try {
    for await (const block of stream as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = block.indexOf(10); end >= 0 && found.length < n; end = block.indexOf(10, start)) {
        take(parts.length === 0 ? block.subarray(start, end) : Buffer.concat([...parts, block.subarray(start, end)]));
        parts = [];
        start = end + 1;
      }
      if (found.length >= n) return found;
      if (start < block.length) parts.push(block.subarray(start));
    }
    if (parts.length > 0 && found.length < n) take(Buffer.concat(parts));
    return found;
  } finally {
    stream.destroy();
  }
}
