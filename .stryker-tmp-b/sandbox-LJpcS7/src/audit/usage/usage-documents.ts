/**
 * The JSON documents below the directories given to `recon audit` that hold another
 * harness's records: opencode keeps one part or message per `.json` file
 * (`storage/part/<message>/<part>.json`), and an OTLP export may be one document. A `.json`
 * file of any other shape in such a directory is not a log, and is passed over; a file
 * named on the command line is always audited, whatever its name.
 */
// @ts-nocheck

import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { UsageTarget } from './audit-usage.ts';
import { sniffLogShape } from './detect-shape.ts';

export interface UsageDocument extends UsageTarget {
  /** The directory named on the command line it was found under. */
  readonly under: string;
}

export async function usageDocuments(names: readonly string[], cwd: string): Promise<UsageDocument[]> {
  const found: UsageDocument[] = [];
  for (const name of names) {
    const path = resolve(cwd, name);
    if (!isDirectory(path)) continue;
    for (const [file, shown] of walk(path, name)) {
      const shape = await sniffLogShape(file);
      if (shape.kind === 'usage') found.push({ path: file, file: shown, shape, under: name });
    }
  }
  return found;
}

function* walk(dir: string, shown: string): Generator<[string, string]> {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, join(shown, entry.name));
    else if (entry.name.endsWith('.json') && (entry.isFile() || (entry.isSymbolicLink() && isFile(path)))) yield [path, join(shown, entry.name)];
  }
}

const isDirectory = (path: string) => statOf(path)?.isDirectory() === true;
const isFile = (path: string) => statOf(path)?.isFile() === true;

function statOf(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
