/**
 * Recording by wrapping an injected `fetch`: the request body is captured as the exact
 * bytes sent, and the response body is teed so the caller streams it as usual while the
 * other branch stamps every chunk with the milliseconds since the request started.
 * Responses with status >= 400 are not recorded unless asked: a rate limit written into a
 * cassette would replay forever.
 */
import { recordChunk, recordRequest } from "./cassette.js";
import { allowedHeaders } from "./headers.js";
export async function materialise(input, init) {
    const request = new Request(input, init);
    const body = new Uint8Array(await request.arrayBuffer());
    const { method, url, headers, signal } = request;
    return { method, url, headers, body, init: { ...init, method, headers, signal, body: body.byteLength > 0 ? body : null } };
}
export function recordingFetch(fetch, writer, options = {}) {
    const now = options.now ?? (() => performance.now());
    const pending = new Set();
    const failures = [];
    async function record(input, init) {
        const sent = await materialise(input, init);
        const started = now();
        const response = await fetch(sent.url, sent.init);
        if (response.status >= 400 && !options.recordFailures)
            return response;
        const [kept, given] = response.body === null ? [null, null] : response.body.tee();
        const written = readChunks(kept, () => now() - started)
            .then((chunks) => writer.append({
            request: recordRequest(sent),
            response: { status: response.status, headers: allowedHeaders('response', response.headers), chunks },
        }))
            .catch((error) => void failures.push(error));
        pending.add(written);
        void written.then(() => pending.delete(written));
        return given === null ? response : new Response(given, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
    return Object.assign(record, {
        async settled() {
            await Promise.all(pending);
            if (failures.length > 0)
                throw failures[0];
        },
    });
}
async function readChunks(body, elapsed) {
    const chunks = [];
    if (body === null)
        return chunks;
    const reader = body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read())
        chunks.push(recordChunk(elapsed(), next.value));
    return chunks;
}
