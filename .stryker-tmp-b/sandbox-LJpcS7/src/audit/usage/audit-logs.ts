/**
 * `recon audit` over whatever logs it is given: each file's shape decides how it is read
 * (src/audit/usage/detect-shape.ts). DSH session logs are rebuilt request by request (byte
 * level, on worker threads); other harnesses' logs are audited from their usage (usage
 * level, one ledger for all of them, so copies across files count once). Every file is
 * reported in the order named, as one list.
 */
// @ts-nocheck

import { ReconError } from '../../errors.ts';
import { auditFiles, auditTargets, type AuditedLog, type AuditOptions, type AuditProgress, type AuditTarget, type LogAudit, type RefusedLog } from '../index.ts';
import { auditUsage, type UsageFileAudit, type UsageTarget } from './audit-usage.ts';
import { sniffLogShape, type LogShape } from './detect-shape.ts';
import type { Harness, UsageSession } from './usage-session.ts';
import { usageDocuments } from './usage-documents.ts';

/** A file's result: a DSH log's audit, another harness's file, or a refusal. */
export type FileAudit = LogAudit | UsageFileAudit | (RefusedLog & { readonly harness: Harness });

export interface AuditReport {
  readonly logs: readonly FileAudit[];
  readonly sessions: readonly UsageSession[];
  readonly summary: AuditSummary;
}

export interface AuditSummary {
  readonly total: number;
  readonly ok: number;
  readonly rejected: number;
  readonly unexplainedBreaks: number;
  readonly unexplainedDrops: number;
  readonly unreconstructable: number;
  readonly attachmentErrors: number;
  /** Sessions of other harnesses, their calls, and the drops among them that only request bytes could explain. */
  readonly sessions: number;
  readonly calls: number;
  readonly bytesNeeded: number;
}

export interface AuditLogsOptions extends AuditOptions {
  readonly workers: number;
  /** Announces the bytes to read before it starts, then reports progress on the DSH logs. */
  readonly progress?: (total: { logs: number; bytes: number }) => ((done: AuditProgress) => void) | undefined;
}

export const isDshAudit = (log: FileAudit): log is AuditedLog => log.ok && !('harness' in log);

export async function auditLogs(names: readonly string[], cwd: string, options: AuditLogsOptions): Promise<AuditReport> {
  const { targets, empty } = auditTargets(names, cwd);
  const documents = await usageDocuments(names, cwd);
  const bare = empty.filter((dir) => !documents.some((d) => d.under === dir));
  if (bare.length > 0) throw new ReconError('USAGE', `${bare.join(', ')}: no log (.jsonl, .jsonl.zstd) in this directory`);
  const shapes = await Promise.all(targets.map((t) => sniffLogShape(t.path)));
  const dsh = targets.filter((_, i) => shapes[i]!.kind === 'dsh');
  const usage: UsageTarget[] = [...targets.flatMap((t, i) => usageTarget(t, shapes[i]!)), ...documents];
  const update = options.progress?.({ logs: dsh.length, bytes: dsh.reduce((n, t) => n + t.bytes, 0) });
  // Only the audit's own options travel to the worker threads.
  const { workers, progress: _progress, ...audit } = options;
  const dshLogs = await auditFiles(dsh, workers, update, audit);
  const other = await auditUsage(usage);
  let [d, u] = [0, 0];
  const logs: FileAudit[] = targets.map((target, i) => {
    const shape = shapes[i]!;
    return shape.kind === 'dsh' ? dshLogs[d++]! : shape.kind === 'usage' ? other.files[u++]! : unknownShape(target, shape);
  });
  logs.push(...other.files.slice(u));
  const audited = logs.filter(isDshAudit);
  return {
    logs,
    sessions: other.sessions,
    summary: {
      total: logs.length,
      ok: logs.filter((l) => l.ok).length,
      rejected: logs.filter((l) => !l.ok).length,
      unexplainedBreaks: audited.reduce((n, log) => n + log.breaks.filter((b) => b.cause === 'unexplained').length, 0),
      unexplainedDrops: audited.reduce((n, log) => n + log.drops.filter((x) => x.cause === 'unexplained').length, 0),
      unreconstructable: audited.reduce((n, log) => n + log.unreconstructable.length, 0),
      attachmentErrors: audited.reduce((n, log) => n + log.attachmentErrors, 0),
      sessions: other.sessions.length,
      calls: other.sessions.reduce((n, s) => n + s.calls.length, 0),
      bytesNeeded: other.sessions.reduce((n, s) => n + (s.drops['BYTES_NEEDED'] ?? 0), 0),
    },
  };
}

function usageTarget(target: AuditTarget, shape: LogShape): UsageTarget[] {
  return shape.kind === 'usage' ? [{ path: target.path, file: target.file, shape }] : [];
}

function unknownShape(target: AuditTarget, shape: Extract<LogShape, { kind: 'unknown' }>): RefusedLog {
  const error = new ReconError('LOG_SHAPE_UNKNOWN', shape.detail, { location: { file: target.file, line: shape.line } });
  return { file: target.file, ok: false, code: error.code, message: error.message, detail: error.detail, line: shape.line };
}
