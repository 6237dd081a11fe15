/**
 * Which provider and which API an exchange speaks, from its URL or, for a response-only
 * recording, from the body. Calls that are not model calls (file uploads, telemetry)
 * have no endpoint and are left out of usage and cache accounting.
 */
// @ts-nocheck

import type { Provider, UsageApi } from '../wire/index.ts';
import { jsonObject } from './_internals/json.ts';
import { requestBytes, type Interaction } from './cassette.ts';
import { readResponseBody, type ResponseBody } from './usage.ts';

/** The API an exchange speaks; its usage fields differ (src/wire/usage.ts). */
export type Api = UsageApi;

export interface Endpoint {
  readonly provider: Provider;
  readonly api: Api;
}

const HOSTS: Readonly<Record<string, Provider>> = { 'api.deepseek.com': 'deepseek', 'api.openai.com': 'openai', 'api.anthropic.com': 'anthropic' };

export function providerOfModel(model: unknown): Provider | undefined {
  if (typeof model !== 'string') return undefined;
  if (/^deepseek/i.test(model)) return 'deepseek';
  if (/^(gpt|o\d|chatgpt)/i.test(model)) return 'openai';
  if (/^claude/i.test(model)) return 'anthropic';
  return undefined;
}

/** The endpoint of a call to `url` (or, without one, of a response `body`); undefined when it is not a model call. */
export function endpointOf(url: string | undefined, body?: Readonly<Record<string, unknown>>): Endpoint | undefined {
  if (url !== undefined) {
    const { host, pathname } = new URL(url);
    const api = /\/chat\/completions$/.test(pathname) ? 'chat' : /\/responses$/.test(pathname) ? 'responses' : /\/messages$/.test(pathname) ? 'messages' : undefined;
    const provider = HOSTS[host] ?? providerOfModel(body?.['model']);
    return api === undefined || provider === undefined ? undefined : { provider, api };
  }
  const object = body?.['object'] ?? body?.['type'];
  const api = object === 'chat.completion' || object === 'chat.completion.chunk' ? 'chat' : object === 'response' ? 'responses' : object === 'message' ? 'messages' : undefined;
  const usage = body?.['usage'] as Record<string, unknown> | null | undefined;
  const provider = providerOfModel(body?.['model']) ?? (usage?.['prompt_cache_hit_tokens'] !== undefined ? 'deepseek' : undefined);
  return api === undefined || provider === undefined ? undefined : { provider, api };
}

export interface ReadInteraction {
  readonly request: Readonly<Record<string, unknown>> | undefined;
  readonly response: ResponseBody | undefined;
  /** From the URL and the request body, or the first response payload when the request is missing or not JSON. */
  readonly endpoint: Endpoint | undefined;
}

/**
 * An interaction's request JSON, response body and endpoint, each parsed once. `provider`
 * (a cassette's own, e.g. one recorded through `recon proxy` in front of a simulator or a
 * gateway) names the provider where the host and model do not.
 */
export function readInteraction({ request, response }: Interaction, provider?: Provider): ReadInteraction {
  const requestJson = request === null ? undefined : jsonObject(Buffer.from(requestBytes(request)).toString('utf8'));
  const body = readResponseBody(response);
  const firstPayload = body === undefined ? undefined : body.kind === 'json' ? body.value : body.events[0]?.json;
  const endpoint = endpointOf(request?.url, requestJson ?? firstPayload) ?? (provider === undefined || request === null ? undefined : endpointOf(request.url, { model: MODEL_OF[provider] }));
  return { request: requestJson, response: body, endpoint };
}

// A model name of each provider, to fall back on the provider a cassette declares.
const MODEL_OF: Readonly<Record<Provider, string>> = { deepseek: 'deepseek', openai: 'gpt', anthropic: 'claude' };
