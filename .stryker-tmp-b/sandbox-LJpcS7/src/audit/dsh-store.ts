/**
 * DSH's session store on disk, as its JSONL backend lays it out (rc.8
 * `dsh-session-persistence-jsonl`): the store is `$DSH_HOME/sessions/` (DSH's base
 * composition roots it at `dshHomePath('sessions')`), with one folder per project
 * (`--<cwd, made readable>--`, or `_no-cwd`) and in it one folder per session (the id,
 * escaped), which holds the transcript. Later releases write one transcript per format
 * generation beside it (dsh-eras §7.2): `session.jsonl[.zstd]` is generation 0,
 * `session.vN.jsonl[.zstd]` generation N; a generation is never rewritten, and the
 * current one is the highest N there. The session folder is the session's own: DSH's
 * discovery reads the transcript only, and so does this.
 */
// @ts-nocheck

import { readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A transcript's name: its generation (absent for 0) and whether it is compressed. */
const TRANSCRIPT = /^session(?:\.v([1-9]\d*))?\.jsonl(\.zstd)?$/;

/** Where a transcript stands among the generations of its session. */
export interface SessionGeneration {
  /** The generation this transcript holds. */
  readonly generation: number;
  /** The highest generation of the session: the one DSH reads. */
  readonly current: number;
  /** Every generation present, in order. */
  readonly generations: readonly number[];
}

/** The transcripts in a folder by generation (its names, one per encoding); empty when it is no session folder. */
export function transcripts(dir: string, names: readonly string[] = listFiles(dir)): Map<number, string[]> {
  const found = new Map<number, string[]>();
  for (const name of names) {
    const match = TRANSCRIPT.exec(name);
    if (match === null) continue;
    const generation = match[1] === undefined ? 0 : Number(match[1]);
    found.set(generation, [...(found.get(generation) ?? []), name]);
  }
  return found;
}

/** The current generation of a session folder: its one transcript, or the two encodings it holds it in. */
export function currentTranscript(found: ReadonlyMap<number, readonly string[]>): { readonly generation: number; readonly names: readonly string[] } | undefined {
  if (found.size === 0) return undefined;
  const generation = Math.max(...found.keys());
  return { generation, names: [...found.get(generation)!].sort() };
}

/** The generation of a transcript by its name and its siblings; undefined for a file DSH would not name so. */
export function sessionGeneration(path: string): SessionGeneration | undefined {
  if (!TRANSCRIPT.test(basename(path))) return undefined;
  const found = transcripts(dirname(path));
  const generation = transcripts(dirname(path), [basename(path)]).keys().next().value!;
  const generations = [...new Set([...found.keys(), generation])].sort((a, b) => a - b);
  return { generation, current: generations.at(-1)!, generations };
}

/** A DSH home holds its store in `sessions/`; a folder that has one is read as a home. */
export function storeOfHome(dir: string): string | undefined {
  const store = join(dir, 'sessions');
  return statOrUndefined(store)?.isDirectory() === true ? store : undefined;
}

function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() || (entry.isSymbolicLink() && statOrUndefined(join(dir, entry.name))?.isFile() === true))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
