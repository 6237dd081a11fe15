/**
 * Token usage, normalised across providers to four counts (the idea of the Vercel AI SDK's
 * v3 usage): `input` is every billed prompt token, cached or not; `cacheRead` and
 * `cacheWrite` are parts of it; `output` includes reasoning. A count the provider did not
 * report stays undefined, never 0: a missing field is not a measured zero.
 *
 * The providers disagree on what `input` means. OpenAI and DeepSeek report the total and
 * the cached part as a subset; Anthropic reports three disjoint counts whose sum is the
 * total. Mixing the two up is the classic cache-rate bug (provider-cache.md §C).
 */
import { isObject, jsonObject } from "./_internals/json.js";
import { responseText } from "./cassette.js";
import { parseSse, sseJson } from "../wire/sse.js";
/** Whether a body is a server-sent event stream: by its content type, or by its first line when the type was not kept. */
export const isEventStream = (contentType, text) => /^text\/event-stream/.test(contentType ?? '') || /^(data|event):/.test(text);
export function readResponseBody(response) {
    const text = responseText(response);
    if (isEventStream(response.headers['content-type'], text))
        return { kind: 'sse', events: sseJson(parseSse([text])) };
    const value = jsonObject(text);
    return value === undefined ? undefined : { kind: 'json', value };
}
/** The usage a response reports for `api`, or undefined when it reports none. */
export function usageOf(api, body) {
    const raw = body.kind === 'json' ? object(body.value['usage']) : streamedUsage(api, body.events);
    return raw === undefined ? undefined : normalise(api, raw);
}
function streamedUsage(api, events) {
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
function normalise(api, raw) {
    if (api === 'messages') {
        const uncached = count(raw['input_tokens']);
        const cacheRead = count(raw['cache_read_input_tokens']);
        const cacheWrite = count(raw['cache_creation_input_tokens']);
        return defined({ input: uncached === undefined ? undefined : uncached + (cacheRead ?? 0) + (cacheWrite ?? 0), cacheRead, cacheWrite, output: count(raw['output_tokens']) });
    }
    const chat = api === 'chat';
    const details = object(raw[chat ? 'prompt_tokens_details' : 'input_tokens_details']);
    return defined({
        input: count(raw[chat ? 'prompt_tokens' : 'input_tokens']),
        // DeepSeek's documented field first (the wire's mapUsage follows DSH, cached_tokens first);
        // every recording has the two equal.
        cacheRead: count(raw['prompt_cache_hit_tokens']) ?? count(details?.['cached_tokens']),
        cacheWrite: count(details?.['cache_write_tokens']),
        output: count(raw[chat ? 'completion_tokens' : 'output_tokens']),
    });
}
const count = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const object = (value) => (isObject(value) ? value : undefined);
function definedOnly(raw) {
    return Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== null && v !== undefined));
}
function defined(usage) {
    return definedOnly(usage);
}
