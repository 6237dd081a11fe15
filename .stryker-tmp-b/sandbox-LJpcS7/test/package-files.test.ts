// @ts-nocheck
// What `npm pack` ships: only what runs (the build, its data, the docs) — never an
// installed dsh-versions/*/node_modules, sources or tests. Checked on a stand-in tree laid
// out with everything a working checkout may hold, and on this checkout itself.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT as ROOT } from '../src/_internals/package-root.ts';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function packed(cwd: string): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return (JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((f) => f.path).sort();
}

describe('the packed file list', () => {
  it('ships the build, data and docs, and none of what a checkout also holds', () => {
    const root = mkdtempSync(join(tmpdir(), 'recon-pack-'));
    made.push(root);
    const put = (path: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), '{}\n');
    };
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'pack-probe', version: '0.0.0', files: pkg.files, bin: { recon: 'bin/recon.js' } }));
    const shipped = ['LICENSE', 'README.md', 'bin/recon.js', 'dist/src/index.js', 'schemas/protocol-v1.json', 'corpora/regressions/r.json', 'corpora/dsh-era-logs/a.jsonl', 'corpora/cassettes/c.jsonl', 'expectations/dsh.json', 'examples/python-adapter/adapter.py', 'docs/PROTOCOL.md', 'dsh-versions/0.1.0-rc.6/package.json', 'dsh-versions/0.1.0-rc.6/package-lock.json'];
    const held = ['dsh-versions/0.1.0-rc.6/node_modules/@deepseek-ai/dsh-session/package.json', 'dsh-versions/0.1.0-rc.6/node_modules/.package-lock.json', 'src/cli.ts', 'test/cli.test.ts', 'properties/log.ts', 'reports/runs/run.jsonl', 'scratch/notes.md', 'corpora/dsh-logs/private.jsonl'];
    [...shipped, ...held].forEach(put);
    expect(packed(root)).toEqual([...shipped, 'package.json'].sort());
  });

  it('from this checkout, holds the spec and no node_modules, sources or tests', () => {
    const files = packed(ROOT);
    expect(files).toContain('LICENSE');
    // The clauses reports link to and properties cite (docs/spec/README.md, "In reports").
    for (const name of readdirSync(join(ROOT, 'docs/spec'))) expect(files).toContain(`docs/spec/${name}`);
    expect(files.filter((f) => f.includes('node_modules/') || /^(src|test|properties|scripts)\//.test(f))).toEqual([]);
  });
});
