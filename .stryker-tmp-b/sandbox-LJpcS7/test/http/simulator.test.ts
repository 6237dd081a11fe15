// @ts-nocheck
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { E2E_SCRIPT } from '../../src/e2e/conversation.ts';
import { runE2e } from '../../src/e2e/run-e2e.ts';
import { SIMULATOR_HEADER, clientBaseUrls, dispatcherFetch, parseCassette, parseScenario, requestBytes, startSimulator, usageOf, type Simulator, type SimulatorOptions } from '../../src/http/index.ts';
import { promptCounter } from '../../src/http/simulator/index.ts';
import { parseSse, sseJson } from '../../src/wire/sse.ts';
import type { ScriptedReply } from '../../src/loop/index.ts';
import type { Provider } from '../../src/wire/index.ts';

const MINUTE = 60_000;
const words = (n: number, seed = 'w') => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

let clock = 0;
let sim: Simulator | undefined;
const open = async (options: SimulatorOptions = {}) => (sim = await startSimulator({ now: () => clock, ...options }));
afterEach(async () => {
  await sim?.close();
  sim = undefined;
  clock = 0;
});

type Json = Record<string, unknown>;

/** One call: the status, the simulator header, the stream's JSON events, the raw usage objects and the normalised usage. */
async function call(path: string, body: Json) {
  const response = await fetch(`${sim!.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const text = await response.text();
  const events = response.status === 200 ? sseJson(parseSse([text])) : [];
  const api = path.endsWith('/messages') ? 'messages' : 'chat';
  const usage = usageOf(api, { kind: 'sse', events });
  return { status: response.status, header: response.headers.get(SIMULATOR_HEADER), text, events, usage: usage ?? {}, raw: events.map((e) => e.json['usage'] ?? (e.json['message'] as Json | undefined)?.['usage']) };
}

const chat = (model: string, messages: Json[], extra: Json = {}) => ({ model, messages, stream: true, ...extra });
const user = (content: string) => ({ role: 'user', content });
const said = (content: string) => ({ role: 'assistant', content });

describe('the DeepSeek simulator', () => {
  it('caches each prompt with its reply and reads it back in 64-token units, in DeepSeek\'s own usage fields', async () => {
    await open({ replies: [{ text: 'Noted, the list is long.' }, { text: 'Second.' }] });
    const first = chat('deepseek-chat', [{ role: 'system', content: words(300) }, user('Read the list.')]);
    const one = await call('/chat/completions', first);
    expect([one.status, one.header]).toEqual([200, 'model of deepseek']);
    expect(one.usage.cacheRead).toBe(0);
    const finish = one.events.findLast((e) => e.json['usage'] !== null)!.json;
    expect((finish['choices'] as Json[])[0]!['finish_reason']).toBe('stop');
    const u1 = finish['usage'] as Json;
    expect(u1).toMatchObject({ prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens: u1['prompt_tokens'], prompt_tokens_details: { cached_tokens: 0 } });

    const two = await call('/v1/chat/completions', chat('deepseek-chat', [...(first['messages'] as Json[]), said('Noted, the list is long.'), user('And now?')]));
    const cached = one.usage.input! + one.usage.output!;
    expect(two.usage.cacheRead).toBe(64 * Math.floor(cached / 64));
    expect(two.usage.cacheRead).toBeGreaterThan(cached - 64);
    expect(two.usage.input).toBeGreaterThan(cached);
    const u2 = two.raw.findLast((u) => u !== null) as Json;
    expect(u2['prompt_cache_hit_tokens'] as number + (u2['prompt_cache_miss_tokens'] as number)).toBe(u2['prompt_tokens']);
    expect((u2['prompt_tokens_details'] as Json)['cached_tokens']).toBe(u2['prompt_cache_hit_tokens']);
  });

  it('caches nothing under 64 tokens, and a changed tool list shares nothing', async () => {
    await open();
    const short = chat('deepseek-chat', [user('hi')]);
    await call('/chat/completions', short);
    expect((await call('/chat/completions', short)).usage.cacheRead).toBe(0);
    const tool = (name: string) => ({ type: 'function', function: { name, description: 'd', parameters: { type: 'object' } } });
    const long = [{ role: 'system', content: words(200) }, user('q')];
    await call('/chat/completions', chat('deepseek-chat', long, { tools: [tool('a')] }));
    expect((await call('/chat/completions', chat('deepseek-chat', long, { tools: [tool('a')] }))).usage.cacheRead).toBeGreaterThan(0);
    expect((await call('/chat/completions', chat('deepseek-chat', long, { tools: [tool('b')] }))).usage.cacheRead).toBe(0);
  });

  it('reads the common start of a prompt that diverges inside a message, in whole units', async () => {
    await open();
    await call('/chat/completions', chat('deepseek-chat', [{ role: 'system', content: `${words(300)} version one` }, user('q')]));
    const changed = await call('/chat/completions', chat('deepseek-chat', [{ role: 'system', content: `${words(300)} version two` }, user('q')]));
    expect(changed.usage.cacheRead! % 64).toBe(0);
    expect(changed.usage.cacheRead).toBeGreaterThan(0);
    expect(changed.usage.cacheRead).toBeLessThan(changed.usage.input! - 5);
  });

  it('forgets an entry three hours after its last use, and a read keeps it alive', async () => {
    await open();
    const body = chat('deepseek-chat', [{ role: 'system', content: words(200) }, user('q')]);
    await call('/chat/completions', body);
    clock += 3 * 60 * MINUTE - 1;
    expect((await call('/chat/completions', body)).usage.cacheRead).toBeGreaterThan(0);
    clock += 3 * 60 * MINUTE - 1;
    expect((await call('/chat/completions', body)).usage.cacheRead).toBeGreaterThan(0);
    clock += 3 * 60 * MINUTE;
    expect((await call('/chat/completions', body)).usage.cacheRead).toBe(0);
  });

  it('streams reasoning as reasoning_content and counts it in the reply', async () => {
    await open({ replies: [{ reasoning: 'thinking '.repeat(50), text: 'ok' }, { text: 'ok' }] });
    const plain = await call('/chat/completions', chat('deepseek-chat', [user('q')]));
    const deltas = plain.events.map((e) => ((e.json['choices'] as Json[])[0]?.['delta'] as Json | undefined)?.['reasoning_content']).filter(Boolean);
    expect(deltas.join('')).toBe('thinking '.repeat(50));
    expect(plain.raw.findLast((u) => u !== null)).toMatchObject({ completion_tokens_details: { reasoning_tokens: expect.any(Number) } });
    expect(plain.usage.output).toBeGreaterThan(50);
  });
});

describe('the OpenAI simulator', () => {
  const gpt = (messages: Json[]) => chat('gpt-4.1-mini', messages, { stream_options: { include_usage: true } });

  it('reads nothing under 1024 tokens, then 1024 + 128·k, with usage in a last chunk without choices', async () => {
    await open();
    const short = gpt([user(words(100))]);
    await call('/v1/chat/completions', short);
    expect((await call('/v1/chat/completions', short)).usage.cacheRead).toBe(0);
    const long = gpt([user(words(700))]);
    const first = await call('/v1/chat/completions', long);
    expect(first.header).toBe('model of openai');
    const again = await call('/v1/chat/completions', long);
    const prompt = again.usage.input!;
    expect(prompt).toBeGreaterThan(1152);
    expect(again.usage.cacheRead).toBe(1024 + 128 * Math.floor((prompt - 1024) / 128));
    const last = again.events.at(-1)!.json;
    expect(last['choices']).toEqual([]);
    expect(last['usage']).toMatchObject({ prompt_tokens: prompt, prompt_tokens_details: { cached_tokens: again.usage.cacheRead } });
    expect(again.events.slice(0, -1).every((e) => e.json['usage'] === null)).toBe(true);
    const unasked = await call('/v1/chat/completions', chat('gpt-4.1-mini', [user(words(700))]));
    expect(unasked.events.some((e) => 'usage' in e.json)).toBe(false);
  });

  it('caches the reply: a short prompt with a long answer is read back past 1024 tokens', async () => {
    await open({ replies: [{ text: words(1200, 'answer') }] });
    const one = await call('/v1/chat/completions', gpt([user('Write a long answer.')]));
    expect(one.usage.input).toBeLessThan(1024);
    const two = await call('/v1/chat/completions', gpt([user('Write a long answer.'), said(words(1200, 'answer')), user('Thanks.')]));
    const cached = one.usage.input! + one.usage.output!;
    expect(two.usage.cacheRead).toBe(1024 + 128 * Math.floor((cached - 1024) / 128));
  });

  it('forgets after 10 idle minutes, or 24 hours with prompt_cache_retention "24h"', async () => {
    await open();
    const body = gpt([user(words(700))]);
    await call('/v1/chat/completions', body);
    for (let i = 0; i < 3; i++) {
      clock += 10 * MINUTE - 1;
      expect((await call('/v1/chat/completions', body)).usage.cacheRead).toBeGreaterThan(0);
    }
    clock += 10 * MINUTE;
    expect((await call('/v1/chat/completions', body)).usage.cacheRead).toBe(0);
    const kept = { ...gpt([user(words(700, 'k'))]), prompt_cache_retention: '24h' };
    await call('/v1/chat/completions', kept);
    clock += 24 * 60 * MINUTE - 1;
    expect((await call('/v1/chat/completions', kept)).usage.cacheRead).toBeGreaterThan(0);
    clock += 24 * 60 * MINUTE;
    expect((await call('/v1/chat/completions', kept)).usage.cacheRead).toBe(0);
  });
});

describe('the Anthropic simulator', () => {
  const block = (text: string, ttl?: '1h') => ({ type: 'text', text, ...(ttl === undefined ? {} : { cache_control: { type: 'ephemeral', ttl } }) });
  const marked = (text: string, ttl?: '1h') => ({ ...block(text), cache_control: { type: 'ephemeral', ...(ttl === undefined ? {} : { ttl }) } });
  const messages = (model: string, system: Json[], turns: Json[]) => ({ model, max_tokens: 100, system, messages: turns, stream: true });
  const usage = (result: Awaited<ReturnType<typeof call>>) => (result.events[0]!.json['message'] as Json)['usage'] as Json;

  it('writes only at breakpoints and reads what an earlier request wrote, never its reply; counts are disjoint', async () => {
    await open({ replies: [{ text: words(80, 'reply') }, { text: 'ok' }] });
    const system = [block(words(1500))];
    const bare = await call('/v1/messages', messages('claude-sonnet-4-5', system, [{ role: 'user', content: 'q' }]));
    expect([bare.header, bare.usage.cacheRead, bare.usage.cacheWrite]).toEqual(['model of anthropic', 0, 0]);
    const turn1 = [{ role: 'user', content: [marked('q')] }];
    const one = await call('/v1/messages', messages('claude-sonnet-4-5', system, turn1));
    expect(one.usage.cacheRead).toBe(0);
    expect(one.usage.cacheWrite).toBeGreaterThan(1024);
    expect(usage(one)).toMatchObject({ output_tokens: 1, cache_creation: { ephemeral_5m_input_tokens: one.usage.cacheWrite, ephemeral_1h_input_tokens: 0 } });
    expect(one.events.find((e) => e.json['type'] === 'message_delta')!.json['usage']).toEqual({ output_tokens: one.usage.output });
    const turn2 = [{ role: 'user', content: [block('q')] }, { role: 'assistant', content: [block(words(80, 'reply'))] }, { role: 'user', content: [marked('next')] }];
    const two = await call('/v1/messages', messages('claude-sonnet-4-5', system, turn2));
    expect(two.usage.cacheRead).toBe(one.usage.cacheWrite);
    expect(two.usage.cacheWrite).toBeGreaterThanOrEqual(one.usage.output!);
    const raw = usage(two);
    expect((raw['input_tokens'] as number) + two.usage.cacheRead! + two.usage.cacheWrite!).toBe(two.usage.input);
  });

  it('caches nothing below the model\'s minimum length', async () => {
    await open();
    const system = [block(words(1500))];
    expect((await call('/v1/messages', messages('claude-sonnet-4-5', [block(words(100))], [{ role: 'user', content: [marked('q')] }]))).usage.cacheWrite).toBe(0);
    expect((await call('/v1/messages', messages('claude-haiku-4-5', system, [{ role: 'user', content: [marked('q')] }]))).usage.cacheWrite).toBe(0);
    expect((await call('/v1/messages', messages('claude-sonnet-4-5', system, [{ role: 'user', content: [marked('q')] }]))).usage.cacheWrite).toBeGreaterThan(0);
  });

  it('finds an entry only within 20 blocks before a breakpoint', async () => {
    await open();
    const system = [marked(words(1500))];
    await call('/v1/messages', messages('claude-sonnet-4-5', system, [{ role: 'user', content: 'q' }]));
    const blocks = (n: number) => [{ role: 'user', content: [...Array.from({ length: n - 1 }, (_, i) => block(`b${i}`)), marked('last')] }];
    expect((await call('/v1/messages', messages('claude-sonnet-4-5', [block(words(1500))], blocks(20)))).usage.cacheRead).toBeGreaterThan(1024);
    expect((await call('/v1/messages', messages('claude-sonnet-4-5', [block(words(1500))], blocks(22)))).usage.cacheRead).toBe(0);
  });

  it('keeps an entry 5 minutes after its last use, an hour with ttl "1h", and reads the automatic breakpoint', async () => {
    await open();
    const five = [marked(words(1500, 'five'))];
    const hour = [marked(words(1500, 'hour'), '1h')];
    await call('/v1/messages', messages('claude-sonnet-4-5', five, [{ role: 'user', content: 'q' }]));
    const written = await call('/v1/messages', messages('claude-sonnet-4-5', hour, [{ role: 'user', content: 'q' }]));
    expect(usage(written)['cache_creation']).toEqual({ ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: written.usage.cacheWrite });
    clock += 5 * MINUTE - 1;
    expect((await call('/v1/messages', messages('claude-sonnet-4-5', five, [{ role: 'user', content: 'q' }]))).usage.cacheRead).toBeGreaterThan(0);
    clock += 5 * MINUTE;
    expect((await call('/v1/messages', messages('claude-sonnet-4-5', five, [{ role: 'user', content: 'q' }]))).usage.cacheRead).toBe(0);
    clock += 40 * MINUTE;
    expect((await call('/v1/messages', messages('claude-sonnet-4-5', hour, [{ role: 'user', content: 'q' }]))).usage.cacheRead).toBeGreaterThan(0);
    const automatic = { ...messages('claude-sonnet-4-5', [block(words(1500, 'auto'))], [{ role: 'user', content: 'q' }]), cache_control: { type: 'ephemeral' } };
    await call('/v1/messages', automatic);
    expect((await call('/v1/messages', automatic)).usage.cacheRead).toBeGreaterThan(1024);
  });
});

describe('the simulator as a server', () => {
  it('answers each conversation from the start of its script, then the default reply', async () => {
    await open({ replies: [{ text: 'first' }, { toolCalls: [{ name: 'f', arguments: '{"x":1}' }] }] });
    const text = async (messages: Json[]) => (await call('/chat/completions', chat('deepseek-chat', messages))).text;
    expect(await text([user('a')])).toContain('"content":"first"');
    expect(await text([user('other conversation')])).toContain('"content":"first"');
    const second = await text([user('a'), said('first'), user('b')]);
    expect(second).toContain('"tool_calls":[{"index":0,"id":"call_1_0","type":"function","function":{"name":"f","arguments":"{\\"x\\":1}"}}]');
    expect(second).toContain('"finish_reason":"tool_calls"');
    expect(await text([user('a'), said('1'), said('2'), user('c')])).toContain('its script has no more replies');
  });

  it('refuses what it does not model, with a code, and says it is a model in every response', async () => {
    await open({ provider: 'deepseek', replies: [{ finish: 'error', error: { message: 'overloaded', code: 'SCRIPTED_OVERLOAD' } }] });
    const failed = await call('/chat/completions', chat('deepseek-chat', [user('a')]));
    expect([failed.status, JSON.parse(failed.text)]).toEqual([500, { error: { message: 'overloaded', code: 'SCRIPTED_OVERLOAD' } }]);
    const route = await call('/v1/embeddings', {});
    expect([route.status, JSON.parse(route.text).error.code, route.header]).toEqual([404, 'SIMULATOR_REQUEST', 'model of a provider']);
    expect((await call('/v1/messages', messages())).status).toBe(404);
    const unstreamed = await call('/chat/completions', { model: 'deepseek-chat', messages: [] });
    expect([unstreamed.status, JSON.parse(unstreamed.text).error.message]).toEqual([400, expect.stringContaining('streaming requests only')]);
    const get = await fetch(`${sim!.url}/chat/completions`);
    expect([get.status, get.headers.get(SIMULATOR_HEADER)]).toEqual([404, 'model of a provider']);
    function messages() {
      return { model: 'claude-sonnet-4-5', max_tokens: 1, messages: [], stream: true };
    }
  });

  it('answers chat completions as OpenAI for an OpenAI model name, else as DeepSeek', async () => {
    await open();
    expect((await call('/v1/chat/completions', chat('gpt-4o', [user('a')]))).header).toBe('model of openai');
    expect((await call('/v1/chat/completions', chat('deepseek-v4-flash', [user('a')]))).header).toBe('model of deepseek');
  });

  it('reads a scenario file and names its first bad reply', () => {
    expect(parseScenario('[{"text":"a"},{"toolCalls":[{"name":"f","arguments":"{}"}],"chunkSize":3}]')).toHaveLength(2);
    const refused = (text: string) => {
      try {
        parseScenario(text, 's.json');
      } catch (error) {
        return [(error as { code: string }).code, (error as Error).message];
      }
      return undefined;
    };
    expect(refused('{')).toEqual(['SIMULATOR_SCENARIO', expect.stringMatching(/^s\.json: SIMULATOR_SCENARIO: not JSON/)]);
    expect(refused('{"text":"a"}')).toEqual(['SIMULATOR_SCENARIO', 's.json: SIMULATOR_SCENARIO: a scenario is a JSON list of scripted replies']);
    expect(refused('[{"text":"a"},{"toolCalls":[{"name":"f"}]}]')?.[1]).toContain('reply 2: toolCalls[0] needs a string name and string arguments');
    expect(refused('[{"txt":"a"}]')?.[1]).toContain('reply 1: has an unknown field "txt"');
  });
});

describe('self-consistency with cache accounting', () => {
  const agent = new Agent();
  const network = dispatcherFetch(agent);
  const dir = mkdtempSync(join(tmpdir(), 'recon-sim-'));
  afterAll(() => agent.close());

  const cases: Array<[Provider, string, readonly ScriptedReply[]]> = [
    ['deepseek', 'deepseek-v4-flash', E2E_SCRIPT.map((reply, i) => ({ ...reply, reasoning: `Step ${i}: `.repeat(20), chunkSize: 7 }))],
    ['openai', 'gpt-4.1-mini', E2E_SCRIPT],
    ['anthropic', 'claude-sonnet-4-5', E2E_SCRIPT],
  ];

  it.each(cases)('%s: on the append-only e2e conversation every read equals the bound accountCache derives from the recording', async (provider, model, replies) => {
    await open({ provider, replies });
    const cassette = join(dir, `${provider}.jsonl`);
    const run = await runE2e({ provider, model, fetch: network, baseUrl: provider === 'deepseek' ? sim!.url : `${sim!.url}/v1`, cassette, sessionId: provider });
    expect(run.problems).toEqual([]);
    expect(run.simulated).toBe(true);
    const calls = run.account.requests;
    expect(calls).toHaveLength(replies.length);
    for (const [i, request] of calls.entries()) {
      expect(request.cacheRead).toBe(request.bound);
      if (i > 0) expect(request.bound).toBeGreaterThan(1024);
    }
    expect(run.account.attainment).toBe(1);

    // Token for token, before any unit rounding: prompt i + reply i is where prompt i+1 starts.
    const counter = await promptCounter(provider, model);
    const prompts = parseCassette(readFileSync(cassette, 'utf8')).interactions.map((x) => counter.prompt(JSON.parse(Buffer.from(requestBytes(x.request!)).toString('utf8')) as Json));
    for (let i = 0; i + 1 < prompts.length; i++) {
      const [before, after] = [prompts[i]!, prompts[i + 1]!];
      let next = before.units.length;
      while (after.units[next]!.key.startsWith('["assistant"')) next++;
      const appended = after.units.slice(next).reduce((sum, u) => sum + u.tokens, 0);
      const [one, two] = [calls[i]!, calls[i + 1]!];
      if (provider === 'anthropic') expect([two.cacheRead, two.cacheWrite]).toEqual([before.total - before.generation, one.output! + appended]);
      else expect(two.input).toBe(one.input! + one.output! + appended + after.generation);
    }
  });
});

describe('the base URLs the simulator gives each client', () => {
  it('are where each official SDK finds its route: DeepSeek and OpenAI append /chat/completions, Anthropic /v1/messages', async () => {
    await open({ replies: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] });
    const base = clientBaseUrls(sim!.url);
    const post = (url: string, body: Json) => fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }).then(async (r) => [r.status, await r.text()] as const);
    const statuses = await Promise.all([
      post(`${base.deepseek}/chat/completions`, chat('deepseek-chat', [user('hi')])),
      post(`${base.openai}/chat/completions`, chat('gpt-4.1', [user('hi')])),
      post(`${base.anthropic}/v1/messages`, { model: 'claude-sonnet-4-5', max_tokens: 64, stream: true, messages: [user('hi')] }),
    ]);
    expect(statuses.map(([status]) => status)).toEqual([200, 200, 200]);
  });
});
