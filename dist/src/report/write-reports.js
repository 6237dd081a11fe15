import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from "../_internals/atomic-write.js";
import { renderRunHtml } from "./html.js";
import { renderRunJunit } from "./junit.js";
import { renderRunMarkdown } from "./markdown.js";
import { writeRunJsonl } from "../suite/run-record.js";
import { renderRunText } from "./suite-terminal.js";
/** The renderings of a run, by file name. */
export const RENDERINGS = {
    'run.jsonl': writeRunJsonl,
    'summary.txt': renderRunText,
    'summary.md': renderRunMarkdown,
    'report.html': renderRunHtml,
    'junit.xml': renderRunJunit,
};
/** Writes every rendering of `run` into `dir`, each atomically (a killed run leaves no half file); returns the files written. */
export function writeReports(run, dir) {
    mkdirSync(dir, { recursive: true });
    return Object.entries(RENDERINGS).map(([name, render]) => {
        const file = join(dir, name);
        writeFileAtomic(file, render(run));
        return file;
    });
}
