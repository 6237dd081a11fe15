import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { independently } from '../../properties/_internals/independent.ts';

describe('independently', () => {
  it('leaves what is drawn around it as it was without it', () => {
    const without = fc.sample(fc.tuple(fc.nat(), fc.nat()), { seed: 7, numRuns: 20 });
    const within = fc.sample(fc.tuple(fc.nat(), independently('x', fc.nat()), fc.nat()), { seed: 7, numRuns: 20 });
    expect(within.map(([a, , b]) => [a, b])).toEqual(without);
  });

  it('gives neighbours drawn at one place streams of their own', () => {
    const drawn = fc.sample(fc.record({ a: fc.nat(), x: independently('x', fc.nat(1000)), y: independently('y', fc.nat(1000)) }), { seed: 3, numRuns: 20 });
    expect(drawn.filter((d) => d.x === d.y).length).toBeLessThan(3);
  });

  it('draws one name at one place alike (a case replays)', () => {
    const once = fc.sample(independently('x', fc.nat()), { seed: 5, numRuns: 10 });
    expect(fc.sample(independently('x', fc.nat()), { seed: 5, numRuns: 10 })).toEqual(once);
  });
});
