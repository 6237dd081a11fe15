/**
 * HAR 1.2 logs (Polly.js persists them): `log.entries[].request.postData.text` and
 * `response.content.text`, the latter already decoded even when a content-encoding header
 * says the wire was compressed. HAR keeps timings but no chunk boundaries, so every chunk
 * of an entry is stamped with its time to first byte.
 */
// @ts-nocheck

import { recordRequest, type Interaction } from '../cassette.ts';
import { allowedHeaders } from '../headers.ts';
import { utf8 } from './bytes.ts';
import { importedChunks } from './imported-body.ts';

interface HarHeader {
  readonly name: string;
  readonly value: string;
}

interface HarEntry {
  readonly request: { readonly method: string; readonly url: string; readonly headers: readonly HarHeader[]; readonly postData?: { readonly text?: string } };
  readonly response: { readonly status: number; readonly headers: readonly HarHeader[]; readonly content: { readonly text?: string; readonly encoding?: string; readonly mimeType?: string } };
  readonly timings?: Readonly<Record<string, number>>;
}

export function interactionsFromHar(document: unknown): Interaction[] {
  const entries = (document as { log?: { entries?: unknown } } | null)?.log?.entries;
  if (!Array.isArray(entries)) throw new TypeError('the JSON has no "log.entries" list');
  return (entries as unknown[]).map((entry, index) => {
    const { request, response, timings } = checkedEntry(entry, index);
    const { text, encoding, mimeType } = response.content;
    const bytes = text === undefined ? new Uint8Array(0) : encoding === 'base64' ? new Uint8Array(Buffer.from(text, 'base64')) : utf8(text);
    const firstByte = ['blocked', 'dns', 'connect', 'send', 'wait'].reduce((sum, phase) => sum + Math.max(0, timings?.[phase] ?? 0), 0);
    return {
      request: recordRequest({ method: request.method, url: request.url, headers: pairs(request.headers), body: utf8(request.postData?.text ?? '') }),
      response: { status: response.status, headers: allowedHeaders('response', pairs(response.headers)), chunks: importedChunks(bytes, mimeType, firstByte) },
    };
  });
}

const pairs = (headers: readonly HarHeader[]): Array<[string, string]> => headers.map(({ name, value }) => [name, value]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isHeaders = (value: unknown): value is HarHeader[] => Array.isArray(value) && value.every((h) => isRecord(h) && typeof h['name'] === 'string' && typeof h['value'] === 'string');
/** Base64 as HAR writers emit it: Buffer.from would skip any other character and decode what is left. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** One entry with the fields a cassette needs, each of its type, or a TypeError naming the entry (the importer codes it). */
function checkedEntry(entry: unknown, index: number): HarEntry {
  const fail = (what: string): never => {
    throw new TypeError(`log.entries[${index}]: ${what}`);
  };
  if (!isRecord(entry) || !isRecord(entry['request']) || !isRecord(entry['response'])) return fail('not an entry with a request and a response');
  const { request, response } = entry;
  if (typeof request['method'] !== 'string' || request['method'] === '') fail('request.method is not a string');
  if (typeof request['url'] !== 'string' || !URL.canParse(request['url'])) fail(`request.url ${JSON.stringify(request['url'])} is not a URL`);
  if (!isHeaders(request['headers'])) fail('request.headers is not a list of {name, value} strings');
  if (request['postData'] !== undefined && (!isRecord(request['postData']) || !['string', 'undefined'].includes(typeof request['postData']['text']))) fail('request.postData.text is not a string');
  const status = response['status'];
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 100 || status > 599) fail(`response.status ${JSON.stringify(status)} is not an HTTP status (a whole number from 100 to 599)`);
  if (!isHeaders(response['headers'])) fail('response.headers is not a list of {name, value} strings');
  const content = response['content'];
  if (!isRecord(content)) return fail('response.content is not an object');
  if (content['text'] !== undefined && typeof content['text'] !== 'string') fail('response.content.text is not a string');
  if (content['encoding'] !== undefined && content['encoding'] !== 'base64') fail(`response.content.encoding ${JSON.stringify(content['encoding'])} is not base64, the one encoding HAR defines`);
  if (content['encoding'] === 'base64' && typeof content['text'] === 'string' && !BASE64.test(content['text'])) fail('response.content.text is not valid base64');
  if (entry['timings'] !== undefined && !isRecord(entry['timings'])) fail('timings is not an object');
  return entry as unknown as HarEntry;
}
