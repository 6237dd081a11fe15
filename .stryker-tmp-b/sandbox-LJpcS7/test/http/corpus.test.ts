// @ts-nocheck
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_HEADERS, accountCache, formatCassette, parseCassette } from '../../src/http/index.ts';
import { RECORDED_DIR, cassetteFile, importRecorded, recordings } from '../helpers/recorded-http.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const manifest = readFileSync(`${RECORDED_DIR}MANIFEST.md`, 'utf8');

/** Every file of the repository but dependencies, dot-directories and test sources (whose fake keys are on purpose). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name.startsWith('.') || name === 'node_modules' || path === join(ROOT, 'test')) return [];
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the recorded-http corpus', () => {
  const all = recordings();

  it('lists 19 recordings, each copied unchanged (sha256 as in the MANIFEST)', () => {
    expect(all).toHaveLength(19);
    for (const { file } of all) {
      const row = manifest.split('\n').find((line) => line.startsWith(`| \`${file}\``))!;
      const hash = createHash('sha256').update(readFileSync(RECORDED_DIR + file)).digest('hex');
      expect(row, file).toContain(`\`${hash.slice(0, 16)}\``);
    }
  });

  it.each(recordings().map((r) => [r.file, r] as const))('%s imports to exactly the committed cassette', (_, recording) => {
    expect(formatCassette(importRecorded(recording))).toBe(readFileSync(cassetteFile(recording), 'utf8'));
  });

  it.each(recordings().map((r) => [r.file, r] as const))('%s: the usage read from its cassette is the MANIFEST usage', async (file, recording) => {
    const row = manifest.split('\n').find((line) => line.startsWith(`| \`${file}\``))!;
    const expected = row.split('|')[8]!.trim().split(/\s+/);
    const cassette = parseCassette(readFileSync(cassetteFile(recording), 'utf8'));
    const { requests } = await accountCache(cassette);
    const seen = cassette.interactions.map((_, index) => {
      const u = requests.find((r) => r.index === index);
      // Not a model call (a file upload, telemetry); the MANIFEST writes a cache-write count only where the provider reports one.
      return u === undefined ? '-' : `${u.input}/r${u.cacheRead}${u.cacheWrite === undefined ? '' : `/w${u.cacheWrite}`}/o${u.output}`;
    });
    expect(seen).toEqual(expected);
  });
});

describe('no credentials in the repository', () => {
  const KEY_LIKE = [/(?<![A-Za-z0-9])sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/, /sk-ant-[A-Za-z0-9_-]+/, /Bearer\s+[A-Za-z0-9._~+/=-]{8,}/];
  const files = filesUnder(ROOT);
  const cassettes = files.filter((file) => file.endsWith('.jsonl') && readFileSync(file, 'utf8').startsWith('{"cassette":'));

  it('finds the files and cassettes to check', () => {
    expect(files.some((file) => file.startsWith(join(ROOT, 'src')))).toBe(true);
    expect(cassettes.length).toBeGreaterThanOrEqual(19);
  });

  it.each(cassettes.map((file) => [relative(ROOT, file), file] as const))('%s holds only allow-listed headers', (_, file) => {
    const { interactions } = parseCassette(readFileSync(file, 'utf8'), file);
    const names = interactions.flatMap(({ request, response }) => [...Object.keys(request?.headers ?? {}), ...Object.keys(response.headers)]);
    expect(names.filter((name) => CREDENTIAL_HEADERS.includes(name))).toEqual([]);
  });

  it('finds no key-like string (sk-…, sk-ant-…, Bearer …) in any file outside test/', () => {
    const hits = files.flatMap((file) => {
      const text = readFileSync(file, 'latin1');
      return KEY_LIKE.flatMap((pattern) => (pattern.test(text) ? [`${relative(ROOT, file)}: ${text.match(pattern)![0].slice(0, 12)}…`] : []));
    });
    expect(hits).toEqual([]);
  });

  it('the scan would catch a key', () => {
    expect(KEY_LIKE.some((p) => p.test('"authorization":"Bearer sk-proj-abcdefghijklmnopqrstuvwxyz012345"'))).toBe(true);
    expect(KEY_LIKE.some((p) => p.test('x-api-key: sk-ant-api03-abc'))).toBe(true);
    expect(KEY_LIKE.some((p) => p.test('a task-specific side-effect check'))).toBe(false);
  });
});
