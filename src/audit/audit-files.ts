/**
 * `recon audit` over many logs: files and directories (every `.jsonl` below them), audited
 * in process or on worker threads, with results in the order the logs were named.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { auditFile, type AuditOptions, type LogAudit } from './audit-log.ts';
import { inWorkers } from '../_internals/worker-pool.ts';
import type { AuditJob } from './_internals/audit-worker.ts';

export interface AuditTarget {
  /** Where to read it. */
  readonly path: string;
  /** How reports name it: as given, or the directory given joined with the path below it. */
  readonly file: string;
  readonly bytes: number;
}

/** Work done so far, for a progress line. */
export interface AuditProgress {
  readonly logs: number;
  readonly bytes: number;
}

/**
 * The logs named by `names` (files, or directories searched recursively for `.jsonl`,
 * in sorted order). A name that cannot be read is kept, so it is reported as unreadable.
 * Returns the directories that hold no log beside the targets.
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
    walk(path, name, targets);
    if (targets.length === before) empty.push(name);
  }
  return { targets, empty };
}

function walk(dir: string, shown: string, into: AuditTarget[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // Symbolic links are followed to files only, so a link cannot make the walk loop.
    if (entry.isDirectory()) walk(path, join(shown, entry.name), into);
    else if (entry.name.endsWith('.jsonl')) {
      const stat = entry.isFile() || entry.isSymbolicLink() ? statOrUndefined(path) : undefined;
      if (stat?.isFile() === true) into.push({ path, file: join(shown, entry.name), bytes: stat.size });
    }
  }
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
  if (workers <= 1 || targets.length <= 1) {
    const results: LogAudit[] = [];
    for (const target of targets) {
      results.push(await auditFile(target.path, target.file, (read) => progress({ logs, bytes: bytes + read }), options));
      logs++;
      bytes += target.bytes;
      progress({ logs, bytes });
    }
    return results;
  }
  return inWorkers<AuditTarget, LogAudit>({
    jobs: targets,
    count: workers,
    entry: new URL('./_internals/audit-worker.ts', import.meta.url),
    local: (target) => auditFile(target.path, target.file, undefined, options),
    message: ({ path, file }): AuditJob => ({ path, file, options }),
    onResult: (_audit, index) => {
      logs++;
      bytes += targets[index]!.bytes;
      progress({ logs, bytes });
    },
  });
}
