// @ts-nocheck
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { MUTANTS } from '../../src/conformance/mutants/catalog.ts';
import { E2E_SCRIPT } from '../../src/e2e/conversation.ts';
import { runE2e } from '../../src/e2e/run-e2e.ts';
import { CREDENTIAL_HEADERS, dispatcherFetch, parseCassette, startSimulator, type Simulator } from '../../src/http/index.ts';
import { firstLine, runCli } from '../helpers/run-cli.ts';

const BIN = fileURLToPath(new URL('../../bin/recon.js', import.meta.url));
const temp = () => mkdtempSync(join(tmpdir(), 'recon-e2e-'));

interface Run {
  name: string;
  boundOf: string;
  requests: Array<{ input: number; cacheRead: number; cacheWrite: number | null; output: number; bound: number }>;
  rate: number;
  attainment: number;
  passed: boolean;
  problems: Array<{ code: string }>;
}

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

describe('recon e2e against the simulator', () => {
  it('passes for DeepSeek, the reference attains the bound and the clock mutant does not, in one command', async () => {
    sim = await startSimulator({ provider: 'deepseek', replies: E2E_SCRIPT });
    const dir = temp();
    const { code, stdout, stderr } = await runCli(['e2e', '--base-url', sim.url, '--mutant', 'clock-in-system-prompt', '--record', join(dir, 'ds.jsonl'), '--json'], {}, dir);
    expect([code, stderr]).toEqual([0, '']);
    const out = JSON.parse(stdout) as { simulated: boolean; passed: boolean; runs: Run[] };
    expect([out.simulated, out.passed]).toEqual([true, true]);
    const [reference, clock] = out.runs;
    expect([reference!.name, reference!.boundOf, reference!.passed, reference!.problems]).toEqual(['reference', 'own', true, []]);
    expect(reference!.requests).toHaveLength(E2E_SCRIPT.length);
    expect(reference!.requests.slice(1).every((r) => r.cacheRead > 0)).toBe(true);
    expect(reference!.requests.map((r) => r.cacheRead)).toEqual(reference!.requests.map((r) => r.bound));
    expect(reference!.attainment).toBe(1);
    expect([clock!.name, clock!.boundOf]).toEqual(['clock-in-system-prompt', 'reference']);
    expect(clock!.requests.map((r) => r.bound)).toEqual(reference!.requests.map((r) => r.bound));
    expect(clock!.attainment).toBeLessThanOrEqual(0.05);
    // Known bad: it reads a little on every call, so only the bound gives it away.
    expect(clock!.requests.slice(1).every((r) => r.cacheRead > 0)).toBe(true);
    expect([clock!.passed, clock!.problems.map((p) => p.code)]).toEqual([false, ['E2E_CACHE_BELOW_BOUND']]);
    const table = await runCli(['e2e', '--base-url', sim.url, '--mutant', 'clock-in-system-prompt', '--record', join(temp(), 'table.jsonl')], {}, dir);
    expect(table.stdout).toMatch(/^reference +5 .* yes$/m);
    expect(table.stdout).toMatch(/^clock-in-system-prompt +5 .* no$/m);
    expect(readdirSync(dir).sort()).toEqual(['ds.clock-in-system-prompt.jsonl', 'ds.jsonl']);
  });

  it('records a redacted cassette: no key, no credential header, and every response marked as the simulator\'s', async () => {
    sim = await startSimulator({ replies: E2E_SCRIPT });
    const dir = temp();
    const key = 'sk-recon-test-0123456789abcdefABCDEF';
    const { code, stdout } = await runCli(['e2e', '--provider', 'openai', '--base-url', `${sim.url}/v1`, '--record', 'c.jsonl'], { OPENAI_API_KEY: key }, dir);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^recon e2e · openai · gpt-4\.1-mini · http:\/\/127\.0\.0\.1:\d+\/v1 \(the recon simulator: a model of the provider, not the provider\)$/m);
    expect(stdout).toMatch(/^reference +5 +\d+ +\d+ +\d+\.\d% +100\.0% +yes$/m);
    const text = readFileSync(join(dir, 'c.jsonl'), 'utf8');
    expect(text).not.toContain(key);
    expect(text).not.toMatch(/sk-[A-Za-z0-9-]{8,}|Bearer /);
    const cassette = parseCassette(text);
    for (const { request, response } of cassette.interactions) {
      expect(Object.keys(request!.headers).filter((h) => CREDENTIAL_HEADERS.includes(h))).toEqual([]);
      expect(response.headers['x-recon-simulator']).toBe('model of openai');
    }
  });

  it('skips with one line and exit 0 when no key is set and no base URL is given', async () => {
    const dir = temp();
    const skipped = await runCli(['e2e'], {}, dir);
    expect([skipped.code, skipped.stdout, skipped.stderr]).toEqual([0, 'recon e2e: skipped: DEEPSEEK_API_KEY is not set, so the deepseek e2e did not run (set it, or point --base-url at `recon simulate`)\n', '']);
    expect(JSON.parse((await runCli(['e2e', '--provider', 'anthropic', '--json'], { ANTHROPIC_API_KEY: '' }, dir)).stdout)).toEqual({ skipped: expect.stringContaining('ANTHROPIC_API_KEY is not set') });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses mutants without a loop, an unknown provider, and a cassette that exists', async () => {
    const dir = temp();
    const logMutant = MUTANTS.find((m) => m.parts?.loop === undefined && m.parts?.session === undefined)!;
    expect((await runCli(['e2e', '--base-url', 'http://127.0.0.1:9', '--mutant', logMutant.name], {}, dir)).stderr).toContain(`mutant "${logMutant.name}" has no loop or fold of its own`);
    expect((await runCli(['e2e', '--provider', 'gemini'], {}, dir)).code).toBe(2);
    writeFileSync(join(dir, 'c.jsonl'), '');
    const taken = await runCli(['e2e', '--base-url', 'http://127.0.0.1:9', '--record', 'c.jsonl'], {}, dir);
    expect([taken.code, taken.stderr]).toEqual([2, expect.stringContaining('c.jsonl exists')]);
  });

  it('fails with E2E_TURN_FAILED when the server answers with errors', async () => {
    sim = await startSimulator({ replies: [{ finish: 'error', error: { message: 'overloaded', code: 'OVERLOADED' } }] });
    const dir = temp();
    const { code, stdout } = await runCli(['e2e', '--base-url', sim.url, '--record', 'c.jsonl', '--json'], {}, dir);
    const out = JSON.parse(stdout) as { passed: boolean; runs: Run[] };
    expect([code, out.passed]).toEqual([1, false]);
    expect(out.runs[0]!.problems.map((p) => p.code)).toEqual(['E2E_TURN_FAILED', 'E2E_TURN_FAILED', 'E2E_NO_CACHE_READ']);
  });
});

describe('the e2e cache check', () => {
  it('fails with E2E_NO_CACHE_READ for every request after the first when the cache forgets between calls', async () => {
    let clock = 0;
    // Each look at the clock is four hours later: every DeepSeek entry has expired before it can be read.
    sim = await startSimulator({ provider: 'deepseek', replies: E2E_SCRIPT, now: () => (clock += 4 * 3_600_000) });
    const agent = new Agent();
    try {
      const run = await runE2e({ provider: 'deepseek', model: 'deepseek-v4-flash', fetch: dispatcherFetch(agent), baseUrl: sim.url, cassette: join(temp(), 'c.jsonl'), sessionId: 'expired' });
      expect(run.account.requests.map((r) => r.cacheRead)).toEqual(E2E_SCRIPT.map(() => 0));
      expect(run.problems).toEqual(E2E_SCRIPT.slice(1).map((_, i) => ({ code: 'E2E_NO_CACHE_READ', message: `request ${i + 2} of ${E2E_SCRIPT.length} read 0 cached tokens` })));
    } finally {
      await agent.close();
    }
  });
});

describe('recon simulate', () => {
  it('serves the built-in e2e script out of the box, so recon e2e passes against it, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'simulate', '--provider', 'anthropic', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const line = await firstLine(child);
      const { url, provider, replies } = JSON.parse(line) as { url: string; provider: string; replies: number };
      expect([provider, replies]).toEqual(['anthropic', E2E_SCRIPT.length]);
      const { code, stdout } = await runCli(['e2e', '--provider', 'anthropic', '--base-url', `${url}/v1`, '--record', 'a.jsonl', '--json'], {}, temp());
      const out = JSON.parse(stdout) as { runs: Run[] };
      expect(code).toBe(0);
      expect(out.runs[0]!.requests).toHaveLength(E2E_SCRIPT.length);
      expect(out.runs[0]!.requests.slice(1).every((r) => r.cacheRead > 0 && r.cacheWrite! > 0)).toBe(true);
      expect(out.runs[0]!.attainment).toBe(1);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses an invalid scenario with its code', async () => {
    const dir = temp();
    writeFileSync(join(dir, 's.json'), '{"text":"not a list"}');
    const { code, stderr } = await runCli(['simulate', '--scenario', 's.json'], {}, dir);
    expect([code, stderr]).toEqual([3, 'recon simulate: s.json: SIMULATOR_SCENARIO: a scenario is a JSON list of scripted replies\n']);
  });
});
