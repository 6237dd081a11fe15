import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
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
  'report.html': renderRunHtml,
  'junit.xml': renderRunJunit,
  'badge.json': renderRunBadge,
};

/** Writes every rendering of `run` into `dir`, each atomically (a killed run leaves no half file); returns the files written. */
export function writeReports(run: RunRecord, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return Object.entries(RENDERINGS).map(([name, render]) => {
    const file = join(dir, name);
    writeFileAtomic(file, render(run));
    return file;
  });
}
