/**
 * The one redaction pass (issue 20), on its own: what is a key's shape, and what stays.
 */
// @ts-nocheck

import { describe, expect, it } from 'vitest';
import { formatInteraction, parseCassette, recordChunk, recordRequest, responseText, requestBytes } from '../../src/http/cassette.ts';

describe('hostile: the redaction pass', () => {
  it('masks key shapes with their length in the URL, headers and both bodies, a key split across chunks included, and keeps prose', () => {
    const key = 'sk-ant-api03-SPLIT0000keykey1111';
    const prose = 'sk-learn-is-a-python-library and Bearer authentication';
    const interaction = {
      request: recordRequest({ method: 'POST', url: `https://api.anthropic.com/v1/messages?x=${key}`, headers: { 'content-type': 'application/json' }, body: Buffer.from(`{"note":"${prose}","k":"${key}"}`) }),
      response: { status: 200, headers: { 'x-request-id': `Bearer ${key}` }, chunks: [recordChunk(0, Buffer.from(`data: ${key.slice(0, 15)}`)), recordChunk(1, Buffer.from(`${key.slice(15)} done\n\n`))] },
    };
    const line = formatInteraction(interaction);
    expect(line).not.toContain(key.slice(7));
    expect(line).not.toContain(key.slice(15));
    const [stored] = parseCassette(`{"cassette":2,"provider":"anthropic","source":"recorded"}\n${line}`).interactions;
    const masked = `sk-ant-${'*'.repeat(key.length - 7)}`;
    expect(stored!.request!.url).toBe(`https://api.anthropic.com/v1/messages?x=${masked}`);
    expect(Buffer.from(requestBytes(stored!.request!)).toString()).toBe(`{"note":"${prose}","k":"${masked}"}`);
    expect(responseText(stored!.response)).toBe(`data: ${masked} done\n\n`);
    expect(stored!.response.chunks.map((c) => ('text' in c ? c.text.length : 0))).toEqual([6 + 15, key.length - 15 + 7]);
    expect(stored!.response.headers['x-request-id']).toBe(`Bearer ${'*'.repeat(key.length)}`);
  });
});
