import fc from 'fast-check';
import { scenario, scenarioLabels } from '/work/wt/loop-contract/properties/arbitraries/scenario.ts';
const n = 3000;
const counts = new Map<string, number>();
let size = 0;
for (const s of fc.sample(scenario, { numRuns: n, seed: 42 })) {
  size += JSON.stringify(s).length;
  for (const [k, v] of Object.entries(scenarioLabels(s))) if (v) counts.set(k, (counts.get(k) ?? 0) + 1);
}
console.log('avg json size', Math.round(size / n));
for (const [k, v] of [...counts].sort((a, b) => a[1] - b[1])) console.log((100 * v / n).toFixed(1).padStart(6), k);
