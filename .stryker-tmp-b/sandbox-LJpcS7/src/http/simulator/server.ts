/**
 * The provider simulator on loopback: DeepSeek and OpenAI chat completions
 * (`/chat/completions`, `/v1/chat/completions`) and Anthropic messages (`/messages`,
 * `/v1/messages`), answered by a ModelSimulator. Every response, errors included, says it
 * comes from a model of the provider, not the provider: header `x-recon-simulator`.
 */
// @ts-nocheck

import type { IncomingMessage, ServerResponse } from 'node:http';
import { ReconError } from '../../errors.ts';
import type { ScriptedReply } from '../../loop/index.ts';
import { collectBody } from '../_internals/bytes.ts';
import { jsonObject } from '../_internals/json.ts';
import { listenOnLoopback } from '../_internals/loopback.ts';
import type { Provider } from '../../wire/index.ts';
import { providerOfModel } from '../endpoint.ts';
import { ModelSimulator, type SimulatedAnswer } from './model-simulator.ts';

export const SIMULATOR_HEADER = 'x-recon-simulator';

export interface SimulatorOptions {
  /** Answer as this provider only. Without it, chat completions answer as OpenAI for an OpenAI model name, else as DeepSeek. */
  readonly provider?: Provider;
  /** The scenario; without one every request gets the default reply. */
  readonly replies?: readonly ScriptedReply[];
  /** 0 (default) lets the system pick a free port. */
  readonly port?: number;
  /** The cache's clock, in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

export interface Simulator {
  /** `http://127.0.0.1:<port>`, the base URL for DeepSeek and Anthropic (whose SDK appends `/v1/messages`); OpenAI clients add `/v1`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The base URL each provider's official client takes for a simulator at `url`: the OpenAI
 * SDK appends `/chat/completions` to a base that ends in `/v1`, the Anthropic SDK appends
 * `/v1/messages` to its base, DeepSeek's clients `/chat/completions`.
 */
export function clientBaseUrls(url: string): { readonly deepseek: string; readonly openai: string; readonly anthropic: string } {
  return { deepseek: url, openai: `${url}/v1`, anthropic: url };
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const model = new ModelSimulator(options.replies ?? [], options.now ?? Date.now);
  return listenOnLoopback((request, response) => void answer(model, options.provider, request, response), options.port);
}

async function answer(model: ModelSimulator, pinned: Provider | undefined, request: IncomingMessage, response: ServerResponse): Promise<void> {
  let provider: Provider | undefined;
  const send = ({ status, contentType, body }: SimulatedAnswer) => {
    response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-cache', [SIMULATOR_HEADER]: `model of ${provider ?? 'a provider'}` });
    response.end(body);
  };
  const refuse = (status: number, code: string | null, message: string) => send({ status, contentType: 'application/json', body: JSON.stringify({ error: { code, message } }) });
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const api = request.method !== 'POST' ? undefined : /^(\/v1)?\/chat\/completions$/.test(path) ? 'chat' : /^(\/v1)?\/messages$/.test(path) ? 'messages' : undefined;
  if (api === undefined) return refuse(404, 'SIMULATOR_REQUEST', `${request.method} ${path} is not a route of the simulator (POST /chat/completions, /v1/chat/completions, /v1/messages)`);
  if (pinned !== undefined && (api === 'messages') !== (pinned === 'anthropic')) return refuse(404, 'SIMULATOR_REQUEST', `this simulator answers as ${pinned} only, and ${path} is another provider's API`);
  try {
    const body = parseBody(await collectBody(request));
    provider = api === 'messages' ? 'anthropic' : (pinned ?? (providerOfModel(body['model']) === 'openai' ? 'openai' : 'deepseek'));
    send(await model.answer(provider, body));
  } catch (error) {
    const refusal = ReconError.is(error) ? error : undefined;
    refuse(refusal?.code === 'SIMULATOR_REQUEST' ? 400 : 500, refusal?.code ?? null, (error as Error).message);
  }
}

function parseBody(bytes: Uint8Array): Record<string, unknown> {
  const body = jsonObject(Buffer.from(bytes).toString('utf8'));
  if (body === undefined) throw new ReconError('SIMULATOR_REQUEST', 'the body is not a JSON object');
  return body;
}
