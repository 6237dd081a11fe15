/**
 * Token usage for cache accounting. The counts come from the one normalisation
 * (`reportedUsage` in src/wire/usage.ts, disjoint as the log keeps them); here `input` is
 * their sum, the whole billed prompt, so that a cache rate is `cacheRead / input`.
 * `cacheRead` and `cacheWrite` are parts of it; `output` includes reasoning. A count the
 * provider did not report stays undefined, never 0: a missing field is not a measured zero.
 */
// @ts-nocheck

import { isObject, jsonObject } from './_internals/json.ts';
import { responseText, type RecordedResponse } from './cassette.ts';
import { parseSse, reportedUsage, sseJson, type UsageApi as Api } from '../wire/index.ts';

export interface Usage {
  readonly input?: number;
  readonly cacheRead?: number;
  readonly cacheWrite?: number;
  readonly output?: number;
}

/** A response body as the provider meant it: one JSON value, or the JSON payloads of an event stream. */
export type ResponseBody =
  | { readonly kind: 'json'; readonly value: Readonly<Record<string, unknown>> }
  | { readonly kind: 'sse'; readonly events: ReadonlyArray<{ readonly event?: string; readonly json: Record<string, unknown> }> };

/** Whether a body is a server-sent event stream: by its content type, or by its first line when the type was not kept. */
export const isEventStream = (contentType: string | undefined, text: string): boolean => /^text\/event-stream/.test(contentType ?? '') || /^(data|event):/.test(text);

export function readResponseBody(response: RecordedResponse): ResponseBody | undefined {
  const text = responseText(response);
  if (isEventStream(response.headers['content-type'], text)) return { kind: 'sse', events: sseJson(parseSse([text])) };
  const value = jsonObject(text);
  return value === undefined ? undefined : { kind: 'json', value };
}

/** The usage a response reports for `api`, or undefined when it reports none. */
export function usageOf(api: Api, body: ResponseBody): Usage | undefined {
  const raw = body.kind === 'json' ? object(body.value['usage']) : streamedUsage(api, body.events);
  return raw === undefined ? undefined : normalise(api, raw);
}

function streamedUsage(api: Api, events: ReadonlyArray<{ readonly json: Record<string, unknown> }>): Record<string, unknown> | undefined {
  if (api === 'messages') {
    // message_start carries input and cache counts (output is a placeholder); message_delta the final output.
    const parts = events.flatMap(({ json }) => {
      const usage = json['type'] === 'message_start' ? object(object(json['message'])?.['usage']) : json['type'] === 'message_delta' ? object(json['usage']) : undefined;
      return usage === undefined ? [] : [usage];
    });
    return parts.length === 0 ? undefined : Object.assign({}, ...parts.map(definedOnly));
  }
  if (api === 'responses') {
    const done = events.findLast(({ json }) => json['type'] === 'response.completed' || json['type'] === 'response.incomplete');
    return object(object(done?.json['response'])?.['usage']);
  }
  // Chat completions: usage rides on the finish chunk (DeepSeek) or a final chunk with no choices (OpenAI).
  return object(events.findLast(({ json }) => object(json['usage']) !== undefined)?.json['usage']);
}

function normalise(api: Api, raw: Readonly<Record<string, unknown>>): Usage {
  const { inputTokens, cacheReadTokens: cacheRead, cacheWriteTokens: cacheWrite, outputTokens: output } = reportedUsage(api, raw);
  return defined({ input: inputTokens === undefined ? undefined : inputTokens + (cacheRead ?? 0) + (cacheWrite ?? 0), cacheRead, cacheWrite, output });
}

const object = (value: unknown): Record<string, unknown> | undefined => (isObject(value) ? value : undefined);

function definedOnly(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined));
}

function defined(usage: { [K in keyof Usage]: number | undefined }): Usage {
  return definedOnly(usage) as Usage;
}
