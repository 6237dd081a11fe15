// @ts-nocheck
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatCassette, parseCassette, requestBytes, responseText } from '../../src/http/index.ts';
import { RECORDED_DIR, cassetteFile, importRecorded, recordings } from '../helpers/recorded-http.ts';
import { firstLine, runCli } from '../helpers/run-cli.ts';

const BIN = fileURLToPath(new URL('../../bin/recon.js', import.meta.url));
const temp = () => mkdtempSync(join(tmpdir(), 'recon-cli-'));
const recording = (file: string) => recordings().find((r) => r.file === file)!;

describe('recon import', () => {
  it('writes the cassette the library produces, with licence and origin, and prints one JSON object', async () => {
    const dir = temp();
    const source = recording('deepseek/node-llm__tool-calling.har');
    const out = join(dir, 'c.jsonl');
    const { code, stdout } = await runCli(['import', RECORDED_DIR + source.file, '-o', out, '--licence', source.licence, '--origin', source.origin, '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ file: RECORDED_DIR + source.file, output: out, format: 'har', provider: 'deepseek', interactions: 2, notes: [expect.stringMatching(/^chunk times are the time to first byte/)] });
    const expected = importRecorded(source);
    const written = parseCassette(readFileSync(out, 'utf8'));
    expect(written).toEqual({ ...expected, header: { ...expected.header, importedFrom: { ...expected.header.importedFrom!, file: 'node-llm__tool-calling.har' } } });
  });

  it('refuses to overwrite without --force, and names a file in no known format', async () => {
    const dir = temp();
    const out = join(dir, 'c.jsonl');
    writeFileSync(out, 'keep me');
    const source = RECORDED_DIR + recording('deepseek/vercel-ai__issue-19789-live-usage.chunks.txt').file;
    const refused = await runCli(['import', source, '-o', out]);
    expect([refused.code, refused.stderr]).toEqual([2, `recon import: ${out}: USAGE: ${out} exists; pass --force to overwrite it\n`]);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect((await runCli(['import', source, '-o', out, '--force'])).code).toBe(0);
    expect(parseCassette(readFileSync(out, 'utf8')).interactions[0]!.request).toBeNull();
    const odd = join(dir, 'odd.har');
    writeFileSync(odd, 'not: [a, recording');
    const unsupported = await runCli(['import', odd, '-o', join(dir, 'x.jsonl')]);
    expect(unsupported.code).toBe(3);
    expect(unsupported.stderr).toContain('odd.har: IMPORT_UNSUPPORTED: the content is not a vcrpy YAML cassette');
    expect(unsupported.stderr).toContain('although its extension suggests har');
    expect((await runCli(['import', source])).code).toBe(2);
  });
});

describe('recon import of hostile recordings', () => {
  it('writes no key that a HAR carries in its URLs', async () => {
    const dir = temp();
    const har = JSON.parse(readFileSync(RECORDED_DIR + recording('deepseek/node-llm__tool-calling.har').file, 'utf8')) as { log: { entries: Array<{ request: { url: string } }> } };
    for (const entry of har.log.entries) entry.request.url += '?api_key=sk-abcdefghijklmnopqrstuvwxyz0123&key=sk-ant-secret-value';
    writeFileSync(join(dir, 'keyed.har'), JSON.stringify(har));
    const { code } = await runCli(['import', 'keyed.har', '-o', 'c.jsonl'], {}, dir);
    expect(code).toBe(0);
    const written = readFileSync(join(dir, 'c.jsonl'), 'utf8');
    expect(written).not.toContain('sk-');
    expect(parseCassette(written).interactions.map((i) => i.request!.url)).toEqual(['https://api.deepseek.com/chat/completions', 'https://api.deepseek.com/chat/completions']);
  });

  it('names a HAR that was cut short as truncated', async () => {
    const dir = temp();
    const har = readFileSync(RECORDED_DIR + recording('deepseek/node-llm__tool-calling.har').file, 'utf8');
    writeFileSync(join(dir, 'cut.har'), har.slice(0, Math.floor(har.length / 2)));
    const { code, stderr } = await runCli(['import', 'cut.har', '-o', 'c.jsonl'], {}, dir);
    expect([code, stderr.split('\n')[0]]).toEqual([3, 'recon import: cut.har: IMPORT_UNSUPPORTED: the file is truncated: its JSON ends before the value is complete']);
  });

  it('refuses a recording with no model calls with IMPORT_EMPTY, exit 3, and writes nothing', async () => {
    const dir = temp();
    writeFileSync(join(dir, 'empty.har'), JSON.stringify({ log: { version: '1.2', entries: [] } }));
    const { code, stderr } = await runCli(['import', 'empty.har', '-o', 'c.jsonl'], {}, dir);
    expect([code, stderr.split('\n')[0]]).toEqual([3, 'recon import: empty.har: IMPORT_EMPTY: the har file holds no exchanges at all']);
    expect(() => readFileSync(join(dir, 'c.jsonl'))).toThrow();
  });
});

describe('recon replay', () => {
  it('refuses a cassette holding a credential header, naming the line', async () => {
    const dir = temp();
    const cassette = importRecorded(recording('deepseek/node-llm__tool-calling.har'));
    // Edited by hand: formatCassette itself never writes such a header.
    const [header, line] = formatCassette({ ...cassette, interactions: cassette.interactions.slice(0, 1) }).split('\n');
    const leaked = JSON.parse(line!);
    leaked.request.headers = { authorization: 'Bearer x' };
    writeFileSync(join(dir, 'c.jsonl'), `${header}\n${JSON.stringify(leaked)}\n`);
    const { code, stderr } = await runCli(['replay', 'c.jsonl'], {}, dir);
    expect(code).toBe(3);
    expect(stderr).toContain('c.jsonl:2: CASSETTE_HEADER: the request header "authorization" is a credential header');
  });

  it('refuses a cassette whose response chunk was edited (CASSETTE_DIGEST), exit 3, and reads a format 1 cassette with a note', async () => {
    const dir = temp();
    const lines = readFileSync(cassetteFile(recording('deepseek/node-llm__tool-calling.har')), 'utf8').split('\n');
    const interaction = JSON.parse(lines[1]!) as { response: { chunks: Array<{ text?: string }>; sha256?: string } };
    const chunk = interaction.response.chunks.find((c) => c.text !== undefined && /\d/.test(c.text))!;
    chunk.text = chunk.text!.replace(/\d/, (d) => String((Number(d) + 1) % 10));
    writeFileSync(join(dir, 'edited.jsonl'), [lines[0], JSON.stringify(interaction), ...lines.slice(2)].join('\n'));
    const edited = await runCli(['replay', 'edited.jsonl'], {}, dir);
    expect([edited.code, edited.stdout]).toEqual([3, '']);
    expect(edited.stderr).toMatch(/^recon replay: edited\.jsonl:2: CASSETTE_DIGEST: the response body has sha256 /);
    const bare = lines.map((line, i) => {
      if (i === 0) return line.replace('"cassette":2', '"cassette":1');
      if (line === '') return line;
      const value = JSON.parse(line) as { response: Record<string, unknown> };
      delete value.response['sha256'];
      return JSON.stringify(value);
    });
    writeFileSync(join(dir, 'v1.jsonl'), bare.join('\n'));
    const legacy = await runCli(['replay', 'v1.jsonl'], {}, dir);
    expect(legacy.code).toBe(0);
    expect(legacy.stdout).toContain('replayed 2/2 byte-identical');
    expect(legacy.stdout).toContain('note: a format 1 cassette: its responses carry no sha256');
  });

  it('--serve answers another process on loopback, reports misses and unused interactions, and stops on SIGTERM', async () => {
    const file = cassetteFile(recording('deepseek/node-llm__tool-calling.har'));
    const cassette = parseCassette(readFileSync(file, 'utf8'));
    const child = spawn(process.execPath, [BIN, 'replay', file, '--serve', '--no-delay', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const line = await firstLine(child, () => stderr);
      const { url, interactions } = JSON.parse(line) as { url: string; interactions: number };
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(interactions).toBe(2);
      const recorded = cassette.interactions[0]!;
      const answer = await fetch(`${url}/chat/completions`, { method: 'POST', body: Buffer.from(requestBytes(recorded.request!)), headers: { 'content-type': 'application/json' } });
      expect([answer.status, await answer.text()]).toEqual([200, responseText(recorded.response)]);
      const miss = await fetch(`${url}/chat/completions`, { method: 'POST', body: '{"model":"deepseek-chat"}' });
      expect(miss.status).toBe(501);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(stderr).toContain('CASSETTE_MISS: POST http://127.0.0.1:');
      expect(stderr).toContain('interaction #1 (line 3) POST https://api.deepseek.com/chat/completions was never requested');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
