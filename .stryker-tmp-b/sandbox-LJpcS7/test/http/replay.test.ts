// @ts-nocheck
import { createServer, get as httpGet, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getGlobalDispatcher, interceptors, fetch as undiciFetch, request as undiciRequest } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CassetteDispatcher, Replayer, installInProcessReplay, recordChunk, recordRequest, serveCassette, type Cassette, type InProcessReplay } from '../../src/http/index.ts';
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

/** Answers whatever node:https sends with the body bytes it was given, or fails with the request's error. */
function httpsExchange(url: string, body: Uint8Array | string, options: { method?: string; headers?: Record<string, string>; timeout?: number } = {}): Promise<{ status: number | undefined; parts: Buffer[] }> {
  return new Promise((resolve, reject) => {
    httpsRequest(url, { method: 'POST', ...options }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part)).on('end', () => resolve({ status: res.statusCode, parts }));
    })
      .on('error', reject)
      .end(body);
  });
}

/** One origin, three bodies a JSON parse or a text decode would not give back byte for byte; the text of hex digits at `textUrl`. */
const UPLOAD = 'https://files.example.test/v1/upload';
const NOTES = 'https://files.example.test/v1/notes';
const BINARY = Buffer.from([0xff, 0x00, 0xc3, 0x28, 0x61]);
const HEX_DIGITS = 'ff00c32861';
const SPACED_JSON = '{"model": "deepseek-chat", "temperature": 1.0}';
function bodiesCassette(textUrl = UPLOAD): Cassette {
  const exchange = (body: Uint8Array, type: string, reply: string, url = UPLOAD) => ({
    request: recordRequest({ method: 'POST', url, headers: { 'content-type': type }, body }),
    response: { status: 201, headers: { 'content-type': 'text/plain' }, chunks: [recordChunk(0, Buffer.from(reply))] },
  });
  return {
    header: { cassette: 1, provider: 'unknown', source: 'recorded' },
    interactions: [exchange(BINARY, 'application/octet-stream', 'binary'), exchange(Buffer.from(HEX_DIGITS), 'text/plain', 'hex digits', textUrl), exchange(Buffer.from(SPACED_JSON), 'application/json', 'json')],
  };
}

describe('installInProcessReplay over nock: what nock 14 does not give, and how it is covered', () => {
  let replay: InProcessReplay | undefined;
  afterEach(() => {
    replay?.restore();
    replay = undefined;
  });

  // nock#2825: nock 14 hands a reply a non-UTF-8 body as hex, and a JSON body parsed.
  it('matches every body byte for byte: binary, text made of hex digits, JSON with its own spacing (nock#2825)', async () => {
    const replayer = new Replayer(bodiesCassette(NOTES));
    replay = installInProcessReplay(replayer, { speed: Infinity });
    const json = await fetch(UPLOAD, { method: 'POST', body: SPACED_JSON, headers: { 'content-type': 'application/json' } });
    expect([json.status, await json.text()]).toEqual([201, 'json']);
    const binary = await fetch(UPLOAD, { method: 'POST', body: BINARY, headers: { 'content-type': 'application/octet-stream' } });
    expect([binary.status, await binary.text()]).toEqual([201, 'binary']);
    expect(() => replayer.assertAllUsed()).toThrow(expect.objectContaining({ code: 'CASSETTE_UNUSED', message: expect.stringContaining('1 recorded interaction(s) were never requested: #1') }));
    const hex = await httpsExchange(NOTES, HEX_DIGITS, { headers: { 'content-type': 'text/plain' } });
    expect([hex.status, Buffer.concat(hex.parts).toString()]).toEqual([201, 'hex digits']);
    expect(() => replayer.assertAllUsed()).not.toThrow();

    // Through nock, global fetch rejects with the error itself.
    const reparsed = await fetch(UPLOAD, { method: 'POST', body: '{"model":"deepseek-chat","temperature":1}', headers: { 'content-type': 'application/json' } }).catch((error: Error) => error);
    expect(reparsed).toMatchObject({ name: 'ReconError', code: 'CASSETTE_MISS' });
    const unknown = await httpsExchange(UPLOAD, 'c328').catch((error: Error) => error);
    expect(unknown).toMatchObject({ code: 'CASSETTE_MISS', message: expect.stringContaining('(body 2 bytes') });
    expect((unknown as Error).message).toContain('nock 14 hands this body over as 4 hex digits (nock#2825): read as those 4 bytes of text, it matches no recording either');
  });

  it('refuses a body of hex digits that the cassette holds in both readings, instead of guessing one (nock#2825)', async () => {
    replay = installInProcessReplay(new Replayer(bodiesCassette()), { speed: Infinity });
    const refused = await httpsExchange(UPLOAD, HEX_DIGITS, { headers: { 'content-type': 'text/plain' } }).catch((error: Error) => error);
    expect(refused).toMatchObject({
      code: 'CASSETTE_MISS',
      message: expect.stringContaining('the cassette holds both readings, interaction #0 as 5 bytes and #1 as 10 bytes of text: replay cannot tell which was sent'),
    });
  });

  // The case nock 14 fails (nock#2825): it passes when a reply can see the body's bytes (nock 15 hands it a Request).
  it.fails('answers a body of hex digits when the cassette also holds the bytes those digits spell (nock#2825)', async () => {
    replay = installInProcessReplay(new Replayer(bodiesCassette()), { speed: Infinity });
    const hex = await httpsExchange(UPLOAD, HEX_DIGITS, { headers: { 'content-type': 'text/plain' } });
    expect(Buffer.concat(hex.parts).toString()).toBe('hex digits');
  });

  // nock#2183: nock 14 does not intercept undici; it swaps globalThis.fetch, so a fetch taken before install goes past it.
  it('answers and locks down the undici package and a fetch captured before install, through the global dispatcher (nock#2183)', async () => {
    const captured = globalThis.fetch;
    replay = installInProcessReplay(new Replayer(sampleCassette()), { speed: Infinity });
    expect(globalThis.fetch).not.toBe(captured);
    expect(await (await captured(CHAT_URL, post('hello'))).text()).toBe(SSE);
    const { statusCode, body } = await undiciRequest(CHAT_URL, { method: 'POST', body: chatBody('hello again') });
    expect([statusCode, await body.text()]).toEqual([200, SSE]);
    const refused = await undiciRequest('https://api.unrecorded.invalid/v1/models').catch((error: Error) => error);
    expect(refused).toMatchObject({ name: 'ReconError', code: 'NET_CONNECT_REFUSED' });
    const viaCaptured = await captured('https://api.unrecorded.invalid/v1/models').catch((error: Error) => error);
    expect((viaCaptured as Error).cause).toMatchObject({ code: 'NET_CONNECT_REFUSED' });
    replay.restore();
    replay = undefined;
    expect(globalThis.fetch).toBe(captured);
  });

  it('streams to global fetch chunk by chunk, each one only after its recorded wait', async () => {
    const cassette = sampleCassette();
    const release: Array<() => void> = [];
    replay = installInProcessReplay(new Replayer(cassette), { sleep: () => new Promise<void>((resolve) => release.push(resolve)) });
    const response = await fetch(CHAT_URL, post('hello'));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const seen: Buffer[] = [];
    while (seen.length < 3) {
      while (release.length === 0) await new Promise((resolve) => setImmediate(resolve));
      release.shift()!();
      seen.push(Buffer.from((await reader.read()).value!));
    }
    expect(seen).toEqual(cassette.interactions[0]!.response.chunks.map((c) => ('b64' in c ? Buffer.from(c.b64, 'base64') : Buffer.from(c.text))));
  });

  it('lets a client socket timeout fire during a recorded gap, as on a real connection', async () => {
    const events: string[] = [];
    let timedOut!: () => void;
    const timeout = new Promise<void>((resolve) => (timedOut = resolve));
    replay = installInProcessReplay(new Replayer(sampleCassette()), { sleep: () => timeout });
    const text = await new Promise<string>((resolve, reject) => {
      const request = httpsRequest(CHAT_URL, { method: 'POST', timeout: 1 }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part)).on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      });
      request.on('timeout', () => (events.push('timeout'), timedOut())).on('error', reject).end(chatBody('hello'));
    });
    expect([events, text]).toEqual([['timeout'], SSE]);
  });

  it('answers from the innermost of nested installs, and from the outer one again once it is restored', async () => {
    const outer = sampleCassette();
    replay = installInProcessReplay(new Replayer(outer), { speed: Infinity });
    const inner = installInProcessReplay(new Replayer(bodiesCassette()), { speed: Infinity });
    try {
      const upload = await fetch(UPLOAD, { method: 'POST', body: SPACED_JSON, headers: { 'content-type': 'application/json' } });
      expect(await upload.text()).toBe('json');
      const outerOrigin = await httpsExchange(CHAT_URL, chatBody('hello')).catch((error: Error) => error);
      expect(outerOrigin).toMatchObject({ code: 'NET_CONNECT_REFUSED' });
    } finally {
      inner.restore();
    }
    expect(Buffer.concat((await httpsExchange(CHAT_URL, chatBody('hello'))).parts).toString('utf8')).toBe(SSE);
    const innerOrigin = await fetch(UPLOAD, { method: 'POST', body: SPACED_JSON }).catch((error: Error) => error);
    expect(innerOrigin).toMatchObject({ code: 'NET_CONNECT_REFUSED' });
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
