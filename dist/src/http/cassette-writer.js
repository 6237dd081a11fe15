/**
 * Appending interactions to a cassette file, one line each, as they complete: a crash
 * loses at most the exchange in flight. The file is created whole (atomically, with its
 * header); an append adds one line, so recording stays linear in what is recorded, and a
 * line cut short by a crash is named as truncation when the cassette is read. An existing
 * file is checked before anything is appended, so a recording never extends a damaged,
 * truncated or foreign cassette.
 */
import { appendFile, readFile } from 'node:fs/promises';
import { writeFileAtomic } from "../_internals/atomic-write.js";
import { formatInteraction, parseCassette } from "./cassette.js";
/** A writer for `file`: created with `header` when missing, appended to when it holds a valid cassette. */
export async function openCassetteWriter(file, header) {
    let existing;
    try {
        existing = await readFile(file, 'utf8');
    }
    catch (error) {
        if (error.code !== 'ENOENT')
            throw error;
    }
    if (existing === undefined)
        writeFileAtomic(file, `${JSON.stringify(header)}\n`, { exclusive: true });
    else
        parseCassette(existing, file);
    // Appends are chained so interactions land in the order they completed.
    let queue = Promise.resolve();
    return {
        append(interaction) {
            queue = queue.then(() => appendFile(file, formatInteraction(interaction)));
            return queue;
        },
    };
}
