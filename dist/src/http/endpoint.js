/**
 * Which provider and which API an exchange speaks, from its URL or, for a response-only
 * recording, from the body. Calls that are not model calls (file uploads, telemetry)
 * have no endpoint and are left out of usage and cache accounting.
 */
import { jsonObject } from "./_internals/json.js";
import { requestBytes } from "./cassette.js";
import { readResponseBody } from "./usage.js";
const HOSTS = { 'api.deepseek.com': 'deepseek', 'api.openai.com': 'openai', 'api.anthropic.com': 'anthropic' };
export function providerOfModel(model) {
    if (typeof model !== 'string')
        return undefined;
    if (/^deepseek/i.test(model))
        return 'deepseek';
    if (/^(gpt|o\d|chatgpt)/i.test(model))
        return 'openai';
    if (/^claude/i.test(model))
        return 'anthropic';
    return undefined;
}
/** The endpoint of a call to `url` (or, without one, of a response `body`); undefined when it is not a model call. */
export function endpointOf(url, body) {
    if (url !== undefined) {
        const { host, pathname } = new URL(url);
        const api = /\/chat\/completions$/.test(pathname) ? 'chat' : /\/responses$/.test(pathname) ? 'responses' : /\/messages$/.test(pathname) ? 'messages' : undefined;
        const provider = HOSTS[host] ?? providerOfModel(body?.['model']);
        return api === undefined || provider === undefined ? undefined : { provider, api };
    }
    const object = body?.['object'] ?? body?.['type'];
    const api = object === 'chat.completion' || object === 'chat.completion.chunk' ? 'chat' : object === 'response' ? 'responses' : object === 'message' ? 'messages' : undefined;
    const usage = body?.['usage'];
    const provider = providerOfModel(body?.['model']) ?? (usage?.['prompt_cache_hit_tokens'] !== undefined ? 'deepseek' : undefined);
    return api === undefined || provider === undefined ? undefined : { provider, api };
}
/**
 * An interaction's request JSON, response body and endpoint, each parsed once. `provider`
 * (a cassette's own, e.g. one recorded through `recon proxy` in front of a simulator or a
 * gateway) names the provider where the host and model do not.
 */
export function readInteraction({ request, response }, provider) {
    const requestJson = request === null ? undefined : jsonObject(Buffer.from(requestBytes(request)).toString('utf8'));
    const body = readResponseBody(response);
    const firstPayload = body === undefined ? undefined : body.kind === 'json' ? body.value : body.events[0]?.json;
    const endpoint = endpointOf(request?.url, requestJson ?? firstPayload) ?? (provider === undefined || request === null ? undefined : endpointOf(request.url, { model: MODEL_OF[provider] }));
    return { request: requestJson, response: body, endpoint };
}
// A model name of each provider, to fall back on the provider a cassette declares.
const MODEL_OF = { deepseek: 'deepseek', openai: 'gpt', anthropic: 'claude' };
