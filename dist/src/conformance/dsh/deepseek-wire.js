import { DEEPSEEK_BASE_URL } from "../../wire/index.js";
/**
 * Headers the client adds whatever the request: the credential, the anonymous install id
 * and the client's user-agent, plus `accept: text/event-stream`. WireRequest describes the
 * request without them (its contract: credentials are the client's), so they are dropped.
 */
const CLIENT_HEADERS = new Set(['authorization', 'x-deepseek-harness-user-id', 'user-agent', 'accept']);
export function deepSeekAdapter(dsh, defaults = {}) {
    const deepseek = dsh.deepseek;
    if (deepseek === undefined)
        throw new Error(`dsh-llm-deepseek is not published at ${dsh.version}`);
    const connection = {
        baseURL: DEEPSEEK_BASE_URL,
        apiKeyEnv: 'DEEPSEEK_API_KEY',
        defaults: defaults.reasoningEffort === undefined ? {} : { reasoningEffort: defaults.reasoningEffort },
        maxTokens: defaults.maxTokens ?? deepseek.DEFAULT_MAX_TOKENS,
        defaultContextWindow: deepseek.DEFAULT_CONTEXT_WINDOW,
        models: [],
        streamIdleTimeoutMs: deepseek.DEFAULT_STREAM_IDLE_TIMEOUT_MS,
        maxRequestImageBytes: deepseek.DEFAULT_MAX_REQUEST_IMAGE_BYTES,
        retryPolicy: { mode: 'normal', maxRetries: 0 },
    };
    return new deepseek.DeepSeekAdapter({
        options: () => connection,
        resolveApiKey: async () => 'sk-recon-offline',
        resolveUserId: () => 'recon',
    });
}
// DSH's adapter reads the global fetch, so calls that swap it take turns: properties issue calls together.
let queue = Promise.resolve();
/** Runs `body` with `fetch` answered by `respond`; every request it sees is passed to `respond`. */
export function withScriptedFetch(respond, body) {
    const turn = queue.then(() => swapFetch(respond, body));
    queue = turn.catch(() => undefined);
    return turn;
}
async function swapFetch(respond, body) {
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url, init) => {
        const request = wireRequest(String(url), init ?? {});
        const response = respond(request);
        if (response === undefined)
            throw new Error('recon: no scripted response (request recorded only)');
        return new Response(readable(response), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    try {
        return await body();
    }
    finally {
        globalThis.fetch = realFetch;
    }
}
function wireRequest(url, init) {
    const headers = Object.fromEntries(Object.entries((init.headers ?? {})).filter(([name]) => !CLIENT_HEADERS.has(name.toLowerCase())));
    return { method: 'POST', url, headers, body: String(init.body) };
}
function readable({ body, cuts = [] }) {
    const points = [0, ...cuts.filter((c) => c > 0 && c < body.length), body.length];
    let i = 1;
    return new ReadableStream({
        pull(controller) {
            if (i < points.length)
                controller.enqueue(body.slice(points[i - 1], points[i++]));
            else
                controller.close();
        },
    });
}
/** Drains the adapter's stream for `request`; throws what DSH throws. */
export async function streamChunks(adapter, request) {
    const chunks = [];
    for await (const chunk of adapter.stream(request))
        chunks.push(chunk);
    return chunks;
}
