// @ts-nocheck
import { readFileSync } from 'node:fs';
import { makeDirectory } from '../../src/_internals/output-guard.ts';
import { join } from 'node:path';
import type { BenchRun } from '../run.ts';
import { writeFileAtomic } from '../../src/_internals/atomic-write.ts';
import { benchmarkActionJson } from './bench-action.ts';
import { benchBmf } from './bench-bmf.ts';
import { renderBenchHtml, type HistoryEntry } from './bench-html.ts';
import { renderBenchMarkdown } from './bench-markdown.ts';
import { targetsOf } from './bench-targets.ts';

function historyEntry(run: BenchRun): HistoryEntry {
  return {
    startedAt: run.startedAt,
    commit: run.environment.commit,
    dirty: run.environment.dirty,
    profile: run.profile,
    ratios: Object.fromEntries(targetsOf(run).map((t) => [t.name, t.value])),
    means: Object.fromEntries(run.results.map((r) => [r.id, r.mean])),
  };
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

export function readHistory(file: string): HistoryEntry[] {
  return readText(file).split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as HistoryEntry);
}

/** Writes latest.json, appends to history.jsonl, and renders summary.md, benchmark-action.json, bmf.json and index.html. */
export function writeBenchReports(run: BenchRun, dir: string): string[] {
  makeDirectory(dir);
  const historyFile = join(dir, 'history.jsonl');
  // The history is small (a line per run): rewritten whole, so a killed run never leaves half a line.
  writeFileAtomic(historyFile, `${readText(historyFile)}${JSON.stringify(historyEntry(run))}\n`);
  const files: Record<string, string> = {
    'latest.json': `${JSON.stringify(run, null, 2)}\n`,
    'summary.md': renderBenchMarkdown(run),
    'benchmark-action.json': `${JSON.stringify(benchmarkActionJson(run), null, 2)}\n`,
    'bmf.json': `${JSON.stringify(benchBmf(run), null, 2)}\n`,
    'index.html': renderBenchHtml(run, readHistory(historyFile)),
  };
  for (const [name, text] of Object.entries(files)) writeFileAtomic(join(dir, name), text);
  return [...Object.keys(files), 'history.jsonl'].map((name) => join(dir, name));
}
