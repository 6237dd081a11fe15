/**
 * The layers, as data, and the imports held against them (docs/ARCHITECTURE.md explains them).
 * A file may import files of its own room and of rooms on lower floors; never a room above,
 * never a sibling on its own floor, and no files may import each other in a circle.
 */
// @ts-nocheck

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SCANNED = ['src', 'properties', 'benchmarks'];

/** Bottom to top. A room is a folder (ending in `/`) or one file; rooms on one floor do not import each other. */
const FLOORS: ReadonlyArray<readonly string[]> = [
  ['src/errors.ts'],
  ['src/_internals/'],
  ['src/version.ts', 'src/first-difference.ts', 'src/spec/'],
  ['src/log/'],
  ['src/attachments/'],
  ['src/fold/', 'src/wire/'],
  ['src/loop/'],
  ['src/http/', 'src/audit/'],
  ['src/contract/', 'src/audit/usage/'],
  ['properties/', 'src/conformance/'],
  ['src/suite/', 'src/e2e/'],
  ['src/report/'],
  ['benchmarks/', 'src/vitest/'],
  ['src/cli/'],
  ['src/cli.ts', 'src/index.ts'],
];

/** Imports allowed against the layers, each with why. None today; a row that no longer matches an import fails the test. */
const EXCEPTIONS: ReadonlyArray<{ readonly from: string; readonly to: string; readonly why: string }> = [];

interface Import {
  readonly from: string;
  readonly to: string;
}

/** Every file of the scanned folders, as a path from the root with `/`. */
function sourceFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) return walk(path);
      return /\.(ts|mts|js|mjs)$/.test(name) ? [path] : [];
    });
  return SCANNED.flatMap(walk).sort();
}

/** The relative imports of a file: static `import`/`export … from` and `import('…')` with a literal path. */
function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => ({ from: file, to: relative(ROOT, join(ROOT, dirname(file), name)).split('\\').join('/') }));
}

function roomOf(path: string, floors: ReadonlyArray<readonly string[]> = FLOORS): { readonly room: string; readonly floor: number } | undefined {
  let found: { room: string; floor: number } | undefined;
  floors.forEach((rooms, floor) => {
    for (const room of rooms) {
      const inside = room.endsWith('/') ? path.startsWith(room) : path === room;
      if (inside && (found === undefined || room.length > found.room.length)) found = { room, floor };
    }
  });
  return found;
}

/** Imports that reach a room above their own, or a sibling room on their own floor. */
function importsAgainstTheLayers(imports: readonly Import[], floors: ReadonlyArray<readonly string[]> = FLOORS): Import[] {
  return imports.filter(({ from, to }) => {
    const a = roomOf(from, floors);
    const b = roomOf(to, floors);
    if (a === undefined || b === undefined || a.room === b.room) return false;
    return b.floor >= a.floor;
  });
}

/** Groups of two or more files that import each other in a loop (strongly connected components). */
function circles(imports: readonly Import[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of imports) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return found;
}

const FILES = sourceFiles();
const IMPORTS = FILES.flatMap(importsOf);
const show = ({ from, to }: Import) => `${from} -> ${to}`;
const excepted = (i: Import) => EXCEPTIONS.some((e) => e.from === i.from && e.to === i.to);

describe('the layers', () => {
  it('place every source file in one room', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(FILES.filter((file) => roomOf(file) === undefined)).toEqual([]);
  });

  it('every relative import names a file that exists', () => {
    const names = new Set(FILES);
    expect(IMPORTS.filter(({ to }) => !names.has(to)).map(show)).toEqual([]);
  });

  it('no import runs up a floor or across to a sibling room', () => {
    expect(importsAgainstTheLayers(IMPORTS).filter((i) => !excepted(i)).map(show)).toEqual([]);
  });

  it('every listed exception is still an import against the layers (delete it when it is not)', () => {
    const against = new Set(importsAgainstTheLayers(IMPORTS).map(show));
    expect(EXCEPTIONS.map(show).filter((row) => !against.has(row))).toEqual([]);
  });

  it('no files import each other in a circle', () => {
    expect(circles(IMPORTS)).toEqual([]);
  });

  it('the checks find what they look for', () => {
    const floors = [['a/'], ['b/', 'c/']];
    const imports = [
      { from: 'b/x.ts', to: 'a/y.ts' },
      { from: 'a/y.ts', to: 'b/x.ts' },
      { from: 'b/x.ts', to: 'c/z.ts' },
      { from: 'b/x.ts', to: 'b/w.ts' },
      { from: 'b/w.ts', to: 'b/v.ts' },
      { from: 'b/v.ts', to: 'b/w.ts' },
    ];
    expect(importsAgainstTheLayers(imports, floors).map(show)).toEqual(['a/y.ts -> b/x.ts', 'b/x.ts -> c/z.ts']);
    expect(circles(imports)).toEqual([['b/v.ts', 'b/w.ts'], ['a/y.ts', 'b/x.ts']]);
    expect(roomOf('src/errors.ts')?.floor).toBe(0);
    expect(roomOf('src/version.ts')?.floor).toBe(2);
    expect(roomOf('src/errorsx.ts')).toBeUndefined();
  });
});
