/**
 * Which provider and which API an exchange speaks, from its URL or, for a response-only
 * recording, from the body. Calls that are not model calls (file uploads, telemetry)
 * have no endpoint and are left out of usage and cache accounting.
 */
import type { Provider } from './cassette.ts';

export type Api = 'chat' | 'responses' | 'messages';

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
