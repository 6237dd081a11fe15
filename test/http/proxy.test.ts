import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch as undiciFetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { E2E_SCRIPT } from '../../src/e2e/conversation.ts';
import { listenOnLoopback, type LoopbackServer } from '../../src/http/_internals/loopback.ts';
import { openCassetteWriter, parseCassette, startProxy, startSimulator, type ProxiedCall, type Proxy, type Simulator } from '../../src/http/index.ts';
import { main } from '../../src/cli.ts';

const HEADER_KEY = 'sk-header-0123456789abcdef';
const QUERY_KEY = 'sk-query-fedcba9876543210';
const SYSTEM = `You are a careful coding agent. ${'Follow the house rules. '.repeat(40)}`;

let sim: Simulator | undefined;
let proxy: Proxy | undefined;
let slow: LoopbackServer | undefined;
afterEach(async () => {
  await proxy?.close();
  await sim?.close();
  await slow?.close();
  [sim, proxy, slow] = [undefined, undefined, undefined];
});

function io(cwd: string) {
  let out = '';
  let err = '';
  return { io: { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (err += t) }, cwd, env: {} }, out: () => out, err: () => err };
}

/** A DeepSeek streaming chat call through `base`, with a key in a header and in the query; the assistant text it streamed. */
async function chat(base: string, messages: object[]): Promise<string> {
  const response = await undiciFetch(`${base}/chat/completions?api_key=${QUERY_KEY}&beta=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${HEADER_KEY}`, cookie: `session=${HEADER_KEY}` },
    body: JSON.stringify({ model: 'deepseek-chat', stream: true, stream_options: { include_usage: true }, messages }),
  });
  expect(response.status).toBe(200);
  let text = '';
  for (const line of (await response.text()).split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const delta = JSON.parse(line.slice(6)).choices?.[0]?.delta;
    text += delta?.content ?? '';
  }
  return text;
}

describe('recon proxy', () => {
  it('records what an ordinary client sent through it, replays it byte-identical, and writes no key anywhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-proxy-'));
    const file = join(dir, 'session.jsonl');
    sim = await startSimulator({ provider: 'deepseek', replies: [{ text: 'First answer.' }, { text: 'Second answer.' }] });
    const calls: ProxiedCall[] = [];
    proxy = await startProxy({ provider: 'deepseek', upstream: sim.url, writer: await openCassetteWriter(file, { cassette: 2, provider: 'deepseek', source: 'recorded' }), onCall: (c) => calls.push(c) });
    const messages: object[] = [{ role: 'system', content: SYSTEM }, { role: 'user', content: 'Read the rules.' }];
    messages.push({ role: 'assistant', content: await chat(proxy.url, messages) }, { role: 'user', content: 'And now?' });
    await chat(proxy.url, messages);
    await proxy.close();

    expect(calls.map((c) => [c.index, c.status, c.account?.break?.code ?? null])).toEqual([
      [0, 200, 'COLD_START'],
      // DeepSeek reads whole 64-token units: the tail of the previous prompt is not read.
      [1, 200, 'WITHIN_BOUND'],
    ]);
    expect(calls[1]!.account!.cacheRead).toBeGreaterThan(0);
    expect(calls[1]!.account!.cacheRead).toBe(calls[1]!.account!.bound);

    const cassette = parseCassette(readFileSync(file, 'utf8'));
    expect(cassette.interactions).toHaveLength(2);
    expect(cassette.interactions[0]!.request!.url).toBe(`${sim.url}/chat/completions?beta=1`);
    const replayed = io(dir);
    expect(await main(['replay', file, '--json'], replayed.io)).toBe(0);
    expect(JSON.parse(replayed.out())).toMatchObject({ replayed: { total: 2, identical: 2 } });
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text).not.toContain(HEADER_KEY);
      expect(text).not.toContain(QUERY_KEY);
    }
  });

  it('calls a first call that reads from a warm provider cache a warm start, and keeps attainment at most 100 %', async () => {
    sim = await startSimulator({ provider: 'deepseek', replies: [{ text: 'Earlier traffic.' }, { text: 'First answer.' }, { text: 'Second answer.' }] });
    const messages: object[] = [{ role: 'system', content: SYSTEM }, { role: 'user', content: 'Read the rules.' }];
    // Traffic before the proxy started (another process, an earlier proxy run) warms the cache.
    await chat(sim.url, messages);
    const calls: ProxiedCall[] = [];
    proxy = await startProxy({ provider: 'deepseek', upstream: sim.url, onCall: (c) => calls.push(c) });
    messages.push({ role: 'assistant', content: await chat(proxy.url, messages) }, { role: 'user', content: 'And now?' });
    await chat(proxy.url, messages);
    expect(calls[0]!.account!.cacheRead).toBeGreaterThan(0);
    expect(calls.map((c) => c.account?.break?.code ?? null)).toEqual(['WARM_START', 'WITHIN_BOUND']);
    const account = await proxy.account();
    expect(account.externalReads).toBeGreaterThan(0);
    expect(account.attainment).not.toBeNull();
    expect(account.attainment!).toBeLessThanOrEqual(1);
  });

  it('accounts its calls when asked, with no listener, exactly as it reports them to one', async () => {
    const session = async (onCall?: (c: ProxiedCall) => void) => {
      sim = await startSimulator({ provider: 'deepseek', replies: [{ text: 'First answer.' }, { text: 'Second answer.' }] });
      proxy = await startProxy({ provider: 'deepseek', upstream: sim.url, ...(onCall === undefined ? {} : { onCall }) });
      const messages: object[] = [{ role: 'system', content: SYSTEM }, { role: 'user', content: 'Read the rules.' }];
      messages.push({ role: 'assistant', content: await chat(proxy.url, messages) }, { role: 'user', content: 'And now?' });
      await chat(proxy.url, messages);
      const account = await proxy.account();
      await proxy.close();
      await sim.close();
      return account;
    };
    const calls: ProxiedCall[] = [];
    const heard = await session((c) => calls.push(c));
    const asked = await session();
    // The two sessions differ in the simulator's port alone.
    const portless = (a: typeof heard) => ({ ...a, requests: a.requests.map(({ url: _url, ...r }) => r) });
    expect(asked.requests).toHaveLength(2);
    expect(portless(asked)).toEqual(portless(heard));
    expect(calls.map((c) => c.account)).toEqual(heard.requests);
  });

  it('forwards the client credentials upstream', async () => {
    const seen: Array<{ url: string; authorization: string | undefined }> = [];
    slow = await listenOnLoopback((request, response) => {
      seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
      response.end('{}');
    });
    proxy = await startProxy({ provider: 'openai', upstream: `${slow.url}/base` });
    await undiciFetch(`${proxy.url}/v1/chat/completions?key=${QUERY_KEY}`, { method: 'POST', headers: { authorization: `Bearer ${HEADER_KEY}` }, body: '{}' });
    expect(seen).toEqual([{ url: `/base/v1/chat/completions?key=${QUERY_KEY}`, authorization: `Bearer ${HEADER_KEY}` }]);
    expect(proxy.cassette().interactions[0]!.request!.url).toBe(`${slow.url}/base/v1/chat/completions`);
  });

  it('streams each chunk to the client as it arrives, before the upstream has finished', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    slow = await listenOnLoopback((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: {"first":true}\n\n');
      void finished.then(() => response.end('data: [DONE]\n\n'));
    });
    proxy = await startProxy({ provider: 'deepseek', upstream: slow.url });
    const response = await undiciFetch(`${proxy.url}/chat/completions`, { method: 'POST', body: '{}' });
    const reader = response.body!.getReader();
    const first = await reader.read();
    // The first chunk came through while the upstream still holds the stream open.
    expect(Buffer.from(first.value!).toString()).toBe('data: {"first":true}\n\n');
    finish();
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += Buffer.from(next.value).toString();
    expect(rest).toBe('data: [DONE]\n\n');
    await proxy.close();
    expect(proxy.cassette().interactions[0]!.response.chunks.map((c) => ('text' in c ? c.text : ''))).toEqual(['data: {"first":true}\n\n', 'data: [DONE]\n\n']);
  });

  it('answers 502 with a code when the upstream cannot be reached', async () => {
    slow = await listenOnLoopback((_q, r) => r.end());
    const dead = slow.url;
    await slow.close();
    slow = undefined;
    const errors: string[] = [];
    proxy = await startProxy({ provider: 'deepseek', upstream: dead, onError: (e) => errors.push(e.code) });
    const response = await undiciFetch(`${proxy.url}/chat/completions`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'PROXY_UPSTREAM' } });
    expect(errors).toEqual(['PROXY_UPSTREAM']);
  });

  it('serves a Python urllib client like any other', async () => {
    const python = spawnSync('python3', ['--version']);
    if (python.status !== 0) return expect.soft(python.status, 'python3 is not installed: this client is not exercised').toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'recon-proxy-py-'));
    const file = join(dir, 'py.jsonl');
    sim = await startSimulator({ provider: 'deepseek', replies: E2E_SCRIPT });
    proxy = await startProxy({ provider: 'deepseek', upstream: sim.url, writer: await openCassetteWriter(file, { cassette: 2, provider: 'deepseek', source: 'recorded' }) });
    const script = join(dir, 'client.py');
    writeFileSync(
      script,
      [
        'import json, sys, urllib.request',
        'body = json.dumps({"model": "deepseek-chat", "stream": True, "messages": [{"role": "user", "content": "hi"}]}).encode()',
        `req = urllib.request.Request(sys.argv[1] + "/chat/completions?api_key=${QUERY_KEY}", data=body, headers={"Content-Type": "application/json", "Authorization": "Bearer ${HEADER_KEY}"})`,
        'with urllib.request.urlopen(req) as r:',
        '    text = r.read().decode()',
        'print(sum(1 for line in text.splitlines() if line.startswith("data:")))',
      ].join('\n'),
    );
    const run = await new Promise<{ status: number | null; out: string }>((resolve) => {
      const child = spawn('python3', [script, proxy!.url]);
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d));
      child.on('close', (status) => resolve({ status, out }));
    });
    expect(run.status).toBe(0);
    expect(Number(run.out.trim())).toBeGreaterThan(1);
    await proxy.close();
    const replayed = io(dir);
    expect(await main(['replay', file, '--json'], replayed.io)).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain(QUERY_KEY);
    expect(readFileSync(file, 'utf8')).not.toContain(HEADER_KEY);
  });

  it('refuses a bad command line with exit 2', async () => {
    for (const argv of [['proxy'], ['proxy', '--provider', 'acme'], ['proxy', '--provider', 'deepseek', '--port', '99999']]) {
      const run = io(tmpdir());
      expect(await main(argv, run.io), argv.join(' ')).toBe(2);
    }
  });
});
