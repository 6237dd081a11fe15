// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { canonicalHeader, foldRequestHeader, headerEquals, reconstructRequest, requestBoundaries } from '../../src/fold/index.ts';
import { loadJsonl, type EpochHeader, type SessionEvent } from '../../src/log/index.ts';
import { richLog } from '../helpers/log-builder.ts';

const tool = (name: string, description = 'd') => ({ name, description, parameters: { type: 'object' } });
const base: EpochHeader = { config: { provider: 'deepseek', model: 'deepseek-chat' } };

describe('canonicalHeader (spec §3.3)', () => {
  it('drops empty adapterDefaults, an empty system and empty tools, and keeps config as it is', () => {
    const config = { provider: 'p', model: 'm', stop: [] as string[] };
    expect(canonicalHeader({ config, adapterDefaults: {}, system: '', tools: [] })).toEqual({ config });
    expect(canonicalHeader({ config, adapterDefaults: {}, system: '', tools: [] }).config).toBe(config);
    const full = { config, adapterDefaults: { maxTokens: true as const }, system: 's', tools: [tool('a')] };
    expect(Object.keys(canonicalHeader(full))).toEqual(['config', 'adapterDefaults', 'system', 'tools']);
  });

  it('is idempotent', () => {
    const header = { ...base, adapterDefaults: {}, system: 'x', tools: [tool('a')] };
    expect(canonicalHeader(canonicalHeader(header))).toEqual(canonicalHeader(header));
  });
});

describe('headerEquals (spec §3.5)', () => {
  it('treats reordered tools and a changed description as a change, absent and empty tools as equal', () => {
    const a = { ...base, tools: [tool('a'), tool('b')] };
    expect(headerEquals(a, { ...base, tools: [tool('b'), tool('a')] })).toBe(false);
    expect(headerEquals(a, { ...base, tools: [tool('a'), tool('b', 'other')] })).toBe(false);
    expect(headerEquals(base, { ...base, tools: [] })).toBe(true);
  });

  it('compares tools as JSON text, so reordered schema keys are a change', () => {
    const x = { name: 'a', description: 'd', parameters: { type: 'object', properties: {} } };
    const y = { description: 'd', name: 'a', parameters: { type: 'object', properties: {} } };
    expect(headerEquals({ ...base, tools: [x] }, { ...base, tools: [y] })).toBe(false);
  });

  it('separates a marked from an unmarked maxTokens, and absent stop from an empty one', () => {
    const config = { ...base.config, maxTokens: 100 };
    expect(headerEquals({ config }, { config, adapterDefaults: { maxTokens: true } })).toBe(false);
    expect(headerEquals({ config: { ...config, stop: [] } }, { config })).toBe(false);
    expect(headerEquals({ config: { ...config, stop: ['x'] } }, { config: { ...config, stop: ['x'] } })).toBe(true);
  });

  it('compares every config field and the system prompt', () => {
    for (const change of [{ provider: 'q' }, { model: 'n' }, { reasoningEffort: 'max' }, { temperature: 0.5 }, { maxTokens: 1 }]) {
      expect(headerEquals(base, { config: { ...base.config, ...change } })).toBe(false);
    }
    expect(headerEquals({ ...base, system: 'a' }, { ...base, system: 'b' })).toBe(false);
    expect(headerEquals(undefined, undefined)).toBe(true);
    expect(headerEquals(undefined, base)).toBe(false);
  });
});

describe('foldRequestHeader (spec §3.4)', () => {
  it('returns the latest snapshot in canonical form, else the baseline', () => {
    const log = richLog();
    const folded = foldRequestHeader(log.events);
    expect(folded?.system).toBe('You are a careful agent. Be brief.');
    expect(Object.isFrozen(folded)).toBe(true);
    expect(foldRequestHeader([], base)).toBe(base);
    expect(foldRequestHeader(log.events.slice(0, 3))).toBeUndefined();
  });

  it('keeps the session prefix of the session-prefix era: empty is absent, and a different prefix is another header', () => {
    const prefix = [{ id: 'p0', role: 'user' as const, content: [{ type: 'text' as const, text: 'reminder' }], source: { kind: 'session-prefix' } }];
    const events = [{ type: 'request/header', seq: 0, time: 0, data: { header: { ...base, messagePrefix: prefix }, reason: 'initial' } }];
    expect(foldRequestHeader(events as unknown as SessionEvent[])).toEqual({ ...base, messagePrefix: prefix });
    expect(canonicalHeader({ ...base, messagePrefix: [] })).toEqual(base);
    expect(headerEquals({ ...base, messagePrefix: [] }, base)).toBe(true);
    expect(headerEquals({ ...base, messagePrefix: prefix }, base)).toBe(false);
    const other = [{ ...prefix[0]!, content: [{ type: 'text' as const, text: 'another reminder' }] }];
    expect(headerEquals({ ...base, messagePrefix: prefix }, { ...base, messagePrefix: other })).toBe(false);
  });

  it('keeps a scrubbed placeholder where the tools were, instead of rebuilding a request without tools', () => {
    const header = { ...base, tools: '{{tools}}' } as unknown as EpochHeader;
    expect(canonicalHeader(header)).toEqual(header);
    expect(headerEquals(header, base)).toBe(false);
    expect(headerEquals(header, { ...header })).toBe(true);
  });
});

describe('request reconstruction', () => {
  it('finds one boundary per dispatched attempt and rebuilds each request from the prefix', () => {
    const log = richLog();
    const boundaries = requestBoundaries(log.events);
    expect(boundaries.map((b) => `${b.turn}.${b.step}`)).toEqual(['1.1', '1.2', '2.1']);
    const first = reconstructRequest(log.events, boundaries[0]!.seq, log.header.id)!;
    expect(Object.keys(first)).toEqual(['provider', 'model', 'reasoningEffort', 'maxTokens', 'messages', 'system', 'tools', 'sessionId']);
    expect(first.messages.map((m) => m.id)).toEqual(['u1']);
    const last = reconstructRequest(log.events, boundaries[2]!.seq, log.header.id)!;
    expect(last.messages.map((m) => m.id)).toEqual(['s1', 'u2']);
    expect(last.system).toBe('You are a careful agent. Be brief.');
  });

  it('counts a retried attempt as its own request', () => {
    const text = loadJsonl(
      [
        '{"type":"session","version":0,"id":"s","createdAt":1}',
        '{"type":"step/start","seq":0,"time":1,"data":{"turn":1,"step":1}}',
        '{"type":"assistant/chunk","seq":1,"time":1,"data":{"turn":1,"step":1,"chunk":{"type":"finish","reason":{"kind":"error"}}}}',
        '{"type":"llm/retry-started","seq":2,"time":1,"data":{"retryId":"r","turn":1,"step":1,"retry":1}}',
        '{"type":"assistant/chunk","seq":3,"time":1,"data":{"turn":1,"step":1,"chunk":{"type":"finish","reason":{"kind":"stop"}}}}',
        '',
      ].join('\n'),
    );
    expect(requestBoundaries(text.log.events).map((b) => [b.seq, b.attempt])).toEqual([
      [1, 0],
      [3, 1],
    ]);
  });
});
