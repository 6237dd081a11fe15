import fc from 'fast-check';
import { scenario, scenarioLabels } from '../properties/arbitraries/scenario.ts';
const n = 5000;
const counts = new Map<string, number>();
for (const s of fc.sample(scenario, { numRuns: n, seed: 7 })) for (const [k, v] of Object.entries(scenarioLabels(s))) counts.set(k, (counts.get(k) ?? 0) + (v ? 1 : 0));
const floors: Record<string, number> = {};
const none: string[] = [];
for (const [k, v] of [...counts].sort()) {
  const share = v / n;
  if (share >= 0.35) floors[k] = 0.05;
  else if (share >= 0.25) floors[k] = 0.02;
  else none.push(`${k} ${(share * 100).toFixed(0)}%`);
}
console.log(JSON.stringify(floors));
console.log('no floor:', none.join(', '));
