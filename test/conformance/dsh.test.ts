import { beforeAll, describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { LOOP_HEADER_DISCIPLINE, LOOP_ONE_SHOT_ENVELOPE, LOOP_PREFIX_STABLE, LOOP_RECONSTRUCT, LOOP_WIRE_RECONSTRUCT } from '../../properties/loop.ts';
import { LEVELS, hasLevels, type ImplementationAt, type Level, type Scenario } from '../../src/conformance/index.ts';
import { deepSeekAdapter } from '../../src/conformance/dsh/deepseek-wire.ts';
import { dshImplementation } from '../../src/conformance/dsh/dsh-implementation.ts';
import { loadDshPackages } from '../../src/conformance/dsh/packages.ts';
import { codeOfDshMessage } from '../../src/conformance/dsh/refusal-codes.ts';
import { openImplementation } from '../../src/conformance/open-implementation.ts';
import { runSuite } from '../../src/suite/run-suite.ts';
import { ReconError } from '../../src/errors.ts';
import { loadJsonl } from '../../src/log/index.ts';
import { REFUSED_DSH_LOG, dshLogs } from '../helpers/corpora.ts';

let dsh: ImplementationAt<Level>;
beforeAll(async () => {
  const opened = await dshImplementation('dsh', process.cwd());
  if (!hasLevels(opened, LEVELS)) throw new Error(`the installed DSH lacks a level: ${opened.info.levels.join(', ')}`);
  dsh = opened;
});

/** The header a DSH rc.8 writer would have stored: an absolute cwd for the `{{cwd}}` placeholder, `delegationDepth` present. */
function completedHeader(text: string): string {
  const end = text.indexOf('\n');
  const header = JSON.parse(text.slice(0, end)) as Record<string, unknown>;
  if (typeof header['cwd'] === 'string') header['cwd'] = header['cwd'].replace('{{cwd}}', '/workspace');
  header['delegationDepth'] ??= 0;
  return JSON.stringify(header) + text.slice(end);
}

describe('the DSH adapter on the real DSH logs (corpora/dsh-logs)', () => {
  it('reads the headers as stored the way DSH rc.8 does: no delegationDepth, or the {{cwd}} placeholder, is refused', async () => {
    const verdicts = new Map<string, number>();
    for (const [name, text] of dshLogs()) {
      const header = JSON.parse(text.slice(0, text.indexOf('\n'))) as Record<string, unknown>;
      const expected =
        header['delegationDepth'] === undefined ? 'first line is not a session header' : typeof header['cwd'] === 'string' && header['cwd'].startsWith('{{') ? 'cwd must be an absolute path' : 'loads';
      const loaded = await dsh.load(text);
      expect(loaded.ok ? 'loads' : `${loaded.code} ${loaded.message}`, name).toMatch(expected === 'loads' ? /^loads$/ : new RegExp(`^SESSION_HEADER_INVALID .*${expected}`));
      verdicts.set(expected, (verdicts.get(expected) ?? 0) + 1);
    }
    expect(Object.fromEntries(verdicts)).toEqual({ 'first line is not a session header': 21, 'cwd must be an absolute path': 50, loads: 2 });
  });

  it('with the header completed, loads every log to the events the reference loads, and refuses the damaged one alike', async () => {
    for (const [name, stored] of dshLogs()) {
      const text = completedHeader(stored);
      const loaded = await dsh.load(text);
      if (name === REFUSED_DSH_LOG) {
        expect(loaded).toMatchObject({ ok: false, code: 'TORN_COMMITTED' });
        continue;
      }
      if (!loaded.ok) throw new Error(`${name}: ${loaded.message}`);
      // Upgraded legacy shapes included: both readers give pre-identity messages the same ids.
      expect(JSON.stringify(loaded.value.events), name).toBe(JSON.stringify(loadJsonl(text).log.events));
    }
  });
});

describe('the DSH adapter at the edges of DSH\'s types', () => {
  it('refuses a header field of another type as DSH does, and keeps the known fields in order', async () => {
    const [, text] = dshLogs().find(([name]) => name !== REFUSED_DSH_LOG)!;
    const completed = completedHeader(text);
    const end = completed.indexOf('\n');
    const header = JSON.parse(completed.slice(0, end)) as Record<string, unknown>;
    for (const [field, value] of [['cwd', 5], ['parentSession', true], ['seedLength', 'x'], ['agentPreset', ['a']]] as const) {
      const loaded = await dsh.load!(JSON.stringify({ ...header, [field]: value }) + completed.slice(end));
      expect(loaded, field).toMatchObject({ ok: false, code: 'SESSION_HEADER_INVALID' });
    }
    const loaded = await dsh.load!(JSON.stringify({ extra: 1, ...header, agentPreset: 'p' }) + completed.slice(end));
    if (!loaded.ok) throw new Error(loaded.message);
    expect(Object.keys(loaded.value.header)).toEqual(['type', 'version', 'id', 'createdAt', ...(header['cwd'] === undefined ? [] : ['cwd']), 'delegationDepth', 'agentPreset']);
  });

  it('builds the DeepSeek adapter only with a default effort its configuration names', async () => {
    const packages = await loadDshPackages('dsh', process.cwd());
    expect(() => deepSeekAdapter(packages, { reasoningEffort: 'medium' })).toThrow('takes a default reasoning effort of off, low, high, max, not "medium"');
    expect(deepSeekAdapter(packages, { reasoningEffort: 'low', maxTokens: 64 }).providerInfo('deepseek').id).toBe('deepseek');
  });

  it('passes an answer outside recon\'s types on to the properties as DSH gave it: a null reasoning count', async () => {
    const body = 'data: {"choices":[{"delta":{"content":"hi"},"finish_reason":"stop"}],"usage":{"prompt_tokens":3,"completion_tokens":1,"completion_tokens_details":{"reasoning_tokens":null}}}\n\ndata: [DONE]\n\n';
    const answer = await dsh.parseStream!('deepseek', body, []);
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.value.find((chunk) => chunk.type === 'usage')).toEqual({ type: 'usage', usage: { inputTokens: 3, outputTokens: 1, reasoningTokens: null } });
  });
});

describe('DSH refusal messages', () => {
  it('map to our codes by their documented wording, wrapped or not', () => {
    expect(codeOfDshMessage('stored session "s" failed validation: Error: seed user/message at index 3 lacks an identified message')).toBe('MESSAGE_SHAPE');
    expect(codeOfDshMessage('seed request/header at index 2 lacks provider/model')).toBe('REQUEST_HEADER_INVALID');
    expect(codeOfDshMessage('session "s" contains unsupported legacy request/header reason "fallback" at seq 4')).toBe('LEGACY_HEADER_REASON');
    expect(codeOfDshMessage('session event "request/header-delta" uses unsupported legacy request/header-delta format')).toBe('LEGACY_HEADER_DELTA');
    expect(codeOfDshMessage('invalid seed event at index 5: surface replace: start seq 9 not found in surface')).toBe('SURFACE_INVALID');
    expect(codeOfDshMessage('session "s" uses log format v2, but this harness reads only v0: the log was written by a newer harness — upgrade the harness to open it')).toBe('FORMAT_VERSION');
    expect(codeOfDshMessage('something DSH never said')).toBeUndefined();
  });
});

describe('the property suite on DSH, at a small budget', () => {
  it('passes the fold, request, wire and loop reconstruction properties', async () => {
    const only = ['FOLD-MATCHES-SPEC', 'FOLD-HEADER-LATEST', 'REQUEST-RECONSTRUCT', 'LOOP-RECONSTRUCT', 'LOOP-WIRE-RECONSTRUCT', 'LOOP-FROZEN'];
    const result = await runSuite(dsh, PROPERTIES, { runs: 10, seed: 3, only });
    expect(result.properties.map((p) => `${p.id} ${p.status} ${p.counterexample?.message ?? ''}`)).toEqual(only.map((id) => `${id} pass `));
  });

  it('fails WIRE-MATCHES-SPEC on a developer message, a role rc.8 does not know (its expectation)', async () => {
    const result = await runSuite(dsh, PROPERTIES, { runs: 10, seed: 3, only: ['WIRE-MATCHES-SPEC'] });
    const failure = result.properties[0]!;
    expect(failure.status).toBe('fail');
    expect(failure.counterexample?.message).toMatch(/must be refused with UNSUPPORTED_CONTENT/);
    expect(JSON.stringify(failure.counterexample?.input)).toMatch(/"role":"developer"/);
  });

  it('fails LOG-LOSSLESS-JSON: DSH restores a stored -0 instead of refusing it (finding F4)', async () => {
    const result = await runSuite(dsh, PROPERTIES, { runs: 5, seed: 3, only: ['LOG-LOSSLESS-JSON'] });
    expect(result.properties[0]!.status).toBe('fail');
    expect(result.properties[0]!.counterexample?.message).toMatch(/was accepted; it must be refused with NOT_LOSSLESS_JSON/);
  });
});

describe('a DSH loop scenario with a compaction that lands', () => {
  const words = (stem: string) => Array.from({ length: 120 }, (_, i) => `${stem}${i}`).join(' ');
  const scenario: Scenario = {
    scenario: 1,
    session: { id: 'dsh-compaction', createdAt: 1_700_000_000_000 },
    clock: { start: 1_700_000_000_000, step: 1 },
    route: { provider: 'deepseek', model: 'deepseek-chat' },
    defaults: { maxTokens: 8192, reasoningEffort: 'high' },
    system: 'Be terse.',
    tools: [{ name: 'run', description: 'Run a command.', parameters: { type: 'object', properties: { command: { type: 'string' } } } }],
    replies: [{ text: words('answer'), toolCalls: [{ name: 'run', arguments: '{"command":"ls"}' }] }, { text: words('more') }, { text: 'Short summary.' }, { text: 'after' }],
    actions: [{ do: 'prompt', text: words('question') }, { do: 'compact' }, { do: 'prompt', text: 'next' }, { do: 'restart' }, { do: 'prompt', text: 'last' }],
  };

  it('logs the summary one-shot and its replace, keeps the one-shot out of the loop requests, and every request rebuilds from the log', async () => {
    const run = await dsh.run(scenario);
    if (!run.ok) throw new Error(run.message);
    const events = loadJsonl(run.value.jsonl).log.events;
    expect(events.filter((e) => e.type === 'compaction/summary')).toHaveLength(1);
    expect(events.filter((e) => typeof e.surfaceOp === 'object')).toHaveLength(1);
    expect(run.value.requests).toHaveLength(4);
    expect(run.value.wire.every((w) => w.headers['x-deepseek-harness-compact'] === undefined)).toBe(true);
    for (const property of [LOOP_RECONSTRUCT, LOOP_WIRE_RECONSTRUCT, LOOP_PREFIX_STABLE, LOOP_HEADER_DISCIPLINE, LOOP_ONE_SHOT_ENVELOPE]) await property.check(dsh, scenario);
  });
});

describe('--impl dsh@<version>', () => {
  it('opens the installed version by its number, with every level, and refuses a version recon has no manifest for', async () => {
    expect((await openImplementation(`dsh@${dsh.info.version}`, { cwd: process.cwd() })).info).toMatchObject({ name: 'deepseek-harness', version: dsh.info.version, levels: ['log', 'fold', 'request', 'wire', 'loop'] });
    const error = await openImplementation('dsh@0.0.0-none', { cwd: process.cwd() }).catch((e: unknown) => e);
    expect(ReconError.is(error) && error.code).toBe('USAGE');
    expect((error as ReconError).message).toContain('no install manifest for dsh@0.0.0-none (known: 0.1.0-rc.6, 0.1.0-rc.7, 0.1.0-rc.8, 0.1.1-rc.2)');
  });
});
