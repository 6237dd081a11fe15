// @ts-nocheck
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { describe, expect, it } from 'vitest';
import { runLiveE2e } from '../../src/e2e/live-e2e.ts';
import { dispatcherFetch, parseCassette } from '../../src/http/index.ts';
import { runCli } from '../helpers/run-cli.ts';
import { unloggedReminderClient } from '../helpers/unlogged-reminder.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'recon-live-e2e-'));

describe('recon e2e --impl, against the simulator', () => {
  it('dsh: every observed body equals its rebuild from DSH’s log, reads after the first > 0, attainment ≥ 0.99', async () => {
    const dir = temp();
    const file = join(dir, 'dsh.jsonl');
    const { code, stdout, stderr } = await runCli(['e2e', '--impl', 'dsh', '--record', file, '--json'], {}, process.cwd());
    expect([code, stderr]).toEqual([0, '']);
    const out = JSON.parse(stdout) as { impl: { name: string }; simulated: boolean; upstream: string; observed: number; rebuilt: number; attainment: number; requests: Array<{ cacheRead: number }>; passed: boolean; problems: unknown[] };
    expect(out.impl.name).toBe('deepseek-harness');
    expect([out.simulated, out.upstream, out.passed, out.problems]).toEqual([true, 'the recon simulator', true, []]);
    expect(out.observed).toBe(5);
    expect(out.rebuilt).toBe(out.observed);
    expect(out.requests.slice(1).every((r) => r.cacheRead > 0)).toBe(true);
    expect(out.attainment).toBeGreaterThanOrEqual(0.99);
    // The proxy's cassette is on disk, one interaction per observed request.
    expect(parseCassette(readFileSync(file, 'utf8')).interactions).toHaveLength(5);
  });

  it('says so when the conversation ran against the simulator, and refuses an implementation without liveModel', async () => {
    const dir = temp();
    const human = await runCli(['e2e', '--impl', 'reference', '--record', join(dir, 'ref.jsonl')], {}, process.cwd());
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('no DEEPSEEK_API_KEY, so the recon simulator: a model of the provider, not the provider');
    expect(human.stdout).toContain('all 5 loop requests equal, byte for byte');
    const python = await runCli(['e2e', '--impl', 'cmd:python3 examples/python-adapter/adapter.py', '--record', join(dir, 'py.jsonl')], {}, process.cwd());
    expect([python.code, python.stderr]).toEqual([2, expect.stringContaining('does not declare the scenario feature liveModel')]);
  });

  it('a client that adds an unlogged block fails with E2E_WIRE_MISMATCH', async () => {
    const agent = new Agent();
    try {
      const run = await runLiveE2e({ impl: await unloggedReminderClient(), model: 'deepseek-v4-flash', fetch: dispatcherFetch(agent), cassette: join(temp(), 'liar.jsonl'), sessionId: 'e2e-liar', createdAt: 0 });
      expect(run.rebuilt).toBeUndefined();
      expect(run.problems.map((p) => p.code)).toContain('E2E_WIRE_MISMATCH');
    } finally {
      await agent.close();
    }
  });
});
