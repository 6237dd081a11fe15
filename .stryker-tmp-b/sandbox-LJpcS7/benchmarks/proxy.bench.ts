/**
 * What `recon proxy` costs a harness: the time to the first byte of a streamed reply, asked
 * of the simulator directly and through the proxy. The proxy forwards each chunk as it
 * arrives, so the difference is one loopback hop, not the length of the reply.
 */
// @ts-nocheck

import { Agent } from 'undici';
import { E2E_SCRIPT } from '../src/e2e/conversation.ts';
import { dispatcherFetch, startProxy, startSimulator } from '../src/http/index.ts';
import { measure, type BenchResult, type Profile } from './_internals/measure.ts';

const BODY = JSON.stringify({
  model: 'deepseek-chat',
  stream: true,
  messages: [
    { role: 'system', content: 'You are a careful coding agent. '.repeat(40) },
    { role: 'user', content: 'Read the build log.' },
  ],
});

export async function proxyBenchmarks(profile: Profile): Promise<BenchResult[]> {
  const simulator = await startSimulator({ provider: 'deepseek', replies: E2E_SCRIPT });
  const agent = new Agent();
  const fetch = dispatcherFetch(agent);
  const proxy = await startProxy({ provider: 'deepseek', upstream: simulator.url, fetch });
  const firstByte = (base: string) => async () => {
    const response = await fetch(`${base}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
  };
  try {
    return await measure({ ...profile, iterations: Math.max(5, profile.iterations) }, [
      { id: 'proxy/direct', fn: firstByte(simulator.url) },
      { id: 'proxy/proxied', fn: firstByte(proxy.url) },
    ]);
  } finally {
    await proxy.close();
    await agent.close();
    await simulator.close();
  }
}
