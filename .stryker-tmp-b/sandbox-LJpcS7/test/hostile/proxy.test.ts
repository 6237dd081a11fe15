/**
 * Hostile input to `recon proxy` (issue 20): an upstream that breaks off, keys in every
 * place a request or a response can carry one, a cassette of another provider, a signal
 * while the upstream is silent or while an endless stream's client is gone, an upstream
 * that is not a URL. Every case ends in the correct result or one coded line.
 */
// @ts-nocheck

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetch as undiciFetch } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback, type LoopbackServer } from '../../src/http/_internals/loopback.ts';
import { Replayer, cassetteFetch, installInProcessReplay, type Cassette, openCassetteWriter, parseCassette, serveCassette, startProxy, type Proxy } from '../../src/http/index.ts';
import { firstLine, runCli } from '../helpers/run-cli.ts';

const BIN = fileURLToPath(new URL('../../bin/recon.js', import.meta.url));
const temp = () => mkdtempSync(join(tmpdir(), 'recon-hostile-proxy-'));

let upstream: LoopbackServer | undefined;
let proxy: Proxy | undefined;
afterEach(async () => {
  await proxy?.close();
  await upstream?.close();
  [upstream, proxy] = [undefined, undefined];
});

/** What a client sees of a GET: the body, or the failure as name, message and the cause's code. */
async function outcome(url: string): Promise<string> {
  try {
    const response = await undiciFetch(url);
    return `ok ${response.status} ${await response.text()}`;
  } catch (error) {
    const cause = (error as Error).cause as NodeJS.ErrnoException | undefined;
    return `${(error as Error).name}: ${(error as Error).message} (${cause?.code ?? 'no cause'})`;
  }
}

// One SSE event, then the upstream breaks off the way the path says.
function breakingUpstream(request: IncomingMessage, response: ServerResponse): void {
  const declared = request.url === '/truncated';
  response.writeHead(200, { 'content-type': 'text/event-stream', ...(declared ? { 'content-length': '1000' } : {}) });
  response.write('data: {"choices":[{"delta":{"content":"half"}}]}\n\n', () => {
    setTimeout(() => (request.url === '/reset' ? response.socket!.resetAndDestroy() : response.socket!.destroy()), 20);
  });
}

describe('hostile: recon proxy', () => {
  it.each(['reset', 'truncated'] as const)('an upstream %s mid-body reaches the client as the same failure as direct, and the cassette marks the exchange incomplete', async (how) => {
    upstream = await listenOnLoopback(breakingUpstream);
    const file = join(temp(), 'c.jsonl');
    const errors: string[] = [];
    proxy = await startProxy({ provider: 'deepseek', upstream: upstream.url, writer: await openCassetteWriter(file, { cassette: 2, provider: 'deepseek', source: 'recorded' }), onError: (e) => errors.push(e.code) });
    const direct = await outcome(`${upstream.url}/${how}`);
    const proxied = await outcome(`${proxy.url}/${how}`);
    expect(direct).toBe(how === 'reset' ? 'TypeError: terminated (ECONNRESET)' : 'TypeError: terminated (UND_ERR_SOCKET)');
    expect(proxied).toBe(direct);
    await proxy.close();
    const [interaction] = parseCassette(readFileSync(file, 'utf8')).interactions;
    expect(interaction!.response.incomplete).toBe(how);
    expect(interaction!.response.chunks.map((c) => ('text' in c ? c.text : c.b64))).toEqual(['data: {"choices":[{"delta":{"content":"half"}}]}\n\n']);
    expect(errors).toEqual(['PROXY_UPSTREAM']);
  });

  it('an upstream silent past the timeout: 504 with NET_TIMEOUT before the headers, a cut body after them, marked incomplete', async () => {
    upstream = await listenOnLoopback((request, response) => {
      if (request.url === '/mid') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: {}\n\n');
      } // /silent: accepts, never answers
    });
    const file = join(temp(), 'c.jsonl');
    const errors: string[] = [];
    proxy = await startProxy({ provider: 'deepseek', upstream: upstream.url, timeout: 100, writer: await openCassetteWriter(file, { cassette: 2, provider: 'deepseek', source: 'recorded' }), onError: (e) => errors.push(e.message) });
    const silent = await undiciFetch(`${proxy.url}/silent`);
    expect(silent.status).toBe(504);
    expect(JSON.parse(await silent.text())).toEqual({ error: { code: 'NET_TIMEOUT', message: `NET_TIMEOUT: GET ${upstream.url}/silent: the upstream sent nothing for 100 ms` } });
    expect(await outcome(`${proxy.url}/mid`)).toBe('TypeError: terminated (UND_ERR_SOCKET)');
    await proxy.close();
    expect(errors).toEqual([`NET_TIMEOUT: GET ${upstream.url}/silent: the upstream sent nothing for 100 ms`, `NET_TIMEOUT: GET ${upstream.url}/mid: the upstream sent nothing for 100 ms`]);
    expect(parseCassette(readFileSync(file, 'utf8')).interactions.map((i) => i.response.incomplete)).toEqual(['truncated']);
  });

  it('recon serve and replay through the dispatcher replay an incomplete exchange as the same failure', async () => {
    upstream = await listenOnLoopback(breakingUpstream);
    const dir = temp();
    const file = join(dir, 'c.jsonl');
    proxy = await startProxy({ provider: 'deepseek', upstream: upstream.url, writer: await openCassetteWriter(file, { cassette: 2, provider: 'deepseek', source: 'recorded' }) });
    await outcome(`${proxy.url}/reset`);
    await outcome(`${proxy.url}/truncated`);
    await proxy.close();
    const cassette = parseCassette(readFileSync(file, 'utf8'));
    const served = await serveCassette(cassette, { timing: { speed: Infinity } });
    try {
      expect(await outcome(`${served.url}/reset`)).toBe('TypeError: terminated (ECONNRESET)');
      expect(await outcome(`${served.url}/truncated`)).toBe('TypeError: terminated (UND_ERR_SOCKET)');
    } finally {
      await served.close();
    }
    // Replay without a socket (undici's dispatcher) fails the same way.
    const replay = cassetteFetch({ mode: 'replay', replayer: new Replayer(cassette), timing: { speed: Infinity } });
    const failure = async (path: string) => replay(`${upstream!.url}${path}`).then((r) => r.text()).catch((e: Error) => `${e.name}: ${e.message} (${(e.cause as NodeJS.ErrnoException).code})`);
    expect(await failure('/reset')).toBe('TypeError: terminated (ECONNRESET)');
    expect(await failure('/truncated')).toBe('TypeError: terminated (UND_ERR_SOCKET)');
    // And in-process (nock, global fetch), for a provider origin the cassette holds.
    const remote: Cassette = { header: cassette.header, interactions: cassette.interactions.map((i) => ({ ...i, request: { ...i.request!, url: i.request!.url.replace(upstream!.url, 'https://api.deepseek.com') } })) };
    const inProcess = installInProcessReplay(new Replayer(remote), { speed: Infinity });
    try {
      for (const how of ['reset', 'truncated']) {
        const body = await fetch(`https://api.deepseek.com/${how}`).then((r) => r.text()).then(() => 'a clean end', (e: Error) => e.name);
        expect(body).not.toBe('a clean end');
      }
    } finally {
      inProcess.restore();
    }
  });

  it('writes no key from any place: request headers, cookie, query under any name, body; response headers, set-cookie, echoed body', async () => {
    const keys = { openai: 'sk-proj-AAAAbbbbCCCCdddd0001', anthropic: 'sk-ant-api03-EEEEffffGGGG0002', deepseek: 'sk-0123456789abcdef0123456789abcdef', bearer: 'eyJhbGciOiJIUzI1NiJ9.tok3n' };
    upstream = await listenOnLoopback((request, response) => {
      let sent = '';
      request.on('data', (part: Buffer) => (sent += part.toString()));
      request.on('end', () => {
        // The upstream echoes everything it got: headers, URL and body, in headers and body.
        const echo = JSON.stringify({ url: request.url, headers: request.headers, body: sent });
        response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': keys.deepseek, 'set-cookie': `s=${keys.openai}`, 'x-echo': keys.anthropic });
        response.end(echo);
      });
    });
    const dir = temp();
    const file = join(dir, 'c.jsonl');
    const printed: string[] = [];
    proxy = await startProxy({ provider: 'openai', upstream: upstream.url, writer: await openCassetteWriter(file, { cassette: 2, provider: 'openai', source: 'recorded' }), onCall: (c) => printed.push(JSON.stringify(c)), onError: (e) => printed.push(e.message) });
    const query = `?api_key=${keys.openai}&q=${keys.deepseek}&x=${keys.anthropic}&auth=Bearer%20${keys.bearer}&plain=1`;
    const answer = await undiciFetch(`${proxy.url}/v1/chat/completions${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.bearer}`, 'x-api-key': keys.anthropic, cookie: `session=${keys.deepseek}; other=${keys.openai}`, accept: `application/json; k=${keys.openai}` },
      body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: `my keys: ${Object.values(keys).map((k) => `Bearer ${k}`).join(' ')} ${keys.openai} ${keys.anthropic}` }] }),
    });
    const seen = await answer.text();
    // The client gets its bytes unchanged: redaction is of what is written, never of what is forwarded.
    expect(seen).toContain(keys.deepseek);
    await proxy.close();
    const written = readdirSync(dir).map((name) => readFileSync(join(dir, name), 'utf8'));
    expect(written.length).toBe(1);
    for (const text of [...written, ...printed]) for (const key of Object.values(keys)) expect(text).not.toContain(key);
    // Masks keep the length: the stored response still says where the key stood, and parses.
    const cassette = parseCassette(written[0]!);
    const stored = cassette.interactions[0]!;
    expect(stored.request!.url).toContain('plain=1');
    expect(JSON.parse(('text' in stored.response.chunks[0]! ? stored.response.chunks.map((c) => ('text' in c ? c.text : '')).join('') : ''))).toHaveProperty('body');
    expect(stored.response.headers['x-request-id']).toBe(`sk-${'*'.repeat(keys.deepseek.length - 3)}`);
  });

  it('refuses to record into a cassette of another provider, leaving it as it was', async () => {
    const dir = temp();
    const file = join(dir, 'c.jsonl');
    writeFileSync(file, '{"cassette":2,"provider":"deepseek","source":"recorded"}\n');
    await expect(openCassetteWriter(file, { cassette: 2, provider: 'anthropic', source: 'recorded' })).rejects.toMatchObject({ code: 'CASSETTE_PROVIDER' });
    const cli = await runCli(['proxy', '--provider', 'anthropic', '--record', 'c.jsonl'], {}, dir);
    expect(cli.code).toBe(3);
    expect(cli.stderr).toMatch(/^recon proxy: .*c\.jsonl: CASSETTE_PROVIDER: the cassette records deepseek; recording anthropic into it would mix two providers\n {2}[^\n]+\n$/);
    expect(readFileSync(file, 'utf8')).toBe('{"cassette":2,"provider":"deepseek","source":"recorded"}\n');
  });

  it('--upstream that is not a URL, or a --timeout out of range, is a USAGE error, and nothing is written', async () => {
    const dir = temp();
    for (const bad of ['not-a-url', 'ftp://example.com']) {
      const cli = await runCli(['proxy', '--provider', 'deepseek', '--upstream', bad, '--record', 'c.jsonl'], {}, dir);
      expect(cli.code).toBe(2);
      expect(cli.stderr).toMatch(/^recon proxy: USAGE: --upstream takes an http or https URL, got "[^"]+"\n$/);
    }
    for (const bad of ['99999999999', '0', 'never']) {
      const cli = await runCli(['proxy', '--provider', 'deepseek', '--timeout', bad, '--record', 'c.jsonl'], {}, dir);
      expect(cli.code).toBe(2);
      expect(cli.stderr).toMatch(/^recon proxy: USAGE: [^\n]+\n$/);
    }
    expect(existsSync(join(dir, 'c.jsonl'))).toBe(false);
  });

  it.each(['silent', 'endless'] as const)('on SIGINT with an upstream %s, the proxy exits 0 with its summary', async (kind) => {
    let reached!: () => void;
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    upstream = await listenOnLoopback((_request, response) => {
      reached();
      if (kind === 'silent') return; // accepts, never answers
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const tick = setInterval(() => response.write(': still here\n\n'), 5);
      response.on('close', () => clearInterval(tick));
    });
    const child = spawn(process.execPath, [BIN, 'proxy', '--provider', 'deepseek', '--upstream', upstream.url, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const { listening } = JSON.parse(await firstLine(child, () => stderr)) as { listening: string };
      child.stdout.on('data', (part: Buffer) => (stdout += part.toString()));
      const client = new AbortController();
      const pending = undiciFetch(`${listening}/chat/completions`, { method: 'POST', body: '{}', signal: client.signal }).then(async (r) => {
        const reader = r.body!.getReader();
        await reader.read();
        client.abort(); // the client of the endless stream goes away
      }).catch(() => undefined);
      await arrived;
      if (kind === 'endless') await pending;
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(stdout).toContain('{"summary":');
      expect(stderr).not.toMatch(/INTERNAL|at .*\.ts:\d+/);
      client.abort();
    } finally {
      child.kill('SIGKILL');
    }
  });
});
