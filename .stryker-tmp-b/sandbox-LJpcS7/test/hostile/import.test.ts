/**
 * `recon import` of a recording that carries keys in every place (issue 20): the written
 * cassette holds none of them, whatever the place, and what the command prints neither.
 */
// @ts-nocheck

import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCassette, responseText } from '../../src/http/index.ts';
import { runCli } from '../helpers/run-cli.ts';

const KEYS = { openai: 'sk-proj-IMPORT0000aaaa1111', anthropic: 'sk-ant-api03-IMPORT2222bbbb', deepseek: 'sk-00112233445566778899aabbccddeeff', bearer: 'eyJ0eXAiOiJKV1QifQ.imp0rt' };

function har(): string {
  const sse = [
    `data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"your key is ${KEYS.deepseek} and Bearer ${KEYS.bearer}"}}]}`,
    'data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":3,"total_tokens":8}}',
    'data: [DONE]',
  ].map((line) => `${line}\n\n`).join('');
  const entry = {
    request: {
      method: 'POST',
      url: `https://api.deepseek.com/chat/completions?key=${KEYS.openai}&note=${KEYS.anthropic}&t=Bearer%20${KEYS.bearer}`,
      headers: [
        { name: 'authorization', value: `Bearer ${KEYS.bearer}` },
        { name: 'cookie', value: `s=${KEYS.deepseek}` },
        { name: 'content-type', value: `application/json; x=${KEYS.openai}` },
      ],
      postData: { text: JSON.stringify({ model: 'deepseek-chat', stream: true, messages: [{ role: 'user', content: `remember ${KEYS.anthropic}` }] }) },
    },
    response: {
      status: 200,
      headers: [
        { name: 'content-type', value: 'text/event-stream' },
        { name: 'set-cookie', value: `s=${KEYS.openai}` },
        { name: 'x-request-id', value: KEYS.deepseek },
      ],
      content: { mimeType: 'text/event-stream', text: sse },
    },
    timings: { wait: 10 },
  };
  return JSON.stringify({ log: { version: '1.2', entries: [entry] } });
}

describe('hostile: recon import', () => {
  it('writes no key from any place of a HAR, prints none, and keeps what is not a key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-hostile-import-'));
    writeFileSync(join(dir, 'keys.har'), har());
    const { code, stdout, stderr } = await runCli(['import', 'keys.har', '-o', 'c.jsonl', '--origin', `copied with ${KEYS.openai}`, '--json'], {}, dir);
    expect([code, stderr]).toEqual([0, '']);
    const written = readdirSync(dir).filter((name) => name !== 'keys.har').map((name) => readFileSync(join(dir, name), 'utf8'));
    expect(written).toHaveLength(1);
    for (const text of [...written, stdout]) for (const key of Object.values(KEYS)) expect(text).not.toContain(key);
    const [interaction] = parseCassette(written[0]!).interactions;
    expect(interaction!.request!.url).toBe(`https://api.deepseek.com/chat/completions?note=sk-ant-${'*'.repeat(KEYS.anthropic.length - 7)}&t=Bearer%20${'*'.repeat(KEYS.bearer.length)}`);
    expect(responseText(interaction!.response)).toContain(`your key is sk-${'*'.repeat(KEYS.deepseek.length - 3)} and Bearer ${'*'.repeat(KEYS.bearer.length)}`);
    expect(responseText(interaction!.response)).toContain('"usage":{"prompt_tokens":5');
  });
});
