/**
 * `recon audit` in the terminal, for other harnesses' logs: a line per file, then per
 * session the per-call series, the read rate with its denominator, the bound and a verdict
 * on every drop, each with the lines that show it. Unknown counts print `n/a`, an unknown
 * rate "no data": never 0.
 */
// @ts-nocheck

import { BYTE_LEVEL_CODES, HARNESS_NAMES, type Place, type UsageCall, type UsageFileAudit, type UsageSession } from '../audit/usage/index.ts';
import { count } from './plural.ts';
import { formatTable, percent } from './table.ts';

export function usageFileText(file: UsageFileAudit): string {
  const lines = [`✓ ${file.file}`, `  ${HARNESS_NAMES[file.harness]} · ${count(file.records, 'record')} · ${count(file.calls, 'call')} counted here · ${count(file.copies, 'line')} repeating a call counted once · ${count(file.sessions.length, 'session')}`];
  const listed = (what: string, counts: Readonly<Record<string, number>>) => {
    const entries = Object.entries(counts);
    if (entries.length > 0) lines.push(`  ${what}: ${entries.map(([k, n]) => `${k} (${n})`).join(', ')}`);
  };
  listed('not calls', file.skipped);
  listed('not read', file.unread);
  if (file.tornTail !== undefined) lines.push(`  torn tail cut at line ${file.tornTail.line}: the last line has no newline and is not JSON (${file.tornTail.bytes} bytes)`);
  return `${lines.join('\n')}\n\n`;
}

export function usageSessionText(session: UsageSession): string {
  const out: string[] = [];
  out.push(`session ${session.id} · ${HARNESS_NAMES[session.harness]} · ${session.files.join(', ')}`);
  out.push(`  ${count(session.calls.length, 'call')} · ${session.models.length === 0 ? 'model not recorded' : session.models.join(', ')}`);
  const rate = session.rate === undefined ? 'no data (no call reports cache reads)' : percent(session.rate);
  out.push(`  read rate ${rate} = Σ cache read ÷ Σ ${session.denominator}`);
  const after = session.rateAfterFirst === undefined ? '' : `after the first call ${percent(session.rateAfterFirst)} · `;
  out.push(`  ${after}${attainment(session)}`);
  const models = session.models.length > 1;
  const rows = session.calls.map((c) => [
    c.index,
    ...(models ? [c.model ?? 'n/a'] : []),
    c.at ?? 'n/a',
    c.prompt ?? 'n/a',
    c.uncached ?? 'n/a',
    c.cacheRead ?? 'n/a',
    writeCell(c),
    c.output ?? 'n/a',
    c.bound ?? 'n/a',
    lineList(c.lines),
    c.drop?.code ?? '',
  ]);
  out.push(formatTable(['#', ...(models ? ['model'] : []), 'at', 'prompt', 'uncached', 'cache read', 'cache write', 'output', 'bound', 'lines', 'verdict'], rows, '    ').trimEnd());
  for (const c of session.calls) {
    if (c.drop === undefined) continue;
    const from = c.previous === undefined ? '' : ` (it follows call ${c.previous.index} of session ${c.previous.session})`;
    out.push(`  #${c.index} ${c.drop.code}${from}: ${c.drop.summary}`);
    out.push(`     evidence: ${c.drop.evidence.map((e) => `${e.what} ${where(e.place)}`).join('; ')}`);
  }
  out.push(`  every verdict here is usage-level (read from usage and records, no request bytes); ${BYTE_LEVEL_CODES.join(', ')} are byte-level and need the requests: recon proxy records them`);
  for (const note of session.notes) out.push(`  note: ${note}`);
  return `${out.join('\n')}\n\n`;
}

/** A call's cache write, with its lifetimes: `3173 (5m)`, `900 (5m 600, 1h 300)`. */
export function writeCell(c: UsageCall): string | number {
  if (c.cacheWrite === undefined) return 'n/a';
  const tiers = Object.entries(c.cacheWriteTiers ?? {}).filter(([, n]) => n > 0);
  return tiers.length === 0 ? c.cacheWrite : `${c.cacheWrite} (${tiers.map(([t, n]) => (tiers.length === 1 ? t : `${t} ${n}`)).join(', ')})`;
}

/** The lines of one call, `3` or `3,4,5`, in one file; with the file when they span files. */
function lineList(places: readonly Place[]): string {
  const files = new Set(places.map((p) => p.file));
  const shown = places.map((p) => (files.size > 1 ? where(p) : String(p.line ?? p.pointer ?? '-')));
  return shown.length > 4 ? `${shown.slice(0, 3).join(',')},…(${shown.length})` : shown.join(',');
}

export const where = (place: Place): string => `${place.file}${place.line === undefined ? '' : `:${place.line}`}${place.pointer === undefined ? '' : ` ${place.pointer}`}`;

/** The attainment in words: of the bound the session allows, and apart from it what was read from before the session. */
export function attainment(session: UsageSession): string {
  const external = session.externalReads > 0 ? ` (${percent(session.attainment)} with the ${session.externalReads} tokens read beyond it, cached before the session)` : '';
  if (session.attainmentInSession !== undefined) return `attainment ${percent(session.attainmentInSession)} of the bound${external}`;
  if (session.totals.bound === 0) return `bound 0 on every call (nothing of the session cached for its model yet)${session.externalReads > 0 ? `; ${session.externalReads} tokens read from before the session` : ''}`;
  return 'bound: no data (the provider\'s cache rules are not known here)';
}
