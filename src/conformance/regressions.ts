/**
 * Stored counterexamples (corpora/regressions): one readable file each, replayed before
 * generated cases on every run, because a seed does not survive a change of generator.
 *
 * A file is JSON Lines. Line 1: `{"regression":1,"property","hash","seed","path","failure","input":"log"|"json"}`.
 * Then, for a log input, the log itself (header line, events); for a JSON input, the value, indented.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RegressionPayload } from '../../properties/index.ts';
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
    mkdirSync(this.writeDir, { recursive: true });
    const file = join(this.writeDir, `${property}-${hash}.jsonl`);
    writeFileSync(file, `${JSON.stringify(head)}\n${body}`);
    return file;
  }
}

export function parseRegression(file: string, text: string): StoredRegression {
  const newline = text.indexOf('\n');
  let head: { regression?: unknown; property?: unknown; seed?: number; path?: string; failure?: string; input?: unknown };
  try {
    head = JSON.parse(text.slice(0, newline)) as typeof head;
  } catch {
    throw new ReconError('USAGE', `${file}:1: a regression file starts with its {"regression":1,…} line`);
  }
  if (head.regression !== 1 || typeof head.property !== 'string') throw new ReconError('USAGE', `${file}:1: not a regression file (line 1 lacks "regression":1 and "property")`);
  const rest = text.slice(newline + 1);
  const payload: RegressionPayload = head.input === 'log' ? { kind: 'log', jsonl: rest } : { kind: 'json', value: JSON.parse(rest) as unknown };
  return {
    file,
    property: head.property,
    payload,
    ...(head.seed === undefined ? {} : { seed: head.seed }),
    ...(head.path === undefined ? {} : { path: head.path }),
    ...(head.failure === undefined ? {} : { failure: head.failure }),
  };
}
