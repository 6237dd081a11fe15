// @ts-nocheck
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseYamlKeepingFloats, reserialise, serialiseJson } from '../../src/http/_internals/reserialise.ts';
import { detectFormat, formatCassette, importRecording, recordingFetch, requestBytes, responseText, type Interaction } from '../../src/http/index.ts';
import { sampleCassette } from '../helpers/cassettes.ts';
import { RECORDED_DIR } from '../helpers/recorded-http.ts';

describe('detectFormat', () => {
  it('reads the format from the content, whatever the file is called', () => {
    const har = readFileSync(`${RECORDED_DIR}deepseek/node-llm__tool-calling.har`, 'utf8');
    expect(detectFormat(har)).toBe('har');
    expect(importRecording(har, { file: 'renamed.txt' }).header.importedFrom?.format).toBe('har');
    expect(detectFormat(readFileSync(`${RECORDED_DIR}openai/crewai__test_hierarchical_process.yaml`, 'utf8'))).toBe('vcr-yaml');
    expect(detectFormat('{"choices":[],"usage":null}\n{"type":"message_stop"}\n')).toBe('sse-chunks');
  });

  it('does not take a cassette, or other JSON Lines, for a chunk file', () => {
    expect(detectFormat(formatCassette(sampleCassette()))).toBeUndefined();
    expect(() => importRecording(formatCassette(sampleCassette()), { file: 'c.jsonl' })).toThrow(/IMPORT_UNSUPPORTED: the content is not .*, although its extension suggests sse-chunks/);
  });
});

describe('vcrpy import', () => {
  const vcr = (body: string, response: string, length = 0) => `interactions:
- request:
    ${body}
    headers:
      authorization: [Bearer xyz]
      content-type: [application/json]
      content-length: ['${length}']
    method: POST
    uri: https://api.openai.com/v1/chat/completions
  response:
    ${response}
    status: {code: 200, message: OK}
version: 1
`;

  it('rebuilds a parsed_body in the spacing that matches content-length, floats as recorded', () => {
    const body = (length: number) => importRecording(vcr('parsed_body: {model: gpt-4o, temperature: 1.0, n: 2}', 'body: {string: "{}"}', length), { file: 'x.yaml' });
    const python = body(47).interactions[0]!.request!;
    expect(Buffer.from(requestBytes(python)).toString()).toBe('{"model": "gpt-4o", "temperature": 1.0, "n": 2}');
    expect(python.reserialised).toEqual({ style: 'python', lengthMatches: true });
    expect(python.headers).toEqual({ 'content-type': 'application/json' });
    const compact = body(42).interactions[0]!.request!;
    expect([Buffer.from(requestBytes(compact)).toString(), compact.reserialised]).toEqual(['{"model":"gpt-4o","temperature":1.0,"n":2}', { style: 'compact', lengthMatches: true }]);
    const neither = body(99);
    expect(neither.interactions[0]!.request!.reserialised).toEqual({ style: 'compact', lengthMatches: false });
    expect(neither.header.notes?.[0]).toMatch(/^1 bodies were re-serialised from parsed JSON \(parsed_body\): the exact bytes sent were not recorded; .*\(0 of 1 match\)$/);
  });

  it('decodes a gzip !!binary response, as a client would see it', () => {
    const gz = gzipSync(Buffer.from('{"usage":{"prompt_tokens":5}}')).toString('base64');
    const text = vcr("body: '{}'", `headers:\n      Content-Encoding: [gzip]\n      Content-Type: [application/json]\n    body:\n      string: !!binary |\n        ${gz}`);
    const response = importRecording(text, { file: 'x.yaml' }).interactions[0]!.response;
    expect(responseText(response)).toBe('{"usage":{"prompt_tokens":5}}');
    expect(response.headers).toEqual({ 'content-type': 'application/json' });
  });
});

describe('reserialise', () => {
  it('writes what Python json.dumps writes, in both styles', () => {
    const value = parseYamlKeepingFloats('a: 1.0\nb: "é ✓"\nc: [1.0e-05, 2]\nd: null\n');
    expect(serialiseJson(value, 'python')).toBe('{"a": 1.0, "b": "\\u00e9 \\u2713", "c": [1e-05, 2], "d": null}');
    expect(serialiseJson(value, 'compact')).toBe('{"a":1.0,"b":"é ✓","c":[1e-05,2],"d":null}');
    expect(reserialise(value, Buffer.byteLength('{"a":1.0,"b":"é ✓","c":[1e-05,2],"d":null}')).reserialised).toEqual({ style: 'compact', lengthMatches: true });
    expect(reserialise(value, undefined).reserialised).toEqual({ style: 'compact' });
  });
});

describe('recordingFetch failures', () => {
  it('reports a recording that could not be written from settled()', async () => {
    const fetch = recordingFetch(async () => new Response('ok'), { append: async (_: Interaction) => Promise.reject(new Error('disk full')) });
    expect(await (await fetch('https://api.deepseek.com/chat/completions', { method: 'POST', body: '{}' })).text()).toBe('ok');
    await expect(fetch.settled()).rejects.toThrow('disk full');
  });
});
