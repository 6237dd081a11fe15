/**
 * `recon audit` over many logs: files and directories (every log below them: `.jsonl`,
 * `.jsonl.zstd`, and in a DSH session folder its current generation only), audited in
 * process or on worker threads, with results in the order the logs were named.
 */
// @ts-nocheck

import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ReconError } from '../errors.ts';
import { auditFile, refused, type AuditOptions, type LogAudit } from './audit-log.ts';
import { currentTranscript, storeOfHome, transcripts } from './dsh-store.ts';
import { inWorkers } from '../_internals/worker-pool.ts';
import type { AuditJob } from './_internals/audit-worker.ts';

export interface AuditTarget {
  /** Where to read it. */
  readonly path: string;
  /** How reports name it: as given, or the directory given joined with the path below it. */
  readonly file: string;
  readonly bytes: number;
  /** Found refused before it is read (a session folder whose current generation is in both encodings). */
  readonly refusal?: ReconError;
}

/** A log file by its name: JSONL, plain or compressed (what it holds decides how it is read). */
const LOG_FILE = /\.jsonl(\.zstd|\.zst)?$/;

/** Work done so far, for a progress line. */
export interface AuditProgress {
  readonly logs: number;
  readonly bytes: number;
}

/**
 * The logs named by `names`: files, or directories searched recursively for logs, in
 * sorted order. A DSH home stands for its store (`sessions/`); a DSH session folder for
 * its current generation. A name that cannot be read is kept, so it is reported as
 * unreadable. Returns the directories that hold no log beside the targets.
 */
export function auditTargets(names: readonly string[], cwd: string): { targets: AuditTarget[]; empty: string[] } {
  const targets: AuditTarget[] = [];
  const empty: string[] = [];
  for (const name of names) {
    const path = resolve(cwd, name);
    const stat = statOrUndefined(path);
    if (stat?.isDirectory() !== true) {
      targets.push({ path, file: name, bytes: stat?.size ?? 0 });
      continue;
    }
    const before = targets.length;
    const store = transcripts(path).size === 0 ? storeOfHome(path) : undefined;
    if (store === undefined) walk(path, name, targets);
    else walk(store, join(name, 'sessions'), targets);
    if (targets.length === before) empty.push(name);
  }
  return { targets, empty };
}

function walk(dir: string, shown: string, into: AuditTarget[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Symbolic links are followed to files only, so a link cannot make the walk loop.
  const files = entries.filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && statOrUndefined(join(dir, entry.name))?.isFile() === true);
  const current = currentTranscript(transcripts(dir, files.map((entry) => entry.name)));
  if (current !== undefined) return void into.push(sessionTarget(dir, shown, current.names));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, join(shown, entry.name), into);
    else if (LOG_FILE.test(entry.name) && files.includes(entry)) into.push({ path, file: join(shown, entry.name), bytes: statOrUndefined(path)?.size ?? 0 });
  }
}

/** A session folder's current generation; refused when it is there in both encodings, since which one DSH reads is its configuration's. */
function sessionTarget(dir: string, shown: string, names: readonly string[]): AuditTarget {
  const path = join(dir, names[0]!);
  const target = { path, file: join(shown, names[0]!), bytes: statOrUndefined(path)?.size ?? 0 };
  if (names.length === 1) return target;
  return {
    ...target,
    file: shown,
    refusal: new ReconError('SESSION_ENCODING_MIXED', `the session's current generation is stored twice, as ${names.join(' and ')}: a DSH store is plain or compressed, never both, so neither can be taken as the one DSH reads`, {
      location: { file: shown },
      hint: 'keep the transcript the DSH configuration writes (compression "zstd" by default) and move the other away',
    }),
  };
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Audits every target, in process when `workers` is 1 (or there is one log), else on that many worker threads. */
export async function auditFiles(targets: readonly AuditTarget[], workers: number, progress: (done: AuditProgress) => void = () => {}, options: AuditOptions = {}): Promise<LogAudit[]> {
  let logs = 0;
  let bytes = 0;
  const audit = (target: AuditTarget, onBytes?: (read: number) => void) =>
    target.refusal === undefined ? auditFile(target.path, target.file, onBytes, options) : Promise.resolve(refused(target.refusal, target.file));
  if (workers <= 1 || targets.length <= 1) {
    const results: LogAudit[] = [];
    for (const target of targets) {
      results.push(await audit(target, (read) => progress({ logs, bytes: bytes + read })));
      logs++;
      bytes += target.bytes;
      progress({ logs, bytes });
    }
    return results;
  }
  // Targets refused before reading take no thread; the rest keep their places.
  const read = targets.filter((target) => target.refusal === undefined);
  const audited = await inWorkers<AuditTarget, LogAudit>({
    jobs: read,
    count: workers,
    entry: new URL('./_internals/audit-worker.ts', import.meta.url),
    local: (target) => audit(target),
    message: ({ path, file }): AuditJob => ({ path, file, options }),
    onResult: (_audit, index) => {
      logs++;
      bytes += read[index]!.bytes;
      progress({ logs, bytes });
    },
  });
  let next = 0;
  return targets.map((target) => (target.refusal === undefined ? audited[next++]! : refused(target.refusal, target.file)));
}
