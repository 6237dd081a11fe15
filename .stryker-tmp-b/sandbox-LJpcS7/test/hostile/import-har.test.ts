/** A HAR entry whose fields are not what HAR 1.2 says is refused with a code, the file and the entry. */
// @ts-nocheck

import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

const entry = (change: (e: Record<string, any>) => void) => {
  const e: Record<string, any> = {
    request: { method: 'POST', url: 'https://api.deepseek.com/chat/completions', headers: [{ name: 'content-type', value: 'application/json' }], postData: { text: '{"model":"deepseek-chat","messages":[]}' } },
    response: { status: 200, headers: [{ name: 'content-type', value: 'application/json' }], content: { text: 'e30=', encoding: 'base64', mimeType: 'application/json' } },
  };
  change(e);
  return JSON.stringify({ log: { version: '1.2', entries: [e] } });
};

const CASES: ReadonlyArray<readonly [string, string, RegExp]> = [
  ['invalid URL', entry((e) => (e['request'].url = 'not a url')), /log\.entries\[0\]: request\.url "not a url" is not a URL/],
  ['invalid base64', entry((e) => (e['response'].content.text = 'e30=!!!')), /log\.entries\[0\]: response\.content\.text is not valid base64/],
  ['a non-numeric status', entry((e) => (e['response'].status = 'OK')), /log\.entries\[0\]: response\.status "OK" is not an HTTP status/],
  ['a status out of range', entry((e) => (e['response'].status = 2000)), /response\.status 2000 is not an HTTP status/],
  ['an unknown encoding', entry((e) => (e['response'].content.encoding = 'gzip')), /response\.content\.encoding "gzip" is not base64/],
];

describe('import of a hostile HAR', () => {
  it.each(CASES)('%s: IMPORT_UNSUPPORTED with file and entry, exit 3, no cassette', async (_, har, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-hostile-har-'));
    writeFileSync(join(dir, 'rec.har'), har);
    const { code, stdout, stderr } = await runCli(['import', 'rec.har', '-o', 'out.jsonl'], {}, dir);
    expect([code, stdout]).toEqual([3, '']);
    expect(stderr).toMatch(/^recon import: rec\.har: IMPORT_UNSUPPORTED: /);
    expect(stderr).toMatch(message);
    expect(readdirSync(dir)).toEqual(['rec.har']);
  });

  it('the same entry with valid fields imports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-hostile-har-'));
    writeFileSync(join(dir, 'rec.har'), entry(() => undefined));
    expect((await runCli(['import', 'rec.har', '-o', 'out.jsonl'], {}, dir)).code).toBe(0);
  });
});
