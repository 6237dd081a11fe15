// @ts-nocheck
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReconError } from '../../src/errors.ts';
import {
  Replayer,
  cassetteFetch,
  formatCassette,
  openCassetteWriter,
  parseCassette,
  parseHttpMode,
  recordingFetch,
  responseBytes,
  type CassetteHeader,
  type FetchLike,
  type Interaction,
} from '../../src/http/index.ts';
import { CHAT_URL, SSE, chatBody, sampleCassette } from '../helpers/cassettes.ts';

const HEADER: CassetteHeader = { cassette: 1, provider: 'deepseek', source: 'recorded' };

/** A fake network: answers with `parts` as separate chunks, one per event-loop turn, the fake clock 10 ms later each time. */
function network(parts: readonly Uint8Array[], clock: { now: number }, status = 200) {
  const calls: Array<{ url: string; body: string; authorization: string | null }> = [];
  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    calls.push({ url: request.url, body: await request.text(), authorization: request.headers.get('authorization') });
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        void (async () => {
          for (const part of parts) {
            await tick();
            clock.now += 10;
            controller.enqueue(part);
          }
          await tick();
          controller.close();
        })();
      },
    });
    return new Response(body, { status, headers: { 'content-type': 'text/event-stream', 'set-cookie': 'session=1', 'x-request-id': 'req_1' } });
  };
  return { fetch, calls };
}

const sseParts = (): Uint8Array[] => {
  const bytes = Buffer.from(SSE);
  const cut = bytes.indexOf(Buffer.from('🎉')) + 1;
  return [new Uint8Array(bytes.subarray(0, cut)), new Uint8Array(bytes.subarray(cut))];
};

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'recon-http-')), 'c.jsonl');

describe('recordingFetch', () => {
  it('records the exact body sent, allow-listed headers and the timed chunks, while the caller streams', async () => {
    const clock = { now: 1000 };
    const net = network(sseParts(), clock);
    const written: Interaction[] = [];
    const fetch = recordingFetch(net.fetch, { append: async (i) => void written.push(i) }, { now: () => clock.now });
    const body = chatBody('héllo');
    const response = await fetch(CHAT_URL, { method: 'POST', body, headers: { authorization: 'Bearer sk-not-real', 'content-type': 'application/json' } });
    expect(await response.text()).toBe(SSE);
    await fetch.settled();
    expect(net.calls).toEqual([{ url: CHAT_URL, body, authorization: 'Bearer sk-not-real' }]);
    const [recorded] = written;
    expect(recorded!.request).toMatchObject({ method: 'POST', url: CHAT_URL, headers: { 'content-type': 'application/json' }, body });
    expect(recorded!.response.headers).toEqual({ 'content-type': 'text/event-stream', 'x-request-id': 'req_1' });
    expect(recorded!.response.chunks.map((c) => [c.t, 'b64' in c ? 'b64' : 'text'])).toEqual([
      [10, 'b64'],
      [20, 'b64'],
    ]);
    expect(Buffer.from(responseBytes(recorded!.response)).toString('utf8')).toBe(SSE);
  });

  it('does not record a failed response unless asked', async () => {
    const clock = { now: 0 };
    const written: Interaction[] = [];
    const sink = { append: async (i: Interaction) => void written.push(i) };
    const limited = recordingFetch(network([Buffer.from('{"error":"rate limited"}')], clock, 429).fetch, sink);
    expect((await limited(CHAT_URL, { method: 'POST', body: '{}' })).status).toBe(429);
    await limited.settled();
    expect(written).toEqual([]);
    const kept = recordingFetch(network([Buffer.from('{"error":"rate limited"}')], clock, 429).fetch, sink, { recordFailures: true });
    await (await kept(CHAT_URL, { method: 'POST', body: '{}' })).text();
    await kept.settled();
    expect(written.map((i) => i.response.status)).toEqual([429]);
  });
});

describe('openCassetteWriter', () => {
  it('creates the file with its header, appends in completion order, and refuses to extend a damaged cassette', async () => {
    const file = tempFile();
    const writer = await openCassetteWriter(file, HEADER);
    const [a, b] = sampleCassette().interactions;
    await Promise.all([writer.append(a!), writer.append(b!)]);
    expect(parseCassette(readFileSync(file, 'utf8'))).toEqual({ header: HEADER, interactions: [a, b] });
    const again = await openCassetteWriter(file, HEADER);
    await again.append(a!);
    expect(parseCassette(readFileSync(file, 'utf8')).interactions).toHaveLength(3);
    // One cassette, one provider: recording another's exchanges into it is refused, the file untouched.
    const before = readFileSync(file, 'utf8');
    await expect(openCassetteWriter(file, { ...HEADER, provider: 'openai' })).rejects.toMatchObject({ code: 'CASSETTE_PROVIDER' });
    expect(readFileSync(file, 'utf8')).toBe(before);
    writeFileSync(file, '{"cassette":1}\n');
    await expect(openCassetteWriter(file, HEADER)).rejects.toMatchObject({ code: 'CASSETTE_INVALID' });
  });
});

describe('cassetteFetch modes', () => {
  const send = (fetch: FetchLike, content: string) => fetch(CHAT_URL, { method: 'POST', body: chatBody(content) }).then((r) => r.text());

  it('replay answers from the cassette and never calls the network', async () => {
    const net = network(sseParts(), { now: 0 });
    const fetch = cassetteFetch({ mode: 'replay', replayer: new Replayer(sampleCassette()), fetch: net.fetch, timing: { speed: Infinity } });
    expect(await send(fetch, 'hello')).toBe(SSE);
    await expect(send(fetch, 'new question')).rejects.toMatchObject({ cause: { code: 'CASSETTE_MISS' } });
    expect(net.calls).toEqual([]);
  });

  it('update records only what the cassette lacks', async () => {
    const file = tempFile();
    writeFileSync(file, formatCassette(sampleCassette()));
    const net = network([Buffer.from('data: [DONE]\n\n')], { now: 0 });
    const fetch = cassetteFetch({ mode: 'update', replayer: new Replayer(sampleCassette()), writer: await openCassetteWriter(file, HEADER), fetch: net.fetch, timing: { speed: Infinity } });
    expect(await send(fetch, 'hello')).toBe(SSE);
    expect(await send(fetch, 'new question')).toBe('data: [DONE]\n\n');
    await fetch.settled();
    expect(net.calls.map((c) => c.body)).toEqual([chatBody('new question')]);
    const interactions = parseCassette(readFileSync(file, 'utf8')).interactions;
    expect(interactions.map((i) => i.request?.body)).toEqual([chatBody('hello'), chatBody('hello again'), chatBody('new question')]);
  });

  it('record records everything and passthrough records nothing', async () => {
    const written: Interaction[] = [];
    const sink = { append: async (i: Interaction) => void written.push(i) };
    const recording = cassetteFetch({ mode: 'record', writer: sink, fetch: network(sseParts(), { now: 0 }).fetch });
    await send(recording, 'hello');
    await recording.settled();
    const passing = cassetteFetch({ mode: 'passthrough', writer: sink, fetch: network(sseParts(), { now: 0 }).fetch });
    expect(await send(passing, 'hello')).toBe(SSE);
    expect(written).toHaveLength(1);
    expect(() => cassetteFetch({ mode: 'update', replayer: new Replayer(sampleCassette()) })).toThrow('mode "update" needs a cassette writer');
  });

  it('reads the mode from its variable, replay by default', () => {
    expect([parseHttpMode(undefined), parseHttpMode(''), parseHttpMode('update')]).toEqual(['replay', 'replay', 'update']);
    expect(() => parseHttpMode('lockdown')).toThrow(ReconError);
  });
});
