/**
 * The log generators reach every value class the spec allows. The floors of a 100-case run
 * guard the common labels; here many cases show that the rare ones (one text class in one
 * field, one older shape, one usage field absent, one boundary kind, one damage on one side
 * of the last turn/end) are drawn at all.
 */
// @ts-nocheck

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAMAGE_KINDS, damagesOf } from '../../properties/arbitraries/invalid-log.ts';
import { LEGACY_SHAPES, buildLog, logPlan, logPlanOf, type GeneratedLog } from '../../properties/arbitraries/session-log.ts';
import { TEXT_CLASSES } from '../../properties/arbitraries/text.ts';
import { logLabels } from '../../properties/_internals/codecs.ts';
import { loadJsonl } from '../../src/log/index.ts';

const FIELDS = ['system', 'user', 'reply', 'reasoning', 'arguments', 'tool output', 'tool name'];
const LOGS: GeneratedLog[] = fc.sample(logPlan, { numRuns: 400, seed: 1130 }).map((plan) => buildLog(plan));

/** How many of the sample logs carry each label. */
function counts(): Map<string, number> {
  const seen = new Map<string, number>();
  for (const log of LOGS) for (const [label, on] of Object.entries(logLabels(log))) if (on) seen.set(label, (seen.get(label) ?? 0) + 1);
  return seen;
}

describe('the valid-log generator', () => {
  const seen = counts();

  it('puts every text class in every free-text field', () => {
    const missing = FIELDS.flatMap((field) => TEXT_CLASSES.filter((c) => c !== 'plain').map((c) => `${field}: ${c}`)).filter((label) => !seen.has(label));
    expect(missing).toEqual([]);
  });

  it('stores every older shape the loader upgrades, usage with and without each optional field, every boundary kind, tool names on the first delta only, and empty tool and stop lists', () => {
    const labels = [
      ...LEGACY_SHAPES.map((shape) => `legacy: ${shape}`),
      ...['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'].flatMap((key) => [`usage with ${key}`, `usage without ${key}`]),
      ...['retry', 'error finish', 'unstreamed', 'unrecorded'].map((kind) => `boundary: ${kind}`),
      'open last turn',
      'empty reply',
      'tool named on the first delta only',
      'tools cleared',
      'stop empty',
      'stop set',
    ];
    expect(labels.filter((label) => !seen.has(label))).toEqual([]);
  });

  it('writes older shapes that load to exactly the events it expects (the upgrade oracle is the generator, not the loader)', () => {
    const old = LOGS.filter((log) => log.stored !== undefined).slice(0, 40);
    expect(old.length).toBe(40);
    for (const log of old) {
      // The file holds the older form of at least one event, and loads to the current form the generator expects.
      const older = log.stored!.find((event, i) => JSON.stringify(event) !== JSON.stringify(log.events[i]));
      expect(log.jsonl).toContain(JSON.stringify(older));
      expect(JSON.stringify(loadJsonl(log.jsonl).log.events)).toBe(JSON.stringify(log.events));
    }
  });
});

describe('the damage generator', () => {
  it('places every kind of damage on both sides of the last turn/end', () => {
    const seen = new Set<string>();
    for (const [plan, pick] of fc.sample(fc.tuple(logPlanOf(2), fc.nat()), { numRuns: 60, seed: 1130 })) {
      for (const damage of damagesOf(buildLog({ ...plan, openTail: plan.openTail ?? 'go on' }), pick)) seen.add(`${damage.kind} ${damage.place}`);
    }
    const all = DAMAGE_KINDS.flatMap((kind) => [`${kind} committed`, `${kind} tail`]);
    expect(all.filter((label) => !seen.has(label))).toEqual([]);
  });
});
