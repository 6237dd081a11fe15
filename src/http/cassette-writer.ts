/**
 * Appending interactions to a cassette file, one line each, as they complete: a crash
 * loses at most the exchange in flight. An existing file is checked before anything is
 * appended, so a recording never extends a damaged or foreign cassette.
 */
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import { formatInteraction, parseCassette, type CassetteHeader, type Interaction } from './cassette.ts';

export interface CassetteWriter {
  append(interaction: Interaction): Promise<void>;
}

/** A writer for `file`: created with `header` when missing, appended to when it holds a valid cassette. */
export async function openCassetteWriter(file: string, header: CassetteHeader): Promise<CassetteWriter> {
  let existing: string | undefined;
  try {
    existing = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (existing === undefined) await writeFile(file, `${JSON.stringify(header)}\n`, { flag: 'wx' });
  else parseCassette(existing, file);
  // Appends are chained so interactions land in the order they completed.
  let queue = Promise.resolve();
  return {
    append(interaction) {
      queue = queue.then(() => appendFile(file, formatInteraction(interaction)));
      return queue;
    },
  };
}
