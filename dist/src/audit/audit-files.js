/**
 * `recon audit` over many logs: files and directories (every `.jsonl` below them), audited
 * in process or on worker threads, with results in the order the logs were named.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { auditFile } from "./audit-log.js";
import { auditOnWorkers } from "./_internals/audit-pool.js";
/**
 * The logs named by `names` (files, or directories searched recursively for `.jsonl`,
 * in sorted order). A name that cannot be read is kept, so it is reported as unreadable.
 * Returns the directories that hold no log beside the targets.
 */
export function auditTargets(names, cwd) {
    const targets = [];
    const empty = [];
    for (const name of names) {
        const path = resolve(cwd, name);
        const stat = statOrUndefined(path);
        if (stat?.isDirectory() !== true) {
            targets.push({ path, file: name, bytes: stat?.size ?? 0 });
            continue;
        }
        const before = targets.length;
        walk(path, name, targets);
        if (targets.length === before)
            empty.push(name);
    }
    return { targets, empty };
}
function walk(dir, shown, into) {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
        const path = join(dir, entry.name);
        // Symbolic links are followed to files only, so a link cannot make the walk loop.
        if (entry.isDirectory())
            walk(path, join(shown, entry.name), into);
        else if (entry.name.endsWith('.jsonl')) {
            const stat = entry.isFile() || entry.isSymbolicLink() ? statOrUndefined(path) : undefined;
            if (stat?.isFile() === true)
                into.push({ path, file: join(shown, entry.name), bytes: stat.size });
        }
    }
}
function statOrUndefined(path) {
    try {
        return statSync(path);
    }
    catch {
        return undefined;
    }
}
/** Audits every target, in process when `workers` is 1 (or there is one log), else on that many worker threads. */
export async function auditFiles(targets, workers, progress = () => { }) {
    let logs = 0;
    let bytes = 0;
    if (workers <= 1 || targets.length <= 1) {
        const results = [];
        for (const target of targets) {
            results.push(await auditFile(target.path, target.file, (read) => progress({ logs, bytes: bytes + read })));
            logs++;
            bytes += target.bytes;
            progress({ logs, bytes });
        }
        return results;
    }
    return auditOnWorkers(targets.map(({ path, file }) => ({ path, file })), workers, (index) => {
        logs++;
        bytes += targets[index].bytes;
        progress({ logs, bytes });
    });
}
