import { createServer, get as httpGet, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getGlobalDispatcher, interceptors, fetch as undiciFetch, request as undiciRequest } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CassetteDispatcher, Replayer, installInProcessReplay, serveCassette, type InProcessReplay } from '../../src/http/index.ts';
import { CHAT_URL, SSE, chatBody, recordingSleep, sampleCassette } from '../helpers/cassettes.ts';

const post = (content: string) => ({ method: 'POST', body: chatBody(content), headers: { 'content-type': 'application/json' } });

/** Reads a web stream chunk by chunk, as a streaming client would. */
async function reads(body: ReadableStream<Uint8Array>): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(Buffer.from(part));
  return parts;
}

describe('CassetteDispatcher (our client, undici with an explicit dispatcher)', () => {
  it('streams the recorded chunks with the recorded gaps, scaled by the speed', async () => {
    const clock = recordingSleep();
    const dispatcher = new CassetteDispatcher(new Replayer(sampleCassette()), { speed: 2, sleep: clock.sleep });
    const response = await undiciFetch(CHAT_URL, { ...post('hello'), dispatcher });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(Buffer.concat(await reads(response.body as ReadableStream<Uint8Array>)).toString('utf8')).toBe(SSE);
    // Chunks at t = 5, 15, 40 ms: gaps 5, 10, 25, halved.
    expect(clock.waits).toEqual([2.5, 5, 12.5]);
  });

  it('hands each chunk over as it was recorded, even one cut inside a UTF-8 sequence', async () => {
    const cassette = sampleCassette();
    const release: Array<() => void> = [];
    const dispatcher = new CassetteDispatcher(new Replayer(cassette), { sleep: () => new Promise<void>((resolve) => release.push(resolve)) });
    const response = await undiciFetch(CHAT_URL, { ...post('hello'), dispatcher });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const seen: Buffer[] = [];
    while (seen.length < 3) {
      while (release.length === 0) await new Promise((resolve) => setImmediate(resolve));
      release.shift()!();
      const next = await reader.read();
      seen.push(Buffer.from(next.value!));
    }
    const chunks = cassette.interactions[0]!.response.chunks.map((c) => ('b64' in c ? Buffer.from(c.b64, 'base64') : Buffer.from(c.text)));
    expect(seen).toEqual(chunks);
  });

  it('serves undici.request too, and refuses an unrecorded request with the nearest diff', async () => {
    const dispatcher = new CassetteDispatcher(new Replayer(sampleCassette()), { speed: Infinity });
    const { statusCode, body } = await undiciRequest(CHAT_URL, { ...post('hello again'), method: 'POST', dispatcher });
    expect([statusCode, await body.text()]).toEqual([200, SSE]);
    const failure = await undiciFetch(CHAT_URL, { ...post('good bye'), dispatcher }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(TypeError);
    const cause = (failure as Error).cause as { code: string; message: string };
    expect(cause.code).toBe('CASSETTE_MISS');
    expect(cause.message).toContain(`nearest is interaction #0 (line 2): the bodies first differ at byte offset ${chatBody('hello').indexOf('hello"')}`);
  });

  it('serves through undici interceptors, which speak the newer handler protocol', async () => {
    const dispatcher = new CassetteDispatcher(new Replayer(sampleCassette()), { speed: Infinity }).compose(interceptors.retry({ maxRetries: 0 }));
    const response = await undiciFetch(CHAT_URL, { ...post('hello'), dispatcher });
    expect([response.status, await response.text()]).toEqual([200, SSE]);
    const failure = await undiciFetch(CHAT_URL, { ...post('good bye'), dispatcher }).catch((error: Error) => error);
    expect(((failure as Error).cause as { code?: string }).code).toBe('CASSETTE_MISS');
  });
});

describe('installInProcessReplay (third-party code in this process)', () => {
  let replay: InProcessReplay | undefined;
  afterEach(() => {
    replay?.restore();
    replay = undefined;
  });

  it('answers global fetch and node:https from the cassette', async () => {
    replay = installInProcessReplay(new Replayer(sampleCassette()), { speed: Infinity });
    const response = await fetch(CHAT_URL, post('hello'));
    expect([response.status, await response.text()]).toEqual([200, SSE]);
    const viaHttps = await new Promise<string>((resolve, reject) => {
      const request = httpsRequest(CHAT_URL, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part)).on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      });
      request.on('error', reject).end(chatBody('hello again'));
    });
    expect(viaHttps).toBe(SSE);
  });

  it('streams to node:https chunk by chunk at the recorded pace, and refuses an unrecorded body with CASSETTE_MISS on the request', async () => {
    const clock = recordingSleep();
    const cassette = sampleCassette();
    replay = installInProcessReplay(new Replayer(cassette), { speed: 2, sleep: clock.sleep });
    const { status, type, parts } = await new Promise<{ status: number | undefined; type: string | undefined; parts: Buffer[] }>((resolve, reject) => {
      httpsRequest(new URL(CHAT_URL), { method: 'POST' }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part)).on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], parts }));
      })
        .on('error', reject)
        .end(chatBody('hello'));
    });
    expect([status, type, Buffer.concat(parts).toString('utf8')]).toEqual([200, 'text/event-stream', SSE]);
    expect(parts.length).toBeGreaterThan(1);
    expect(clock.waits).toEqual([2.5, 5, 12.5]);
    const miss = await new Promise<Error>((resolve) => {
      httpsRequest(CHAT_URL, { method: 'POST' }, () => resolve(new Error('answered'))).on('error', resolve).end(chatBody('good bye'));
    });
    expect(miss).toMatchObject({ code: 'CASSETTE_MISS' });
  });

  it('lets node:http reach loopback untouched', async () => {
    const local = createServer((req, res) => res.end(`local ${req.url}`)).listen(0, '127.0.0.1');
    await new Promise((resolve) => local.once('listening', resolve));
    try {
      replay = installInProcessReplay(new Replayer(sampleCassette()));
      const text = await new Promise<string>((resolve, reject) => {
        httpGet(`http://127.0.0.1:${(local.address() as AddressInfo).port}/x`, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part)).on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        }).on('error', reject);
      });
      expect(text).toBe('local /x');
    } finally {
      local.close();
    }
  });

  it('makes a request nobody intercepted, by fetch or node:https, fail with a clear error instead of reaching the network', async () => {
    replay = installInProcessReplay(new Replayer(sampleCassette()));
    const failure = await fetch('https://api.unrecorded.invalid/v1/chat/completions', post('hello')).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    const reason = ((failure as Error).cause ?? failure) as { name: string; code: string; message: string };
    expect(reason).toMatchObject({ name: 'ReconError', code: 'NET_CONNECT_REFUSED' });
    expect(reason.message).toBe(
      'NET_CONNECT_REFUSED: in-process replay refused https://api.unrecorded.invalid/v1/chat/completions: the cassette holds nothing for https://api.unrecorded.invalid, and only loopback may reach the network',
    );
    const viaHttps = await new Promise<Error>((resolve) => {
      httpsRequest('https://api.unrecorded.invalid/v1/chat/completions', { method: 'POST' }, () => resolve(new Error('answered'))).on('error', resolve).end(chatBody('hello'));
    });
    expect(viaHttps).toMatchObject({ name: 'ReconError', code: 'NET_CONNECT_REFUSED', message: reason.message });
  });

  it('refuses an unrecorded request to a recorded origin with CASSETTE_MISS, still lets loopback through, and restores fetch and node:http', async () => {
    const original = { dispatcher: getGlobalDispatcher(), request: httpRequest, get: httpGet };
    const local = createServer((_, res) => res.end('local')).listen(0, '127.0.0.1');
    await new Promise((resolve) => local.once('listening', resolve));
    try {
      replay = installInProcessReplay(new Replayer(sampleCassette()));
      expect(getGlobalDispatcher()).not.toBe(original.dispatcher);
      expect([httpRequest, httpGet]).not.toEqual([original.request, original.get]);
      const failure = await fetch(CHAT_URL, post('good bye')).catch((error: Error) => error);
      expect(((failure as Error).cause as { code?: string } | undefined)?.code ?? (failure as { code?: string }).code).toBe('CASSETTE_MISS');
      expect(await (await fetch(`http://127.0.0.1:${(local.address() as AddressInfo).port}/`)).text()).toBe('local');
      replay.restore();
      replay = undefined;
      expect({ dispatcher: getGlobalDispatcher(), request: httpRequest, get: httpGet }).toEqual(original);
    } finally {
      local.close();
    }
  });
});

describe('serveCassette (other processes)', () => {
  it('answers on loopback by path, streams the recording, and reports misses and unused interactions', async () => {
    const misses: string[] = [];
    const server = await serveCassette(sampleCassette(), { timing: { speed: Infinity }, onMiss: (error) => misses.push(error.code) });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await fetch(`${server.url}/chat/completions`, post('hello'));
      expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([200, 'text/event-stream', SSE]);
      const miss = await fetch(`${server.url}/chat/completions`, post('hello'));
      expect(miss.status).toBe(501);
      const { error } = (await miss.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('CASSETTE_MISS');
      expect(error.message).toContain('has the same request but has already answered');
      expect(misses).toEqual(['CASSETTE_MISS']);
      expect(server.replayer.unused().map((u) => u.index)).toEqual([1]);
    } finally {
      await server.close();
    }
  });
});
