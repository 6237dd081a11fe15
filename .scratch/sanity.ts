import { runScenario } from '../src/conformance/index.ts';
import type { Scenario } from '../src/conformance/index.ts';
const s: Scenario = {
  scenario: 1, session: { id: 's', createdAt: 0 }, clock: { start: 0, step: 1 }, route: { provider: 'deepseek', model: 'deepseek-chat' }, defaults: {},
  system: 'sys', tools: [{ name: 'run', description: 'd', parameters: {} }], maxRetries: 1,
  replies: [
    { finish: 'error' },
    { text: 'retried', toolCalls: [{ name: 'run', arguments: '{"a": 1}', output: { content: [{ type: 'text', text: ' x ' }, { type: 'text', text: 'y' }], isError: true } }] },
    { text: 'whole', whole: true },
    { text: 'crashes here', chunkSize: 2 },
    { text: 'after' },
  ],
  actions: [
    { do: 'prompt', text: 'go', change: { duringRequest: 2, action: { do: 'setSystem', text: 'sys 2' } } },
    { do: 'prompt', text: 'again', crash: { duringRequest: 1 } },
    { do: 'prompt', text: 'last' },
  ],
};
const run = await runScenario(s);
for (const line of run.jsonl.split('\n').slice(1)) if (line) { const e = JSON.parse(line); console.log(e.seq, e.type, JSON.stringify(e.data).slice(0, 110), e.sourceEventSeqs ? JSON.stringify(e.sourceEventSeqs) : ''); }
console.log('requests', run.requests.length);
