// @ts-nocheck
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ReconError } from '../../src/errors.ts';
import { formatCassette, parseCassette, recordRequest, requestBytes, responseBytes, Replayer } from '../../src/http/index.ts';
import { CHAT_URL, SSE, chatBody, sampleCassette } from '../helpers/cassettes.ts';

function refusal(run: () => unknown): ReconError {
  try {
    run();
  } catch (error) {
    if (ReconError.is(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('cassette format', () => {
  it('round-trips through its JSONL text, bytes and chunk boundaries included', () => {
    const cassette = sampleCassette();
    const text = formatCassette(cassette);
    expect(text.split('\n')[0]).toBe('{"cassette":1,"provider":"deepseek","source":"recorded"}');
    // Every response line carries the sha256 of its body, whatever the header's format.
    expect(JSON.parse(text.split('\n')[1]!).response.sha256).toBe(createHash('sha256').update(SSE).digest('hex'));
    const back = parseCassette(text);
    expect(back).toEqual(cassette);
    const first = back.interactions[0]!;
    // The cut inside the emoji leaves two chunks that are not UTF-8 on their own: stored as base64.
    expect(first.response.chunks.map((c) => ('b64' in c ? 'b64' : 'text'))).toEqual(['b64', 'b64', 'text']);
    expect(Buffer.from(responseBytes(first.response)).toString('utf8')).toBe(SSE);
    expect(Buffer.from(requestBytes(first.request!)).toString('utf8')).toBe(chatBody('hello'));
  });

  it('writes only allow-listed request headers, and keeps binary bodies as base64', () => {
    const body = new Uint8Array([0xff, 0x00, 0x41]);
    const request = recordRequest({ method: 'post', url: CHAT_URL, headers: { Authorization: 'Bearer x', 'X-Api-Key': 'k', Cookie: 'c', 'Content-Type': 'application/octet-stream', 'x-stainless-os': 'Linux' }, body });
    expect(request).toEqual({
      method: 'POST',
      url: CHAT_URL,
      headers: { 'content-type': 'application/octet-stream' },
      b64: '/wBB',
      sha256: createHash('sha256').update(body).digest('hex'),
    });
    expect(requestBytes(request)).toEqual(body);
  });

  it.each([
    ['authorization', 'request', 'a credential header'],
    ['x-api-key', 'request', 'a credential header'],
    ['set-cookie', 'response', 'a credential header'],
    ['openai-organization', 'response', 'a credential header'],
    ['x-stainless-os', 'request', 'not on the allow-list'],
  ] as const)('refuses to read a cassette holding the %s %s header', (name, side, why) => {
    const cassette = sampleCassette();
    // Written by hand: formatCassette drops such a header (the one redaction pass), so only an edited file holds one.
    const [header, line] = formatCassette({ ...cassette, interactions: cassette.interactions.slice(0, 1) }).split('\n');
    const first = JSON.parse(line!);
    first[side].headers = { [name]: 'secret' };
    const error = refusal(() => parseCassette(`${header}\n${JSON.stringify(first)}\n`, 'x.jsonl'));
    expect(error.code).toBe('CASSETTE_HEADER');
    expect(error.message).toBe(`x.jsonl:2: CASSETTE_HEADER: the ${side} header "${name}" is ${why}; cassettes never store it`);
  });

  it('refuses an edited body, an unknown version and a broken line, naming the line', () => {
    const lines = formatCassette(sampleCassette()).split('\n');
    const edited = [...lines];
    edited[2] = edited[2]!.replace('hello again', 'hello there');
    expect(refusal(() => parseCassette(edited.join('\n'), 'c.jsonl')).message).toMatch(/^c\.jsonl:3: CASSETTE_INVALID: the interaction request body has sha256 [0-9a-f]{64}, not the recorded/);
    const newer = refusal(() => parseCassette(['{"cassette":3,"provider":"deepseek","source":"recorded"}', ...lines.slice(1)].join('\n')));
    expect([newer.code, newer.hint]).toEqual(['CASSETTE_VERSION', 'upgrade reconstructable to read it']);
    expect(refusal(() => parseCassette(`${lines[0]}\n{"request":\n${lines[1]}\n`)).message).toMatch(/^line 2: CASSETTE_INVALID: the line is not valid JSON/);
    // Cut short: the last line has no newline and does not parse.
    expect(refusal(() => parseCassette(`${lines[0]}\n${lines[1]!.slice(0, 80)}`)).message).toMatch(/^line 2: CASSETTE_INVALID: the cassette is truncated: its last line ends without a newline/);
    expect(refusal(() => parseCassette('')).code).toBe('CASSETTE_INVALID');
  });

  it('refuses optional header and body fields that do not have the shape a reader relies on', () => {
    const [header, ...rest] = formatCassette(sampleCassette()).split('\n');
    const withHeader = (fields: object) => [JSON.stringify({ ...JSON.parse(header!), ...fields }), ...rest].join('\n');
    const imported = { format: 'har', file: 'a.har', sha256: 'ab' };
    expect(parseCassette(withHeader({ importedFrom: imported, licence: 'MIT', notes: ['n'] })).header.notes).toEqual(['n']);
    for (const [fields, what] of [
      [{ importedFrom: { ...imported, format: 'pcap' } }, 'an "importedFrom" that is not'],
      [{ importedFrom: { format: 'har', file: 'a.har' } }, 'an "importedFrom" that is not'],
      [{ licence: 7 }, 'a "licence" that is not a string'],
      [{ notes: 'one note' }, '"notes" that are not a list of strings'],
    ] as const) {
      expect(refusal(() => parseCassette(withHeader(fields), 'c.jsonl')).message).toContain(`c.jsonl:1: CASSETTE_INVALID: the cassette header has ${what}`);
    }
    const line = JSON.parse(rest[0]!);
    const withLine = (edit: object) => [header, JSON.stringify({ ...line, ...edit }), ...rest.slice(1)].join('\n');
    expect(parseCassette(withLine({ response: { ...line.response, reserialised: { style: 'python', lengthMatches: true } } })).interactions[0]!.response.reserialised).toEqual({ style: 'python', lengthMatches: true });
    expect(refusal(() => parseCassette(withLine({ response: { ...line.response, reserialised: { style: 'yaml' } } }))).message).toContain('the interaction has a response "reserialised" that is not');
    expect(refusal(() => parseCassette(withLine({ request: { ...line.request, reserialised: true } }))).message).toContain('the interaction has a request "reserialised" that is not');
  });
});

describe('Replayer', () => {
  const sent = (content: string, extra = '') => ({ method: 'POST', url: CHAT_URL, body: Buffer.from(chatBody(content, extra)) });

  it('answers in recording order, each interaction once, and reports what went unused', () => {
    const replayer = new Replayer(sampleCassette(), { file: 'c.jsonl' });
    expect(replayer.take(sent('hello again'))).toBe(replayer.cassette.interactions[1]);
    expect(replayer.unused()).toEqual([{ index: 0, line: 2, method: 'POST', url: CHAT_URL }]);
    const unused = refusal(() => replayer.assertAllUsed());
    expect(unused.message).toBe(`c.jsonl: CASSETTE_UNUSED: 1 recorded interaction(s) were never requested: #0 (line 2) POST ${CHAT_URL}`);
    const again = refusal(() => replayer.take(sent('hello again')));
    expect(again.message).toContain('interaction #1 (line 3) has the same request but has already answered');
    replayer.take(sent('hello'));
    expect(() => replayer.assertAllUsed()).not.toThrow();
  });

  it('names the first differing byte with 40 bytes of context either side', () => {
    const replayer = new Replayer(sampleCassette());
    const body = chatBody('hello', ',"temperature":0,"max_tokens":4096,"top_p":1');
    const offset = chatBody('hello').indexOf('stream');
    const error = refusal(() => replayer.take({ method: 'POST', url: CHAT_URL, body: Buffer.from(body) }));
    expect(error.code).toBe('CASSETTE_MISS');
    expect(error.message).toContain(`nearest is interaction #0 (line 2): the bodies first differ at byte offset ${offset} (recorded ${chatBody('hello').length} bytes, sent ${body.length})`);
    expect(error.message).toContain(`  recorded: …${JSON.stringify(chatBody('hello').slice(offset - 40))}\n`);
    expect(error.message).toContain(`  sent:     …${JSON.stringify(body.slice(offset - 40, offset + 40))}…`);
    expect(error.hint).toMatch(/mode "update"/);
  });

  it('says when no recording has the method and URL', () => {
    const error = refusal(() => new Replayer(sampleCassette()).take({ method: 'GET', url: 'https://api.deepseek.com/models', body: new Uint8Array() }));
    expect(error.message).toContain(`no recording has that method and URL; nearest is interaction #0 (line 2), POST ${CHAT_URL}`);
  });

  it('matches re-serialised JSON only when asked, and repeats only when asked', () => {
    const reordered = { method: 'POST', url: CHAT_URL, body: Buffer.from(JSON.stringify({ stream: true, messages: [{ content: 'hello', role: 'user' }], model: 'deepseek-chat' }, null, 1)) };
    expect(new Replayer(sampleCassette()).find(reordered)).toBeUndefined();
    const json = new Replayer(sampleCassette(), { body: 'json', repeat: true });
    expect(json.find(reordered)).toBe(0);
    json.take(reordered);
    expect(json.take(reordered)).toBe(json.cassette.interactions[0]);
  });

  it('compares only path and query when told to ignore the origin', () => {
    const replayer = new Replayer(sampleCassette(), { ignoreOrigin: true });
    expect(replayer.find({ method: 'POST', url: 'http://127.0.0.1:9/chat/completions', body: Buffer.from(chatBody('hello')) })).toBe(0);
    expect(replayer.find({ method: 'POST', url: 'http://127.0.0.1:9/v1/chat/completions', body: Buffer.from(chatBody('hello')) })).toBeUndefined();
  });
});

describe('response digests', () => {
  const lines = formatCassette({ ...sampleCassette(), header: { cassette: 2, provider: 'deepseek', source: 'recorded' } }).split('\n');
  const withResponse = (line: string, change: (response: Record<string, unknown>) => void) => {
    const interaction = JSON.parse(line) as { response: Record<string, unknown> };
    change(interaction.response);
    return JSON.stringify(interaction);
  };

  it('refuse an edited, added or removed response chunk, naming the line', () => {
    const edits: Array<(r: Record<string, unknown>) => void> = [
      (r) => ((r['chunks'] as Array<{ text?: string }>)[2]!.text = 'data: [DONE]\r\n\n'),
      (r) => (r['chunks'] as unknown[]).pop(),
      (r) => (r['chunks'] as unknown[]).push({ t: 99, text: 'data: {}\n\n' }),
    ];
    for (const edit of edits) {
      const error = refusal(() => parseCassette([lines[0], withResponse(lines[1]!, edit), lines[2], ''].join('\n'), 'c.jsonl'));
      expect(error.code).toBe('CASSETTE_DIGEST');
      expect(error.message).toMatch(/^c\.jsonl:2: CASSETTE_DIGEST: the response body has sha256 [0-9a-f]{64}, not the recorded [0-9a-f]{64}/);
    }
  });

  it('are required from format 2 on; a format 1 cassette without them is still read', () => {
    const bare = (line: string) => withResponse(line, (r) => delete r['sha256']);
    expect(refusal(() => parseCassette([lines[0], bare(lines[1]!), lines[2], ''].join('\n'))).message).toMatch(/^line 2: CASSETTE_DIGEST: the response has no "sha256"/);
    const legacy = ['{"cassette":1,"provider":"deepseek","source":"recorded"}', bare(lines[1]!), bare(lines[2]!), ''].join('\n');
    expect(parseCassette(legacy).interactions.map((i) => Buffer.from(responseBytes(i.response)).toString('utf8'))).toEqual([SSE, SSE]);
  });
});

describe('credentials in URLs', () => {
  it('never reach a recorded request: user info and credential-like query parameters go, the rest keeps its bytes', () => {
    const record = (url: string) => recordRequest({ method: 'POST', url, headers: {}, body: new Uint8Array(0) }).url;
    expect(record('https://api.example.com/v1/chat?api_key=sk-abcdefghijklmnopqrstuvwx&stream=true')).toBe('https://api.example.com/v1/chat?stream=true');
    expect(record('https://x.test/m:generate?alt=sse&key=AIzaSecret&apiKey=1&access_token=2&X-Amz-Signature=3&client_secret=4&max_tokens=5')).toBe('https://x.test/m:generate?alt=sse&max_tokens=5');
    expect(record('https://user:pass@x.test/p?token=t')).toBe('https://x.test/p');
    expect(record('https://x.test/p?q=a%20b&monkey=1#frag')).toBe('https://x.test/p?q=a%20b&monkey=1#frag');
  });

  it('are left out when a sent request is matched and when a miss is reported', () => {
    const replayer = new Replayer(sampleCassette());
    const body = Buffer.from(chatBody('hello'));
    expect(replayer.take({ method: 'POST', url: `${CHAT_URL}?api_key=sk-live-1234567890abcdefghij`, body })).toBe(replayer.cassette.interactions[0]);
    const miss = refusal(() => replayer.take({ method: 'POST', url: `${CHAT_URL}?token=sk-live-1234567890abcdefghij`, body: Buffer.from('{}') }));
    expect(miss.code).toBe('CASSETTE_MISS');
    expect(miss.message).not.toContain('sk-live');
  });
});
