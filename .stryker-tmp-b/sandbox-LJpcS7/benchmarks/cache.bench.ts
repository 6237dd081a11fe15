/**
 * Cache reads: the read rate and the attainment of the bound for the reference loop and
 * the naive loop (the clock-in-system-prompt mutant) through the DeepSeek simulator, on
 * the e2e conversation. Deterministic: the simulator is a model, not a measurement.
 */
// @ts-nocheck

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { compareRuns } from '../src/e2e/compare-runs.ts';
import { E2E_MODELS, E2E_SCRIPT } from '../src/e2e/conversation.ts';
import { dispatcherFetch, startSimulator } from '../src/http/index.ts';

const NAIVE_MUTANT = 'clock-in-system-prompt';

/** One loop's cache reads over a conversation (simulated here, or from a recorded cassette). */
export interface CacheRun {
  readonly label: string;
  readonly requests: number;
  readonly rate: number | null;
  readonly attainment: number | null;
}

export async function simulatedCache(): Promise<{ readonly reference: CacheRun; readonly naive: CacheRun }> {
  const simulator = await startSimulator({ provider: 'deepseek', replies: E2E_SCRIPT });
  const dir = mkdtempSync(join(tmpdir(), 'recon-bench-cache-'));
  const agent = new Agent();
  try {
    const { runs } = await compareRuns({
      provider: 'deepseek',
      model: E2E_MODELS.deepseek,
      fetch: dispatcherFetch(agent),
      baseUrl: simulator.url,
      cassettes: [join(dir, 'reference.jsonl'), join(dir, 'naive.jsonl')],
      session: (run) => `bench-${String(run).padStart(2, '0')}`,
      mutants: [NAIVE_MUTANT],
    });
    const [reference, naive] = runs.map((run) => ({ label: `simulator/deepseek ${run.name}`, requests: run.requests.length, rate: run.rate, attainment: run.attainment }));
    return { reference: reference!, naive: naive! };
  } finally {
    await agent.close();
    await simulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
