// @ts-nocheck
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { accountCache, parseCassette } from '../../src/http/index.ts';
import { cassetteFile, recordings } from '../helpers/recorded-http.ts';
import { describe, expect, it } from 'vitest';
import { attributeBreak as attributeOnce, BREAK_CODES, breakpointCap, canonicalKind, promptOf, type Api, type BreakCode, type CallView } from '../../src/http/index.ts';
import type { Provider } from '../../src/wire/index.ts';

type Json = Record<string, unknown>;

// Every code a case produced, so the last test can hold the taxonomy and the cases together.
const seen = new Set<BreakCode>();
function attributeBreak(calls: readonly CallView[], position: number) {
  const found = attributeOnce(calls, position);
  if (found !== undefined) seen.add(found.code);
  return found;
}
const MINUTE = 60_000;

/** A call as attribution sees it, built from a request body and usage. */
function view(provider: Provider, body: Json, usage: CallView['usage'], extra: Partial<CallView> = {}): CallView {
  const api: Api = provider === 'anthropic' ? 'messages' : 'chat';
  return { provider, api, body, prompt: promptOf(api, body), output: [], usage, ...extra };
}

const tool = (name: string, properties: Json = { path: { type: 'string' } }) => ({ type: 'function', function: { name, description: `The ${name} tool.`, parameters: { type: 'object', properties } } });
const SYSTEM = 'You are a careful coding agent. Keep answers short.';

/** A chat request of a loop after `turns` user turns; each assistant reply is in the history. */
function chatBody(turns: number, change: Json = {}): Json {
  const messages: Json[] = [{ role: 'system', content: SYSTEM }];
  for (let t = 0; t < turns; t++) {
    messages.push({ role: 'user', content: `question ${t}` });
    if (t < turns - 1) messages.push({ role: 'assistant', content: `answer ${t}`, tool_calls: [{ id: `c${t}`, type: 'function', function: { name: 'read_file', arguments: '{"path":"a.ts","opts":{"lines":10}}' } }] }, { role: 'tool', tool_call_id: `c${t}`, content: `file ${t}` });
  }
  return { model: 'deepseek-chat', tools: [tool('read_file'), tool('run', { command: { type: 'string' } })], messages, stream: true, ...change };
}

/** The code attributed to the second of two calls: `before`, then `after` reading `read` of `before`'s `input` tokens. */
function codeOf(before: CallView, after: CallView): BreakCode | undefined {
  return attributeBreak([before, after], 1)?.code;
}

const ds = (body: Json, usage: CallView['usage'] = { input: 1000, cacheRead: 0 }, extra: Partial<CallView> = {}) => view('deepseek', body, usage, extra);
const hit = { input: 1200, cacheRead: 10 };

describe('break attribution', () => {
  it('names the first call of its kind a cold start, and a call that reads its previous prompt no break', () => {
    expect(attributeBreak([ds(chatBody(1))], 0)?.code).toBe('COLD_START');
    expect(codeOf(ds(chatBody(1)), ds(chatBody(2), { input: 1200, cacheRead: 1000 }))).toBeUndefined();
  });

  it('names a first call that reads from the cache a warm start, never a cold one', () => {
    expect(attributeBreak([ds(chatBody(1), { input: 2000, cacheRead: 1883 })], 0)).toMatchObject({ code: 'WARM_START', summary: expect.stringContaining('read 1883 tokens') });
  });

  it('says when the breakpoints sent cap the reads, and at which byte a breakpoint would help', () => {
    // cache_control on the system block only: reads stay at the system size as the conversation grows.
    const conversation = (turns: number, last = false) => {
      const messages = Array.from({ length: turns * 2 - 1 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: [{ type: 'text', text: `m${i}`, ...(last && i === turns * 2 - 2 ? { cache_control: { type: 'ephemeral' } } : {}) }] }));
      return { model: 'claude-sonnet-4-6', system: [{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }], messages, max_tokens: 100 };
    };
    const an = (body: Json, usage: CallView['usage'], extra: Partial<CallView> = {}) => view('anthropic', body, usage, extra);
    const second = conversation(3);
    const text = JSON.stringify(second, null, 1);
    const calls = [an(conversation(2), { input: 2000, cacheRead: 0, cacheWrite: 1100 }), an(second, { input: 2100, cacheRead: 1100 }, { bound: 1100, bodyText: text })];
    const capped = attributeBreak(calls, 1);
    expect(capped).toMatchObject({ code: 'BREAKPOINT_CAPS_READS', message: 0 });
    // The offset is where the last block of the request ends, in the bytes that went out.
    expect(text.slice(0, capped!.offset)).toMatch(/"text": "m4"\n\s*\}$/);
    // A breakpoint on the last block, or a provider that caches the whole prefix itself: nothing capped.
    expect(breakpointCap(an(conversation(3, true), { input: 2100, cacheRead: 1100 }))).toBeUndefined();
    expect(breakpointCap(ds(chatBody(3), { input: 2100, cacheRead: 1100 }))).toBeUndefined();
    expect(breakpointCap(view('openai', { ...chatBody(3), model: 'gpt-5' }, { input: 2100, cacheRead: 1100 }))).toBeUndefined();
  });

  it('finds a model or route switch', () => {
    expect(codeOf(ds(chatBody(1)), ds(chatBody(2, { model: 'deepseek-reasoner' }), hit))).toBe('ROUTE_CHANGED');
  });

  it('says which tool changed and how: added, removed, reordered, or a same-name schema change', () => {
    const base = chatBody(1);
    const tools = base['tools'] as Json[];
    const cases: Array<[Json[], string, string, string?]> = [
      [[...tools, tool('grep')], 'added', 'grep'],
      [[tools[0]!], 'removed', 'run'],
      [[tools[1]!, tools[0]!], 'order', 'run'],
      [[tool('read_file', { path: { type: 'string' }, limit: { type: 'number' } }), tools[1]!], 'schema', 'read_file'],
      [[tool('read_file', { path: { type: 'string' } }), { type: 'function', function: { parameters: { properties: { command: { type: 'string' } }, type: 'object' }, name: 'run', description: 'The run tool.' } }], 'schema', 'run', 'key order'],
    ];
    for (const [changed, change, name, kind] of cases) {
      const found = attributeBreak([ds(base), ds(chatBody(2, { tools: changed }), hit)], 1);
      expect(found).toMatchObject({ code: 'TOOLS_CHANGED', change, tool: name, ...(kind === undefined ? {} : { kind }) });
    }
  });

  it('shows the first differing byte of a changed system prompt, with context', () => {
    const later = chatBody(2);
    (later['messages'] as Json[])[0] = { role: 'system', content: SYSTEM.replace('short', 'brief') };
    const found = attributeBreak([ds(chatBody(1)), ds(later, hit)], 1);
    expect(found).toMatchObject({ code: 'SYSTEM_CHANGED', offset: SYSTEM.indexOf('short') });
    expect(found?.context?.before).toContain('short');
    expect(found?.context?.after).toContain('brief');
  });

  it('finds the rewritten message and field, and tells equal JSON in other bytes apart', () => {
    const rewrite = (edit: (messages: Json[]) => void) => {
      const body = chatBody(3);
      edit(body['messages'] as Json[]);
      return attributeBreak([ds(chatBody(2)), ds(body, hit)], 1);
    };
    expect(rewrite((m) => (m[2]!['content'] = 'a shorter answer'))).toMatchObject({ code: 'HISTORY_REWRITTEN', message: 2, field: 'content' });
    expect(rewrite((m) => (m[1]!['content'] = 'question 0 '))).toMatchObject({ code: 'HISTORY_REWRITTEN', message: 1, field: 'content' });
    const args = (text: string) => (m: Json[]) => (((m[2]!['tool_calls'] as Json[])[0]!['function'] as Json)['arguments'] = text);
    expect(rewrite(args('{"opts":{"lines":10},"path":"a.ts"}'))).toMatchObject({ code: 'BYTES_NOT_CANONICAL', message: 2, field: 'toolCalls', kind: 'key order' });
    expect(rewrite(args('{"path": "a.ts", "opts": {"lines": 10}}'))).toMatchObject({ code: 'BYTES_NOT_CANONICAL', kind: 'whitespace' });
    expect(rewrite(args('{"path":"a\\u002ets","opts":{"lines":10}}'))).toMatchObject({ code: 'BYTES_NOT_CANONICAL', kind: 'escapes' });
    expect(rewrite(args('{"path":"a.ts","opts":{"lines":1e1}}'))).toMatchObject({ code: 'BYTES_NOT_CANONICAL', kind: 'number format' });
    expect(rewrite(args('{"path":"b.ts","opts":{"lines":10}}'))).toMatchObject({ code: 'HISTORY_REWRITTEN', field: 'toolCalls' });
  });

  it('finds a cache marker that was dropped or moved (Anthropic cache_control, OpenAI prompt_cache_key)', () => {
    const marked = (turns: number, at: 'system' | 'none' | 'last') => {
      const system = [{ type: 'text', text: SYSTEM, ...(at === 'system' ? { cache_control: { type: 'ephemeral' } } : {}) }];
      const messages = Array.from({ length: turns * 2 - 1 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: [{ type: 'text', text: `m${i}` }] }));
      if (at === 'last') (messages.at(-1)!.content[0] as Json)['cache_control'] = { type: 'ephemeral' };
      return { model: 'claude-sonnet-4-6', system, messages, max_tokens: 100 };
    };
    const an = (body: Json, usage: CallView['usage']) => view('anthropic', body, usage);
    expect(attributeBreak([an(marked(1, 'system'), { input: 2000, cacheRead: 0, cacheWrite: 1500 }), an(marked(2, 'none'), { input: 2100, cacheRead: 0 })], 1)).toMatchObject({ code: 'CACHE_MARKER_CHANGED', field: 'cache_control' });
    // An entry at message 30 is out of reach of a breakpoint on the system block.
    expect(attributeBreak([an(marked(16, 'last'), { input: 5000, cacheRead: 0, cacheWrite: 4900 }), an({ ...marked(17, 'system') }, { input: 5200, cacheRead: 1000 })], 1)).toMatchObject({ code: 'CACHE_MARKER_CHANGED' });
    const oa = (body: Json, usage: CallView['usage']) => view('openai', { ...body, model: 'gpt-5' }, usage);
    expect(attributeBreak([oa(chatBody(1, { prompt_cache_key: 'session-1' }), { input: 3000, cacheRead: 0 }), oa(chatBody(2), { input: 3100, cacheRead: 0 })], 1)).toMatchObject({ code: 'CACHE_MARKER_CHANGED', field: 'prompt_cache_key' });
  });

  it('with bytes that extend the previous call: within the bound, idle past the lifetime, stuck reads, or the provider', () => {
    const extend = (usage: CallView['usage'], extra: Partial<CallView> = {}, earlier: CallView[] = []) => {
      const calls = [...earlier, ds(chatBody(1), { input: 1000, cacheRead: 0 }, { at: 0 }), ds(chatBody(2), usage, extra)];
      return attributeBreak(calls, calls.length - 1)?.code;
    };
    expect(extend({ input: 1200, cacheRead: 960 }, { bound: 960, at: MINUTE })).toBe('WITHIN_BOUND');
    expect(extend({ input: 1200, cacheRead: 0 }, { bound: 1024, at: 4 * 60 * MINUTE })).toBe('IDLE_EXPIRED');
    expect(extend({ input: 1200, cacheRead: 0 }, { bound: 1024, at: 2 * 60 * MINUTE })).toBe('PROVIDER_DROP');
    expect(extend({ input: 1200, cacheRead: 256 }, { bound: 1024, at: MINUTE }, [ds(chatBody(1), { input: 900, cacheRead: 256 }, { at: 0 })])).toBe('READS_AT_SYSTEM_SIZE');
  });


  it('on generated pairs: a rewritten history message is found at its index, whatever the text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.nat(), fc.string({ minLength: 1 }), (turns, pick, extra) => {
        const before = chatBody(turns);
        const after = chatBody(turns + 1);
        const messages = after['messages'] as Json[];
        const k = 1 + (pick % ((before['messages'] as Json[]).length - 1));
        const content = String(messages[k]!['content']);
        messages[k] = { ...messages[k], content: content + extra };
        const found = attributeBreak([ds(before), ds(after, hit)], 1);
        expect(found).toMatchObject({ code: 'HISTORY_REWRITTEN', message: k, field: 'content' });
      }),
    );
  });

  it('tells canonical-equal JSON texts apart by the kind of difference', () => {
    expect(canonicalKind('{"a":1,"b":2}', '{"b":2,"a":1}')).toBe('key order');
    expect(canonicalKind('{"a":1}', '{ "a" : 1 }')).toBe('whitespace');
    expect(canonicalKind('{"a":"é"}', '{"a":"\\u00e9"}')).toBe('escapes');
    expect(canonicalKind('{"a":1.0}', '{"a":1}')).toBe('number format');
    expect(canonicalKind('{"a":1}', '{"a":2}')).toBeUndefined();
    expect(canonicalKind('plain', 'text')).toBeUndefined();
  });

  it('has a case above for every code of the taxonomy', () => {
    expect([...seen].sort()).toEqual([...BREAK_CODES].sort());
  });

  it.each(recordings().map((r) => [r.file, r] as const))('%s: every call whose reads fall below the previous prompt has an attribution', async (_, recording) => {
    const account = await accountCache(parseCassette(readFileSync(cassetteFile(recording), 'utf8')));
    for (const [i, call] of account.requests.entries()) {
      const previous = account.requests.slice(0, i).findLast((r) => r.provider === call.provider && r.api === call.api);
      const fell = previous?.input !== undefined && call.cacheRead !== undefined && call.cacheRead < previous.input;
      if (fell) expect(call.break, `call #${call.index}`).toBeDefined();
      if (previous === undefined && call.url !== undefined) expect(call.break?.code).toBe(call.cacheRead! > 0 ? 'WARM_START' : 'COLD_START');
    }
  });
});
