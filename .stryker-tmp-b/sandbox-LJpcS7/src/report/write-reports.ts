// @ts-nocheck
import { join } from 'node:path';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
import { makeDirectory } from '../_internals/output-guard.ts';
import { renderRunBadge } from './badge.ts';
import { renderRunHtml } from './html.ts';
import { renderRunJunit } from './junit.ts';
import { renderRunMarkdown } from './markdown.ts';
import { writeRunJsonl, type RunRecord } from '../suite/run-record.ts';
import { renderRunText } from './suite-terminal.ts';

/** The renderings of a run, by file name. */
export const RENDERINGS: Record<string, (run: RunRecord) => string> = {
  'run.jsonl': writeRunJsonl,
  'summary.txt': (run) => renderRunText(run, { stats: true }),
  'summary.md': renderRunMarkdown,
  'report.html': (run) => renderRunHtml(run),
  'junit.xml': renderRunJunit,
  'badge.json': renderRunBadge,
};

/** The files writeReports writes into `dir`. */
export const reportFiles = (dir: string): string[] => Object.keys(RENDERINGS).map((name) => join(dir, name));

/** Writes every rendering of `run` into `dir`, each atomically (a killed run leaves no half file); returns the files written. */
export function writeReports(run: RunRecord, dir: string): string[] {
  makeDirectory(dir);
  return Object.entries(RENDERINGS).map(([name, render]) => {
    const file = join(dir, name);
    writeFileAtomic(file, render(run));
    return file;
  });
}
