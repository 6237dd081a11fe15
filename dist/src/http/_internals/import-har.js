/**
 * HAR 1.2 logs (Polly.js persists them): `log.entries[].request.postData.text` and
 * `response.content.text`, the latter already decoded even when a content-encoding header
 * says the wire was compressed. HAR keeps timings but no chunk boundaries, so every chunk
 * of an entry is stamped with its time to first byte.
 */
import { recordRequest } from "../cassette.js";
import { allowedHeaders } from "../headers.js";
import { utf8 } from "./bytes.js";
import { importedChunks } from "./imported-body.js";
export function interactionsFromHar(document) {
    const entries = document?.log?.entries;
    if (!Array.isArray(entries))
        throw new TypeError('the JSON has no "log.entries" list');
    return entries.map(({ request, response, timings }) => {
        const { text, encoding, mimeType } = response.content;
        const bytes = text === undefined ? new Uint8Array(0) : encoding === 'base64' ? new Uint8Array(Buffer.from(text, 'base64')) : utf8(text);
        const firstByte = ['blocked', 'dns', 'connect', 'send', 'wait'].reduce((sum, phase) => sum + Math.max(0, timings?.[phase] ?? 0), 0);
        return {
            request: recordRequest({ method: request.method, url: request.url, headers: pairs(request.headers), body: utf8(request.postData?.text ?? '') }),
            response: { status: response.status, headers: allowedHeaders('response', pairs(response.headers)), chunks: importedChunks(bytes, mimeType, firstByte) },
        };
    });
}
const pairs = (headers) => headers.map(({ name, value }) => [name, value]);
