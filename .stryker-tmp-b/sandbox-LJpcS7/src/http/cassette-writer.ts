/**
 * Appending interactions to a cassette file, one line each, as they complete: a crash
 * loses at most the exchange in flight. The file is created whole (atomically, with its
 * header); an append adds one line, so recording stays linear in what is recorded, and a
 * line cut short by a crash is named as truncation when the cassette is read. An existing
 * file is checked before anything is appended, so a recording never extends a damaged,
 * truncated or foreign cassette, nor one of another provider. Every line goes through the
 * one redaction pass (formatInteraction), so no credential reaches the file.
 */
// @ts-nocheck

import { appendFile, readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
import { ReconError } from '../errors.ts';
import { formatHeader, formatInteraction, parseCassette, type CassetteHeader, type Interaction } from './cassette.ts';

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
  if (existing === undefined) writeFileAtomic(file, formatHeader(header), { exclusive: true });
  else {
    const found = parseCassette(existing, file).header;
    // One cassette, one provider: a replay or an account of a mixed file would read one provider's exchanges as another's.
    if (found.provider !== header.provider) {
      throw new ReconError('CASSETTE_PROVIDER', `the cassette records ${found.provider}; recording ${header.provider} into it would mix two providers`, {
        location: { file },
        hint: 'record into another file, or give the provider the cassette was recorded for',
      });
    }
  }
  // Appends are chained so interactions land in the order they completed.
  let queue = Promise.resolve();
  return {
    append(interaction) {
      queue = queue.then(() => appendFile(file, formatInteraction(interaction)));
      return queue;
    },
  };
}
