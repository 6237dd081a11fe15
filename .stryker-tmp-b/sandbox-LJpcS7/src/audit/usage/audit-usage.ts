/**
 * The usage-level audit of other harnesses' logs: Claude Code transcripts, Codex rollouts,
 * opencode parts and OTel GenAI spans have each call's usage but not its request bytes.
 * Every file is read once (JSON Lines as a stream); its calls join one ledger, so a
 * response a transcript split over lines, or a call a resumed or forked session copied, is
 * counted once; then each session gets its per-call series, its read rate with the
 * provider's own denominator, the bound where the provider's rules allow one, and a
 * verdict on every drop (src/audit/usage/drop-attribution.ts). A file that breaks its
 * format is refused with a code at its line, and nothing of it is counted.
 */
// @ts-nocheck

import { refused, type RefusedLog } from '../index.ts';
import { ClaudeCodeReader } from './_internals/claude-code.ts';
import { CodexReader, type CodexFamilies } from './_internals/codex.ts';
import { UsageLedger } from './_internals/ledger.ts';
import type { Harness, UsageSession } from './usage-session.ts';
import { newOpencodeRun, OpencodeReader } from './_internals/opencode.ts';
import { OtelReader } from './_internals/otel.ts';
import { forEachJsonLine, readJsonDocument, type Place } from './_internals/records.ts';
import type { LogShape } from './detect-shape.ts';

export interface UsageTarget {
  readonly path: string;
  /** How reports name it. */
  readonly file: string;
  readonly shape: Extract<LogShape, { kind: 'usage' }>;
}

export interface UsageFileAudit {
  readonly file: string;
  readonly ok: true;
  readonly harness: Harness;
  readonly layout: 'lines' | 'document';
  readonly records: number;
  /** Calls first counted from this file. */
  readonly calls: number;
  /** Lines of this file that repeat a call already counted (a split response, a re-emitted count, a copied history). */
  readonly copies: number;
  /** Records that look like calls and are none, by why. */
  readonly skipped: Readonly<Record<string, number>>;
  /** Record types and fields the reader does not read, with how often: listed, never silently dropped. */
  readonly unread: Readonly<Record<string, number>>;
  readonly sessions: readonly string[];
  readonly tornTail?: { readonly line: number; readonly bytes: number };
}

export interface UsageAudit {
  /** One entry per file, in the order given. */
  readonly files: ReadonlyArray<UsageFileAudit | (RefusedLog & { readonly harness: Harness })>;
  readonly sessions: readonly UsageSession[];
}

export const HARNESS_NAMES: Readonly<Record<Harness, string>> = {
  'claude-code': 'Claude Code transcript',
  codex: 'Codex rollout',
  opencode: 'opencode records',
  otel: 'OpenTelemetry GenAI spans',
};

export async function auditUsage(targets: readonly UsageTarget[]): Promise<UsageAudit> {
  const ledger = new UsageLedger();
  const families: CodexFamilies = new Map();
  const opencode = newOpencodeRun();
  const results = new Map<UsageTarget, UsageAudit['files'][number]>();
  for (const target of readingOrder(targets)) {
    const { harness } = target.shape;
    const counts = ledger.begin(target.file, harness);
    try {
      const reader = harness === 'claude-code' ? new ClaudeCodeReader(ledger, target.file) : harness === 'codex' ? new CodexReader(ledger, target.file, families) : harness === 'opencode' ? new OpencodeReader(ledger, opencode) : new OtelReader(ledger);
      const visit = (value: unknown, place: Place) => {
        ledger.record(target.file);
        reader.record(value, place);
      };
      let tornTail: UsageFileAudit['tornTail'];
      if (target.shape.layout === 'document') visit(readJsonDocument(target.path, target.file), { file: target.file });
      else tornTail = (await forEachJsonLine(target.path, target.file, visit)).tornTail;
      reader.end();
      ledger.commit();
      results.set(target, {
        file: target.file,
        ok: true,
        harness,
        layout: target.shape.layout,
        records: counts.records,
        calls: counts.calls,
        copies: counts.copies,
        skipped: counts.skipped,
        unread: counts.unread,
        sessions: [...counts.sessions],
        ...(tornTail === undefined ? {} : { tornTail }),
      });
    } catch (error) {
      ledger.rollback();
      results.set(target, { ...refused(error, target.file), harness });
    }
  }
  return { files: targets.map((t) => results.get(t)!), sessions: ledger.sessions() };
}

/** Codex rollouts of a fork after the rollout they fork, so the parent's calls are the ones its copies repeat. */
function readingOrder(targets: readonly UsageTarget[]): UsageTarget[] {
  const byThread = new Map(targets.flatMap((t) => (t.shape.codex === undefined ? [] : [[t.shape.codex.thread, t] as const])));
  const depth = (t: UsageTarget, seen = new Set<UsageTarget>()): number => {
    const parent = t.shape.codex?.forkedFrom === undefined ? undefined : byThread.get(t.shape.codex.forkedFrom);
    if (parent === undefined || seen.has(t)) return 0;
    seen.add(t);
    return 1 + depth(parent, seen);
  };
  return targets.map((t, i) => ({ t, i, d: depth(t) })).sort((a, b) => a.d - b.d || a.i - b.i).map(({ t }) => t);
}

