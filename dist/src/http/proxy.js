import { ReconError } from "../errors.js";
import { collectBody } from "./_internals/bytes.js";
import { listenOnLoopback } from "./_internals/loopback.js";
import { redactUrl } from "./_internals/redact-url.js";
import { CacheAccountant } from "./cache-accounting.js";
import { CASSETTE_FORMAT, recordChunk, recordRequest } from "./cassette.js";
import { allowedHeaders } from "./headers.js";
export const PROVIDER_URLS = {
    deepseek: 'https://api.deepseek.com',
    openai: 'https://api.openai.com',
    anthropic: 'https://api.anthropic.com',
};
// Hop-by-hop headers (RFC 9110 §7.6.1) and those the proxy sets itself.
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'content-length', 'accept-encoding']);
const NOT_RETURNED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']);
export async function startProxy(options) {
    const upstream = new URL(options.upstream ?? PROVIDER_URLS[options.provider]);
    if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
        throw new ReconError('USAGE', `the upstream must be an http or https URL, got "${upstream.href}"`);
    const fetch = options.fetch ?? globalThis.fetch;
    const now = options.now ?? (() => performance.now());
    const interactions = [];
    const header = { cassette: CASSETTE_FORMAT, provider: options.provider, source: 'recorded' };
    const inFlight = new Set();
    const accountant = new CacheAccountant(options.provider);
    let reported = Promise.resolve();
    const cassette = () => ({ header, interactions: [...interactions] });
    async function exchange(request, response) {
        const method = request.method ?? 'GET';
        const target = new URL(upstream.href.replace(/\/$/, '') + (request.url ?? '/'));
        const body = await collectBody(request);
        const headers = new Headers();
        for (const [name, value] of Object.entries(request.headers)) {
            if (value === undefined || NOT_FORWARDED.has(name))
                continue;
            for (const v of Array.isArray(value) ? value : [value])
                headers.append(name, v);
        }
        // Chunks are recorded as the upstream sent them: no compression between the two.
        headers.set('accept-encoding', 'identity');
        const started = now();
        let answer;
        try {
            answer = await fetch(target.href, { method, headers, ...(body.byteLength > 0 ? { body } : {}), redirect: 'manual' });
        }
        catch (error) {
            const cause = error.cause instanceof Error ? error.cause.message : error.message;
            const failure = new ReconError('PROXY_UPSTREAM', `${method} ${redactUrl(target.href)} failed: ${cause}`, { hint: 'check --upstream and the network' });
            options.onError?.(failure);
            response.writeHead(502, { 'content-type': 'application/json' });
            response.end(JSON.stringify({ error: { code: failure.code, message: failure.message } }));
            return;
        }
        const returned = {};
        answer.headers.forEach((value, name) => {
            if (!NOT_RETURNED.has(name))
                returned[name] = value;
        });
        response.writeHead(answer.status, returned);
        const chunks = [];
        if (answer.body !== null) {
            const reader = answer.body.getReader();
            for (let next = await reader.read(); !next.done; next = await reader.read()) {
                chunks.push(recordChunk(now() - started, next.value));
                response.write(next.value);
            }
        }
        response.end();
        const interaction = {
            request: recordRequest({ method, url: redactUrl(target.href), headers: Object.fromEntries(headers), body }),
            response: { status: answer.status, headers: allowedHeaders('response', answer.headers), chunks },
        };
        const index = interactions.push(interaction) - 1;
        await options.writer?.append(interaction);
        // Calls are accounted, and reported, one at a time in the order they ended.
        reported = reported.then(async () => {
            const account = await accountant.add(interaction, index);
            options.onCall?.({ index, method, path: new URL(request.url ?? '/', 'http://x').pathname, status: answer.status, ...(account === undefined ? {} : { account }) });
        }).catch((error) => options.onError?.(new ReconError('PROXY_UPSTREAM', `call #${index} was forwarded but could not be accounted: ${error.message}`)));
        await reported;
    }
    const server = await listenOnLoopback((request, response) => {
        const done = exchange(request, response).catch((error) => {
            const failure = ReconError.is(error) ? error : new ReconError('PROXY_UPSTREAM', `the exchange failed: ${error.message}`);
            options.onError?.(failure);
            if (!response.headersSent)
                response.writeHead(502, { 'content-type': 'application/json' });
            response.end();
        });
        inFlight.add(done);
        void done.finally(() => inFlight.delete(done));
    }, options.port);
    return {
        url: server.url,
        upstream: redactUrl(upstream.href),
        cassette,
        account: async () => {
            await reported;
            return accountant.account();
        },
        async close() {
            await Promise.all(inFlight);
            await server.close();
        },
    };
}
