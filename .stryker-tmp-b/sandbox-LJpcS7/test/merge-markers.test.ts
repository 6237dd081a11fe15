// @ts-nocheck
// A merge left half-done ships both sides of a conflict as if they were text (it once
// did, in docs/ARCHITECTURE.md): no tracked file holds a conflict marker line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PACKAGE_ROOT as ROOT } from '../src/_internals/package-root.ts';

const MARKER = /^(<{7}|>{7}|\|{7})(?: |$)|^={7}$/m;

function conflictedFiles(root: string): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter((f) => f !== '');
  return tracked.filter((file) => {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      return false; // deleted in the work tree, or a directory entry (submodule)
    }
    return MARKER.test(text);
  });
}

describe('merge-conflict markers', () => {
  it('are in no tracked file', () => {
    expect(conflictedFiles(ROOT)).toEqual([]);
  });

  it('are recognised in each form git writes', () => {
    for (const marker of ['<<<<<<< HEAD', '=======', '>>>>>>> main', '||||||| base']) expect(MARKER.test(`a\n${marker}\nb\n`)).toBe(true);
    for (const text of ['a ======= b', '========', '<<<<<<<<', '> quoted']) expect(MARKER.test(text)).toBe(false);
  });
});
