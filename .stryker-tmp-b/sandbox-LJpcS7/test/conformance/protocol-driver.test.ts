// @ts-nocheck
import fc from 'fast-check';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { defineProperty, jsonCodec, type AnyProperty } from '../../properties/_internals/property.ts';
import { SCENARIO_FEATURES, referenceImplementation, type Implementation, type Scenario } from '../../src/conformance/index.ts';
import { MISBEHAVIOURS } from '../../src/conformance/mutants/misbehaviours.ts';
import { serveCommand, STDIO_MUTANTS } from '../../src/conformance/mutants/stdio-mutants.ts';
import { openImplementation } from '../../src/conformance/open-implementation.ts';
import { runSuite } from '../../src/suite/run-suite.ts';
import { runCli } from '../helpers/run-cli.ts';

const ROOT = join(import.meta.dirname, '../..');
const FAKE = join(import.meta.dirname, 'fixtures/fake-adapter.mjs');
const HEADER = '{"type":"session","version":0,"id":"s","createdAt":1}\n';
/** A conversation with a compaction: its log holds a surface replace, what the crashing mutant dies on. */
const COMPACTED: Scenario = {
  scenario: 1,
  session: { id: 's', createdAt: 1 },
  clock: { start: 1, step: 1 },
  route: { provider: 'deepseek', model: 'deepseek-chat' },
  defaults: {},
  system: '',
  tools: [],
  replies: [],
  actions: [{ do: 'prompt', text: 'hi' }, { do: 'compact' }],
};

const opened: Implementation[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((impl) => impl.close?.()));
});

async function open(command: string, options: { timeoutMs?: number; validateProtocol?: boolean } = {}): Promise<Implementation> {
  const impl = await openImplementation(`cmd:${command}`, { cwd: ROOT, ...options });
  opened.push(impl);
  return impl;
}

/** A property over one fixed input: nothing to shrink, so a failure is reported at once. */
function fixed(id: string, check: (impl: Implementation) => Promise<unknown>): AnyProperty {
  return defineProperty({ id, title: id, clause: '§test', levels: [], arbitrary: fc.constant(null), codec: jsonCodec(), check: async (impl) => void (await check(impl)) });
}

const loadsPlainLog = fixed('LOADS-PLAIN-LOG', async (impl) => expect(await impl.load!(HEADER)).toMatchObject({ ok: true }));

describe('the stdio driver against recon serve', () => {
  it('gives the verdicts of the in-process reference, frozen-object properties n/a, every message valid against the schema', async () => {
    const impl = await open(serveCommand(), { validateProtocol: true });
    expect(impl.info).toEqual({ name: 'reconstructable-reference', version: expect.any(String), language: 'typescript', levels: ['log', 'fold', 'request', 'wire', 'loop'], providers: ['deepseek', 'openai', 'anthropic'], scenarioFeatures: [...SCENARIO_FEATURES], operations: ['fork'] });
    const result = await runSuite(impl, PROPERTIES, { runs: 2, seed: 3 });
    const failed = result.properties.filter((p) => p.status === 'fail').map((p) => `${p.id}: ${p.counterexample?.message}`);
    expect(failed).toEqual([]);
    const na = result.properties.filter((p) => p.status === 'n/a').map((p) => p.id);
    expect(na).toEqual(PROPERTIES.filter((p) => p.inProcess === true).map((p) => p.id));
  });
});

describe('an implementation that does not answer', () => {
  it('is crashed when it exits; the driver restarts it and the next property runs', async () => {
    const run = await referenceImplementation().run(COMPACTED);
    const withReplace = run.ok ? run.value.jsonl : '';
    const impl = await open(serveCommand('crash'));
    const result = await runSuite(impl, [fixed('LOADS-REPLACE', (i) => i.load!(withReplace)), loadsPlainLog], { runs: 1, seed: 1 });
    expect(result.properties.map((p) => p.status)).toEqual(['fail', 'pass']);
    expect(result.properties[0]!.counterexample).toMatchObject({ kind: 'crashed', message: expect.stringMatching(/exited \(code 70\) while answering log\/load/) });
  });

  it('is timed-out when it hangs, killed and restarted', async () => {
    const impl = await open(serveCommand('hang'), { timeoutMs: 300 });
    const body = 'data: [DONE]\n\n';
    const result = await runSuite(impl, [fixed('PARSES-IN-PIECES', (i) => i.parseStream!('deepseek', body, [3])), fixed('PARSES-WHOLE', async (i) => expect(await i.parseStream!('deepseek', body, [])).toMatchObject({ ok: true }))], { runs: 1, seed: 1 });
    expect(result.properties.map((p) => p.status)).toEqual(['fail', 'pass']);
    expect(result.properties[0]!.counterexample).toMatchObject({ kind: 'timed-out', message: expect.stringContaining('no answer to wire/parseStream within 300 ms') });
  });

  it('is a protocol error when it writes something other than JSON-RPC on stdout', async () => {
    const impl = await open(serveCommand('malformed'));
    const result = await runSuite(impl, [fixed('BUILDS', (i) => i.buildRequest!(HEADER, [])), loadsPlainLog], { runs: 1, seed: 1 });
    expect(result.properties.map((p) => p.status)).toEqual(['fail', 'pass']);
    expect(result.properties[0]!.counterexample).toMatchObject({ kind: 'protocol-error', message: expect.stringContaining('not JSON on stdout') });
  });

  it('catches, with --validate-protocol only, a result the schema forbids', async () => {
    const lenient = await open(`node ${FAKE} bad-event`);
    // Interface v1, with the operations of the one level its handshake declares and no others.
    expect(lenient.interfaceVersion).toBe('v1');
    expect(Object.keys(lenient).filter((key) => typeof Reflect.get(lenient, key) === 'function').toSorted()).toEqual(['append', 'close', 'load']);
    expect(await lenient.load!(HEADER)).toMatchObject({ ok: true });
    const strict = await open(`node ${FAKE} bad-event`, { validateProtocol: true });
    await expect(strict.load!(HEADER)).rejects.toMatchObject({ code: 'PROTOCOL_ERROR', message: expect.stringContaining('/value/events/0/seq must be >= 0') });
  });

  it('the stdio mutants are registered as stdio mutants with their bug in words', () => {
    expect(STDIO_MUTANTS.map((m) => [m.name, m.runs, m.description])).toEqual([
      ['exits-on-replace', 'stdio', MISBEHAVIOURS.crash],
      ['hangs-on-split-stream', 'stdio', MISBEHAVIOURS.hang],
      ['debug-print-on-stdout', 'stdio', MISBEHAVIOURS.malformed],
    ]);
    for (const m of STDIO_MUTANTS) expect(m.description.length).toBeGreaterThan(30);
  });
});

describe('recon check --impl cmd:', () => {
  it('exits 3 when the command cannot start, fails its handshake, or speaks another protocol version', async () => {
    for (const [command, says] of [
      ['exit 4', 'exited (code 4)'],
      ['echo hello', 'not JSON'],
      [`node ${FAKE} version-2`, 'protocol version 2'],
    ] as const) {
      const { code, stderr } = await runCli(['check', '--impl', `cmd:${command}`, '--runs', '1'], {}, ROOT);
      expect(code).toBe(3);
      expect(stderr).toContain('IMPL_UNAVAILABLE');
      expect(stderr).toContain(says);
    }
  });
});
