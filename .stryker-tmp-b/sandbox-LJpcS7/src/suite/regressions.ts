/**
 * Stored counterexamples (corpora/regressions): one readable file each, replayed before
 * generated cases on every run, because a seed does not survive a change of generator.
 *
 * A file is JSON Lines. Line 1: `{"regression":1,"property","hash","seed","path","failure","input":"log"|"json"}`.
 * Then, for a log input, the log itself (header line, events); for a JSON input, the value, indented.
 */
// @ts-nocheck

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { AnyProperty, RegressionPayload } from '../../properties/index.ts';
import { makeDirectory } from '../_internals/output-guard.ts';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
import { ReconError } from '../errors.ts';

export interface RegressionMeta {
  readonly seed?: number;
  readonly path?: string;
  readonly failure?: string;
}

export interface StoredRegression extends RegressionMeta {
  readonly file: string;
  readonly property: string;
  /** The first 12 hex digits of the input's sha256 (line 1 carries the same). */
  readonly hash: string;
  readonly payload: RegressionPayload;
}

export class RegressionStore {
  /** Read from all of `dirs`; new counterexamples are written to `writeDir` (none when undefined). */
  constructor(
    readonly dirs: readonly string[],
    readonly writeDir: string | undefined,
  ) {}

  /** The stored regressions of `property`: files named `<property>-<hash>.jsonl` exactly, each checked against its name. */
  load(property: string): StoredRegression[] {
    return this.files()
      .filter((f) => NAME.exec(basename(f))?.[1] === property)
      .map((f) => readStored(f));
  }

  /**
   * Every stored file checked against the suite it is replayed with, before anything runs:
   * a file whose name is not `<PROPERTY>-<hash>.jsonl`, whose line 1 disagrees with that name
   * or with its input, that names a property the suite does not have, or whose input the
   * property cannot read, is REGRESSION_INVALID — never skipped without a word.
   */
  verify(properties: readonly Pick<AnyProperty, 'id' | 'codec'>[]): void {
    const byId = new Map(properties.map((p) => [p.id, p]));
    for (const file of this.files()) {
      const stored = readStored(file);
      const property = byId.get(stored.property);
      if (property === undefined) throw invalid(file, 1, `names the property ${stored.property}, which this suite does not have (see recon check --list)`);
      try {
        property.codec.decode(stored.payload);
      } catch (error) {
        throw invalid(file, 2, `the input is not one ${stored.property} reads (${(error as Error).message})`);
      }
    }
  }

  /** The `.jsonl` files of all dirs; a name in an earlier dir hides the same name in a later one. */
  private files(): string[] {
    const found: string[] = [];
    const seen = new Set<string>();
    for (const dir of this.dirs) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch (error) {
        // A store not made yet holds nothing; one that cannot be listed is not taken for empty.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw new ReconError('FILE_UNREADABLE', `the regressions folder cannot be listed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { location: { file: dir } });
      }
      for (const name of names.sort()) {
        if (!name.endsWith('.jsonl') || seen.has(name)) continue;
        seen.add(name);
        found.push(join(dir, name));
      }
    }
    return found;
  }

  save(property: string, payload: RegressionPayload, meta: RegressionMeta): string | undefined {
    if (this.writeDir === undefined) return undefined;
    const body = payload.kind === 'log' ? payload.jsonl : `${JSON.stringify(payload.value, null, 2)}\n`;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const head = { regression: 1, property, hash, ...meta, input: payload.kind };
    makeDirectory(this.writeDir);
    const file = join(this.writeDir, `${property}-${hash}.jsonl`);
    writeFileAtomic(file, `${JSON.stringify(head)}\n${body}`);
    return file;
  }
}

/** A stored file's name: the property and the first 12 hex digits of its input's sha256. */
const NAME = /^(.+)-([0-9a-f]{12})\.jsonl$/;

const HEAD_KEYS: readonly string[] = ['regression', 'property', 'hash', 'seed', 'path', 'failure', 'input'];

const invalid = (file: string, line: number, detail: string) =>
  new ReconError('REGRESSION_INVALID', detail, { location: { file, line }, hint: 'restore the file from version control, or delete it if its property was removed' });

/** A file of a store: its content, and its name agreeing with line 1 (a renamed or re-hashed file is not taken for another regression). */
function readStored(file: string): StoredRegression {
  const name = NAME.exec(basename(file));
  if (name === null) throw invalid(file, 1, 'a stored regression is named <PROPERTY>-<hash>.jsonl, and this file is not');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ReconError('FILE_UNREADABLE', `a stored regression cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { location: { file } });
  }
  const stored = parseRegression(file, text);
  if (stored.property !== name[1]) throw invalid(file, 1, `line 1 names the property ${stored.property}, the file name ${name[1]}`);
  if (stored.hash !== name[2]) throw invalid(file, 1, `line 1 carries the hash ${stored.hash}, the file name ${name[2]}: the file was edited and re-hashed, or renamed`);
  return stored;
}

/** A stored regression, or REGRESSION_INVALID naming the file and line: a half-written or edited file never replays as something else. */
export function parseRegression(file: string, text: string): StoredRegression {
  const damaged = (line: number, detail: string) => invalid(file, line, detail);
  const newline = text.indexOf('\n');
  let head: { regression?: unknown; property?: unknown; hash?: unknown; seed?: unknown; path?: unknown; failure?: unknown; input?: unknown };
  try {
    head = JSON.parse(newline < 0 ? text : text.slice(0, newline)) as typeof head;
  } catch {
    throw damaged(1, 'a regression file starts with its {"regression":1,…} line, and this line is not JSON');
  }
  if (typeof head !== 'object' || head === null || head.regression !== 1 || typeof head.property !== 'string') throw damaged(1, 'not a regression file (line 1 lacks "regression":1 and "property")');
  if (head.input !== 'log' && head.input !== 'json') throw damaged(1, `"input" is ${JSON.stringify(head.input)}, not "log" or "json"`);
  const unknown = Object.keys(head).filter((key) => !HEAD_KEYS.includes(key));
  if (unknown.length > 0) throw damaged(1, `line 1 holds ${unknown.map((k) => JSON.stringify(k)).join(', ')}, which this reader does not know`);
  if (head.seed !== undefined && !Number.isSafeInteger(head.seed)) throw damaged(1, `"seed" is ${JSON.stringify(head.seed)}, not a whole number`);
  if ((head.path !== undefined && typeof head.path !== 'string') || (head.failure !== undefined && typeof head.failure !== 'string')) throw damaged(1, '"path" and "failure" are strings when present');
  const rest = newline < 0 ? '' : text.slice(newline + 1);
  const hash = createHash('sha256').update(rest).digest('hex').slice(0, 12);
  if (head.hash !== hash) throw damaged(2, `the input does not match the hash of line 1 (${String(head.hash)}, the input hashes to ${hash}): the file was cut short or edited`);
  let payload: RegressionPayload;
  if (head.input === 'log') payload = { kind: 'log', jsonl: rest };
  else {
    try {
      payload = { kind: 'json', value: JSON.parse(rest) as unknown };
    } catch (error) {
      throw damaged(2, `the input is not JSON (${(error as Error).message})`);
    }
  }
  return {
    file,
    property: head.property,
    hash,
    payload,
    ...(head.seed === undefined ? {} : { seed: head.seed as number }),
    ...(head.path === undefined ? {} : { path: head.path as string }),
    ...(head.failure === undefined ? {} : { failure: head.failure as string }),
  };
}
