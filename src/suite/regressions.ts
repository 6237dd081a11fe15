/**
 * Stored counterexamples (corpora/regressions): one readable file each, replayed before
 * generated cases on every run, because a seed does not survive a change of generator.
 *
 * A file is JSON Lines. Line 1: `{"regression":1,"property","hash","seed","path","failure","input":"log"|"json"}`.
 * Then, for a log input, the log itself (header line, events); for a JSON input, the value, indented.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { makeDirectory } from '../_internals/output-guard.ts';
import { join } from 'node:path';
import type { RegressionPayload } from '../../properties/index.ts';
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
  readonly payload: RegressionPayload;
}

export class RegressionStore {
  /** Read from all of `dirs`; new counterexamples are written to `writeDir` (none when undefined). */
  constructor(
    readonly dirs: readonly string[],
    readonly writeDir: string | undefined,
  ) {}

  load(property: string): StoredRegression[] {
    const found: StoredRegression[] = [];
    const seen = new Set<string>();
    for (const dir of this.dirs) {
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        continue;
      }
      for (const name of names.sort()) {
        if (!name.startsWith(`${property}-`) || !name.endsWith('.jsonl') || seen.has(name)) continue;
        seen.add(name);
        found.push(parseRegression(join(dir, name), readFileSync(join(dir, name), 'utf8')));
      }
    }
    return found.filter((r) => r.property === property);
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

/** A stored regression, or REGRESSION_INVALID naming the file and line: a half-written or edited file never replays as something else. */
export function parseRegression(file: string, text: string): StoredRegression {
  const damaged = (line: number, detail: string) =>
    new ReconError('REGRESSION_INVALID', detail, { location: { file, line }, hint: 'restore the file from version control, or delete it if its property was removed' });
  const newline = text.indexOf('\n');
  let head: { regression?: unknown; property?: unknown; hash?: unknown; seed?: number; path?: string; failure?: string; input?: unknown };
  try {
    head = JSON.parse(newline < 0 ? text : text.slice(0, newline)) as typeof head;
  } catch {
    throw damaged(1, 'a regression file starts with its {"regression":1,…} line, and this line is not JSON');
  }
  if (typeof head !== 'object' || head === null || head.regression !== 1 || typeof head.property !== 'string') throw damaged(1, 'not a regression file (line 1 lacks "regression":1 and "property")');
  if (head.input !== 'log' && head.input !== 'json') throw damaged(1, `"input" is ${JSON.stringify(head.input)}, not "log" or "json"`);
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
    payload,
    ...(head.seed === undefined ? {} : { seed: head.seed }),
    ...(head.path === undefined ? {} : { path: head.path }),
    ...(head.failure === undefined ? {} : { failure: head.failure }),
  };
}
