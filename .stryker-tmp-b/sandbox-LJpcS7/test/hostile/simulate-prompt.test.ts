/** The simulator counts a prompt of one 5 MB "word" (no stack overflow) and answers it. */
// @ts-nocheck

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../src/http/simulator/server.ts';

let simulator: Simulator;
beforeAll(async () => (simulator = await startSimulator({ provider: 'deepseek' })));
afterAll(() => simulator.close());

describe('simulate with a huge prompt', () => {
  it('answers a 5 MB one-word prompt with its usage', async () => {
    const body = JSON.stringify({ model: 'deepseek-chat', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'a'.repeat(5_000_000) }] });
    const response = await fetch(`${simulator.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(200);
    expect(text).not.toMatch(/call stack/);
    const prompt = /"prompt_tokens":(\d+)/.exec(text);
    // One token per eight letters of a run, as the tokenizer counts shorter runs of "a".
    expect(Number(prompt?.[1])).toBeGreaterThan(600_000);
  }, 120_000);
});
