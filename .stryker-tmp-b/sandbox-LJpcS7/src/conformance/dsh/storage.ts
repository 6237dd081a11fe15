/**
 * The JSONL storage form as DSH's JSONL backend reads and writes it. That backend
 * (`dsh-session-persistence-jsonl`) needs Node 22 (zstd in node:zlib), so its line rules
 * are restated here from its documented behaviour (spec §5.3 items 1–2); each stored
 * line is decoded by DSH's own `decodeStorageRecord`, and writing uses DSH's
 * `packChunkRuns`. Messages are DSH's, so one table maps them to codes.
 */
// @ts-nocheck

import type { SessionEvent as DshEvent, SessionHeader as DshHeader } from '@deepseek-ai/dsh-session';
import type { SessionHeader } from '../../log/index.ts';
import type { DshPackages } from './packages.ts';

export interface StoredLog {
  readonly meta: DshHeader;
  readonly events: DshEvent[];
}

/** Splits, version-checks and decodes a log; a torn last line is cut, damage before a later turn/end throws. */
export function readStoredLog(dsh: DshPackages, text: string): StoredLog {
  const headerEnd = text.indexOf('\n');
  if (headerEnd === -1) throw new Error('empty or header-less session log');
  const meta = parseHeaderLine(dsh, text.slice(0, headerEnd));
  const lines = text.slice(headerEnd + 1).split('\n');
  lines.pop(); // after the last newline: empty, or a torn fragment that was never committed
  const events: DshEvent[] = [];
  let damage: Error | undefined;
  for (const [i, line] of lines.entries()) {
    let decoded: DshEvent[];
    try {
      decoded = dsh.session.decodeStorageRecord(JSON.parse(line));
    } catch {
      damage ??= new Error(`corrupt session log: unparsable committed event at line ${i + 1}`);
      continue;
    }
    const commits = decoded.some((event) => event.type === 'turn/end');
    if (damage !== undefined) {
      if (commits) throw damage;
      continue;
    }
    const gap = decoded.findIndex((event, k) => event.seq !== events.length + k);
    if (gap !== -1) {
      damage = new Error(`corrupt session log: seq gap in committed region at line ${i + 1} (expected ${events.length + gap}, got ${decoded[gap]!.seq})`);
      if (commits) throw damage;
      continue;
    }
    events.push(...decoded);
  }
  return { meta, events };
}

function parseHeaderLine(dsh: DshPackages, line: string): DshHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new Error('corrupt session log: header line is not valid JSON');
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  // The version is read before the shape: a newer header need not look like today's.
  if (typeof record['version'] === 'number' && record['version'] !== dsh.session.SESSION_FORMAT_VERSION) {
    const id = String(record['id']);
    // The refusal is worded by the persistence package; a version without one gets the same words.
    if (dsh.persistence === undefined) throw new Error(`session "${id}" uses log format v${record['version']}, this build reads only v${dsh.session.SESSION_FORMAT_VERSION}`);
    throw new dsh.persistence.SessionFormatUnsupportedError(dsh.persistence.sessionFormatVersionRefusal(id, record['version']));
  }
  if (!isHeaderLine(record)) throw new Error('corrupt session log: first line is not a session header');
  if (Object.hasOwn(record, 'sandboxMode') || Object.hasOwn(record, 'approvalPolicy')) throw new Error('session header uses retired policy baseline fields');
  return metaOf(dsh, record);
}

const nonNegative = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0);
const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** The header line's fields with their types (their values DSH checks when it adopts the header: cwd absolute, and so on). */
function isHeaderLine(r: Record<string, unknown>): r is Record<string, unknown> & SessionHeader {
  return (
    r['type'] === 'session' &&
    typeof r['version'] === 'number' &&
    typeof r['id'] === 'string' &&
    nonNegative(r['createdAt']) &&
    nonNegative(r['delegationDepth']) &&
    (r['origin'] === undefined || r['origin'] === 'subagent') &&
    optionalString(r['agentPreset']) &&
    optionalString(r['cwd']) &&
    optionalString(r['parentSession']) &&
    (r['seedLength'] === undefined || typeof r['seedLength'] === 'number')
  );
}

/** Only the known fields are kept, in this order; anything else on the line is dropped. */
function metaOf(dsh: DshPackages, line: SessionHeader): DshHeader {
  return {
    version: line.version,
    id: dsh.session.SessionId(line.id),
    createdAt: line.createdAt,
    ...(line.cwd === undefined ? {} : { cwd: line.cwd }),
    ...(line.parentSession === undefined ? {} : { parentSession: dsh.session.SessionId(line.parentSession) }),
    ...(line.seedLength === undefined ? {} : { seedLength: line.seedLength }),
    ...(line.origin === undefined ? {} : { origin: line.origin }),
    delegationDepth: line.delegationDepth ?? 0,
    ...(line.agentPreset === undefined ? {} : { agentPreset: line.agentPreset }),
  };
}

/** The header line as DSH writes it: tagged, optional fields omitted, `delegationDepth` always present. */
export function headerLine(meta: DshHeader): SessionHeader {
  return {
    type: 'session',
    version: meta.version,
    id: meta.id,
    createdAt: meta.createdAt,
    ...(meta.cwd === undefined ? {} : { cwd: meta.cwd }),
    ...(meta.parentSession === undefined ? {} : { parentSession: meta.parentSession }),
    ...(meta.seedLength === undefined ? {} : { seedLength: meta.seedLength }),
    ...(meta.origin === undefined ? {} : { origin: meta.origin }),
    delegationDepth: meta.delegationDepth ?? 0,
    ...(meta.agentPreset === undefined ? {} : { agentPreset: meta.agentPreset }),
  };
}

export function writeStoredLog(dsh: DshPackages, meta: DshHeader, events: readonly DshEvent[]): string {
  let out = `${JSON.stringify(headerLine(meta))}\n`;
  for (const record of dsh.session.packChunkRuns(events)) out += `${JSON.stringify(record)}\n`;
  return out;
}
