// @ts-nocheck
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accountCache,
  parseCassette,
  promptOf,
  readResponseBody,
  recordChunk,
  recordRequest,
  requestBytes,
  tokenizerFor,
  usageOf,
  type Cassette,
  type Interaction,
  type PromptMessage,
} from '../../src/http/index.ts';
import { percent } from '../../src/report/table.ts';
import { cassetteFile, recordings } from '../helpers/recorded-http.ts';
import { runCli } from '../helpers/run-cli.ts';

type Row = readonly [index: number, read: number, bound: number | null, why?: RegExp];

const WARM = /^warm cache: the provider held this prefix before the session began/;
const SERVER_TOOLS = /^server-side tool loop in #1:/;

/**
 * Recorded reads against the predicted bound, per recording. The bounds are the ones
 * provider-cache.md §B2 derives by hand (e.g. 384 = 64·⌊(333+58)/64⌋, 1024 for the
 * 1149-token prompts); every mismatch must carry its reason.
 */
const EXPECTED: Record<string, readonly Row[]> = {
  'deepseek/node-llm__stream-reasoner-no-include-usage.har': [[0, 0, 0]],
  'deepseek/node-llm__tool-calling.har': [[0, 320, 0, WARM], [1, 384, 384]],
  'deepseek/pydantic-ai__test_deepseek_deferred_capability_with_thinking.yaml': [[0, 512, 0, WARM], [1, 0, 0], [2, 896, 896]],
  'deepseek/pydantic-ai__test_deepseek_model_thinking_stream.yaml': [[0, 0, 0]],
  'deepseek/pydantic-ai__test_deepseek_responses__function_tool.yaml': [[0, 256, 0, WARM], [1, 384, 384]],
  'deepseek/pydantic-ai__test_deepseek_responses__function_tool_stream.yaml': [[0, 256, 0, WARM], [1, 384, 384]],
  'deepseek/vercel-ai__issue-19789-live-usage.chunks.txt': [[0, 0, null]],
  'openai/openllmetry__test_openai_prompt_caching_with_events_with_content.yaml': [[0, 0, 0], [1, 1024, 1024], [2, 1024, 1024], [3, 1024, 1024]],
  'openai/pydantic-ai__test_openai_responses_thinking_with_tool_calls.yaml': [[0, 0, 0], [1, 2048, 2048]],
  'openai/pydantic-ai__test_openai_chat_prompt_cache_e2e.yaml': [[0, 0, 0], [1, 4012, 4012]],
  'openai/crewai__test_openai_streaming_cached_prompt_tokens.yaml': [[0, 1024, 0, WARM], [1, 1024, 1024]],
  'openai/crewai__test_hierarchical_process.yaml': [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [4, 0, 0], [5, 1408, 1408]],
  'openai/crewai__test_task_emits_failed_event_on_execution_error.yaml': [[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0], [5, 0, 0], [6, 1024, 1152, /^not append-only:/]],
  'anthropic/pydantic-ai__code_execution_files_cache_prefix_stable__automatic-sonnet-4-6.yaml': [[1, 8845, 0, WARM], [2, 9116, 8851, SERVER_TOOLS]],
  'anthropic/pydantic-ai__code_execution_files_cache_prefix_stable__messages-sonnet-4-6.yaml': [[1, 4332, 0, WARM], [2, 9134, 8845, SERVER_TOOLS]],
  'anthropic/pydantic-ai__test_inline_system_prompt_cache_prefix_is_reused.yaml': [[0, 0, 0], [1, 1590, 1590]],
  'anthropic/pydantic-ai__test_anthropic_cache_real_api.yaml': [[0, 1111, 0, WARM], [1, 1111, 1111]],
  'anthropic/openllmetry__test_anthropic_prompt_caching_stream_legacy.yaml': [[0, 0, 0], [1, 1165, 1165]],
  'anthropic/crewai__test_anthropic_cached_prompt_tokens_with_tools.yaml': [[0, 1857, 0, WARM], [1, 1857, 1857]],
};

const load = (file: string): Cassette => parseCassette(readFileSync(cassetteFile(recordings().find((r) => r.file === file)!), 'utf8'));

describe('cache accounting on the real recordings', () => {
  it('covers all 19 recordings', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(recordings().map((r) => r.file).sort());
  });

  it.each(Object.entries(EXPECTED))('%s: recorded reads against the bound', async (file, rows) => {
    const { requests } = await accountCache(load(file));
    expect(requests.map((r) => [r.index, r.cacheRead, r.bound, r.why])).toEqual(rows.map(([index, read, bound, why]) => [index, read, bound, why === undefined ? undefined : expect.stringMatching(why)]));
  });

  it('has an attainment of at most 100 % on every recording, whatever the cache held before', async () => {
    for (const recording of recordings()) {
      const { attainment } = await accountCache(load(recording.file));
      if (attainment !== null) expect(attainment, recording.file).toBeLessThanOrEqual(1);
    }
  });

  it('names how each bound was found: exact prompt + output, a changed tool list, interleaved agents', async () => {
    const tool = await accountCache(load('deepseek/node-llm__tool-calling.har'));
    expect(tool.requests[1]!.basis).toBe('extends #0: its prompt + output, 333 + 58 tokens');
    const deferred = await accountCache(load('deepseek/pydantic-ai__test_deepseek_deferred_capability_with_thinking.yaml'));
    expect(deferred.requests[1]!.basis).toBe('model or tool definitions differ from #0');
    const crew = await accountCache(load('openai/crewai__test_hierarchical_process.yaml'));
    expect(crew.requests[5]!.basis).toBe('extends #3 (not the previous call: agents interleave): its prompt + output, 1233 + 188 tokens');
  });

  it('weights the rate by tokens and sets reads above the bound apart', async () => {
    const account = await accountCache(load('deepseek/node-llm__tool-calling.har'));
    expect(account.rate).toBeCloseTo((320 + 384) / (333 + 422), 12);
    expect(account.rateAfterFirst).toBeCloseTo(384 / 422, 12);
    // The first call read 320 tokens the session never wrote: the provider held them, so its bound was at least that.
    expect(account.attainment).toBe(1);
    expect(account.attainmentInSession).toBe(1);
    expect(account.externalReads).toBe(320);
    expect(account.totals).toEqual({ input: 755, cacheRead: 704, cacheWrite: null, output: 86, bound: 384 });
    const unknown = await accountCache(load('deepseek/vercel-ai__issue-19789-live-usage.chunks.txt'));
    expect([unknown.attainment, unknown.totals.bound]).toEqual([null, null]);
  });
});

/** A synthetic exchange: a request body and a JSON response with the given usage. */
function exchange(url: string, request: Record<string, unknown>, response: Record<string, unknown>): Interaction {
  return {
    request: recordRequest({ method: 'POST', url, headers: {}, body: Buffer.from(JSON.stringify(request)) }),
    response: { status: 200, headers: { 'content-type': 'application/json' }, chunks: [recordChunk(0, Buffer.from(JSON.stringify(response)))] },
  };
}

const cassette = (...interactions: Interaction[]): Cassette => ({ header: { cassette: 1, provider: 'unknown', source: 'recorded' }, interactions });
const chat = (provider: 'deepseek' | 'openai') => (provider === 'deepseek' ? 'https://api.deepseek.com/chat/completions' : 'https://api.openai.com/v1/chat/completions');
const reply = (content: string, prompt: number, completion: number, extra: Record<string, unknown> = {}) => ({
  choices: [{ message: { role: 'assistant', content } }],
  usage: { prompt_tokens: prompt, completion_tokens: completion, ...extra },
});

describe('bound rules', () => {
  const user = (content: string) => ({ role: 'user', content });
  const turn = (provider: 'deepseek' | 'openai', model: string, p1: number, o1: number, p2: number, tools2?: unknown[]) =>
    cassette(
      exchange(chat(provider), { model, messages: [user('q1')] }, reply('a1', p1, o1)),
      exchange(chat(provider), { model, messages: [user('q1'), { role: 'assistant', content: 'a1' }, user('q2')], ...(tools2 ? { tools: tools2 } : {}) }, reply('a2', p2, 1)),
    );

  it('DeepSeek: whole 64-token units of the previous prompt + output, never above the prompt', async () => {
    expect((await accountCache(turn('deepseek', 'deepseek-chat', 100, 40, 150))).requests[1]!.bound).toBe(128);
    expect((await accountCache(turn('deepseek', 'deepseek-chat', 30, 30, 70))).requests[1]!.bound).toBe(0);
    expect((await accountCache(turn('deepseek', 'deepseek-chat', 300, 40, 200))).requests[1]!.bound).toBe(192);
  });

  it('OpenAI: nothing below 1024 tokens, then 1024 + 128·k', async () => {
    expect((await accountCache(turn('openai', 'gpt-4o', 900, 30, 1000))).requests[1]!.bound).toBe(0);
    expect((await accountCache(turn('openai', 'gpt-4o', 1000, 30, 1100))).requests[1]!.bound).toBe(1024);
    expect((await accountCache(turn('openai', 'gpt-4o', 1300, 200, 1600))).requests[1]!.bound).toBe(1408);
  });

  it('a changed tool list shares nothing', async () => {
    const account = await accountCache(turn('deepseek', 'deepseek-chat', 1000, 40, 1100, [{ type: 'function', function: { name: 'f' } }]));
    expect([account.requests[1]!.bound, account.requests[1]!.basis]).toEqual([0, 'model or tool definitions differ from #0']);
  });

  it('Anthropic: an entry serves only a request with a breakpoint within 20 blocks after it', async () => {
    const url = 'https://api.anthropic.com/v1/messages';
    const text = (t: string, cached = false) => ({ type: 'text', text: t, ...(cached ? { cache_control: { type: 'ephemeral' } } : {}) });
    const usage = (read: number, write: number, input: number) => ({ content: [text('ok')], usage: { input_tokens: input, cache_read_input_tokens: read, cache_creation_input_tokens: write, output_tokens: 1 } });
    const first = exchange(url, { model: 'claude-sonnet-4-5', system: [text('s'.repeat(6000), true)], messages: [{ role: 'user', content: 'hi' }] }, usage(0, 1500, 3));
    // The system block no longer carries a breakpoint: only the one among the user blocks can look back.
    const later = (blocks: number, cachedAt: number) =>
      exchange(url, { model: 'claude-sonnet-4-5', system: [text('s'.repeat(6000))], messages: [{ role: 'user', content: Array.from({ length: blocks }, (_, i) => text(`b${i}`, i === cachedAt)) }] }, usage(1500, 0, 30));
    expect((await accountCache(cassette(first, later(3, 2)))).requests[1]!.bound).toBe(1500);
    expect((await accountCache(cassette(first, later(30, 29)))).requests[1]!.bound).toBe(0);
    const changed = exchange(url, { model: 'claude-sonnet-4-5', system: [text('t'.repeat(6000), true)], messages: [{ role: 'user', content: 'hi' }] }, usage(0, 1500, 3));
    expect((await accountCache(cassette(first, changed))).requests[1]!.bound).toBe(0);
  });

  it('DeepSeek: where a request diverges inside a message, the estimate anchored on the totals agrees with counting from the start', async () => {
    const tokenizer = await tokenizerFor('deepseek', 'deepseek-chat');
    const system = { role: 'system', content: 'You are a careful assistant. '.repeat(40) };
    const x1 = [system, user('Summarise the report on coastal erosion in three points.')];
    const x2 = [system, user('Summarise the report on river flooding in three points.')];
    const asPrompt = (messages: Array<{ role: string; content: string }>): PromptMessage[] => messages;
    // Usage as the template counts it, so the anchored estimate has an exact answer.
    const p1 = tokenizer.count(tokenizer.render(asPrompt(x1), true));
    const o1 = tokenizer.count(tokenizer.render(asPrompt([...x1, { role: 'assistant', content: 'Three points.' }]), false)) - p1;
    const p2 = tokenizer.count(tokenizer.render(asPrompt(x2), true));
    const { requests } = await accountCache(
      cassette(exchange(chat('deepseek'), { model: 'deepseek-chat', messages: x1 }, reply('Three points.', p1, o1)), exchange(chat('deepseek'), { model: 'deepseek-chat', messages: x2 }, reply('x', p2, 1))),
    );
    const a = tokenizer.render(asPrompt(x1), true);
    const b = tokenizer.render(asPrompt(x2), true);
    let same = 0;
    while (a[same] === b[same]) same++;
    const shared = tokenizer.count(a.slice(0, same));
    expect(requests[1]!.basis).toMatch(/^shares 1 of 3 messages with #0, then diverges inside a message \(deepseek-v3 estimate\)$/);
    expect(requests[1]!.bound).toBe(64 * Math.floor(shared / 64));
    expect(shared).toBeGreaterThan(64 * 3);
  });
});

describe('prompt renderings against the recorded prompt tokens', () => {
  it('count every tool-free chat prompt of the corpus within 2 tokens of what the provider billed', async () => {
    const compared: Array<[string, number, number]> = [];
    for (const recording of recordings().filter((r) => r.provider !== 'anthropic')) {
      const { interactions } = load(recording.file);
      for (const [index, { request, response }] of interactions.entries()) {
        if (request === null || !request.url.endsWith('/chat/completions')) continue;
        const body = JSON.parse(Buffer.from(requestBytes(request)).toString('utf8')) as Record<string, unknown>;
        if (body['tools'] !== undefined) continue;
        const prompt = promptOf('chat', body);
        const tokenizer = await tokenizerFor(recording.provider as 'deepseek' | 'openai', prompt.model);
        compared.push([`${recording.file} #${index}`, tokenizer.count(tokenizer.render(prompt.messages, true)), usageOf('chat', readResponseBody(response)!)!.input!]);
      }
    }
    expect(compared.length).toBeGreaterThanOrEqual(15);
    for (const [name, counted, billed] of compared) expect(Math.abs(counted - billed), name).toBeLessThanOrEqual(2);
  });
});

describe('recon replay', () => {
  it.each(Object.keys(EXPECTED))('%s replays byte-identically and prints one JSON object', async (file) => {
    const path = cassetteFile(recordings().find((r) => r.file === file)!);
    const { code, stdout } = await runCli(['replay', path, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { replayed: { total: number; identical: number }; requests: Array<Record<string, unknown>>; rate: number | null; attainment: number | null };
    expect(report.replayed.identical).toBe(report.replayed.total);
    expect(report.requests.map((r) => r['bound'])).toEqual(EXPECTED[file]!.map(([, , bound]) => bound));
    for (const r of report.requests) expect(Object.keys(r)).toEqual(['index', 'provider', 'api', 'model', 'url', 'input', 'cacheRead', 'cacheWrite', 'output', 'bound', 'basis', 'why', 'break']);
    expect(report).toHaveProperty('rate');
    expect(report).toHaveProperty('attainment');
  });

  it('prints a readable table with each bound explained', async () => {
    const { code, stdout } = await runCli(['replay', cassetteFile(recordings().find((r) => r.file === 'openai/crewai__test_task_emits_failed_event_on_execution_error.yaml')!)]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/openai · 6 model calls · replayed 7\/7 byte-identical/);
    expect(stdout).toMatch(/call +model +input +cache read +cache write +output +bound +why reads differ from the bound/);
    expect(stdout).toMatch(/#6 +gpt-4o-mini +1426 +1024 +n\/a +17 +1152 +not append-only/);
    expect(stdout).toContain('bound of #6: shares 6 of 7 messages with #5, then diverges inside a message (o200k_base estimate)');
    // 1024 read of 261 + 494 + 727 + 960 + 1193 + 1426 input; 1024 of a 1152 bound.
    expect(stdout).toContain(`read rate ${percent(1024 / 5061)} (after the first call ${percent(1024 / 4800)}) · attainment ${percent(1024 / 1152)} of the bound`);
  });
});
