/**
 * vcrpy / pytest-recording cassettes (and go-vcr's close cousin): YAML with
 * `interactions[].request/response`. Bodies come in four shapes: a raw string, bytes
 * (`!!binary`, compressed when the response was), absent, or pydantic-ai's
 * `parsed_body`, which keeps the decoded JSON and not the bytes.
 */
// @ts-nocheck

import { recordRequest, type Interaction, type Reserialised } from '../cassette.ts';
import { allowedHeaders } from '../headers.ts';
import { utf8 } from './bytes.ts';
import { decompressed, importedChunks } from './imported-body.ts';
import { FloatText, reserialise } from './reserialise.ts';

type Yaml = Record<string, unknown>;

export function interactionsFromVcr(document: unknown): Interaction[] {
  const list = (document as Yaml | null)?.['interactions'];
  if (!Array.isArray(list)) throw new TypeError('the YAML has no "interactions" list');
  return list.map((item: Yaml, index): Interaction => {
    const request = item['request'] as Yaml | undefined;
    const response = item['response'] as Yaml | undefined;
    if (request === undefined || response === undefined) throw new TypeError(`interaction ${index} lacks its request or response`);
    const requestHeaders = headerLists(request['headers']);
    const responseHeaders = headerLists(response['headers']);
    const sent = body(request, requestHeaders);
    const received = body(response, responseHeaders);
    return {
      request: recordRequest({
        method: String(request['method']),
        url: String(request['uri'] ?? request['url']),
        headers: requestHeaders,
        body: sent.bytes,
        ...(sent.reserialised === undefined ? {} : { reserialised: sent.reserialised }),
      }),
      response: {
        status: statusOf(response),
        headers: allowedHeaders('response', responseHeaders),
        chunks: importedChunks(received.bytes, responseHeaders['content-type']?.[0], 0),
        ...(received.reserialised === undefined ? {} : { reserialised: received.reserialised }),
      },
    };
  });
}

function body(part: Yaml, headers: Record<string, string[]>): { bytes: Uint8Array; reserialised?: Reserialised } {
  if (part['parsed_body'] !== undefined) {
    const length = headers['content-length']?.[0];
    return reserialise(part['parsed_body'], length === undefined ? undefined : Number(length));
  }
  const raw = part['body'];
  const value = typeof raw === 'object' && raw !== null && !(raw instanceof Uint8Array) ? (raw as Yaml)['string'] : raw;
  if (value instanceof Uint8Array) return { bytes: decompressed(value, headers['content-encoding']?.[0]) };
  return { bytes: typeof value === 'string' ? utf8(value) : new Uint8Array(0) };
}

/** Header names lower-cased, values as lists of strings (vcrpy stores lists, go-vcr too). */
function headerLists(headers: unknown): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  for (const [name, value] of Object.entries((headers ?? {}) as Yaml)) {
    lists[name.toLowerCase()] = (Array.isArray(value) ? value : [value]).map((v) => (v instanceof FloatText ? v.text : String(v)));
  }
  return lists;
}

function statusOf(response: Yaml): number {
  const status = response['status'];
  const code = typeof status === 'object' && status !== null ? (status as Yaml)['code'] : (response['code'] ?? status);
  const parsed = Number.parseInt(String(code), 10);
  if (!Number.isInteger(parsed)) throw new TypeError(`a response has no status code (${JSON.stringify(status)})`);
  return parsed;
}
