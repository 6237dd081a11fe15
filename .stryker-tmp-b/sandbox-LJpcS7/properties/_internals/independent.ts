/**
 * An arbitrary drawn from a random stream of its own: it consumes nothing of the stream it
 * is handed, so whatever is drawn before or after it comes out as it did without it. A new
 * part of a generated input added this way leaves every earlier input unchanged for the
 * same seed (the cases that found a bug still find it).
 */
// @ts-nocheck

import fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';

class Independent<T> extends fc.Arbitrary<T> {
  constructor(readonly arbitrary: fc.Arbitrary<T>) {
    super();
  }

  override generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    // A seed hashed from the state the stream is in: a stream no other draw of the case reads.
    const state = mrng.getState() ?? [mrng.clone().nextInt(-0x80000000, 0x7fffffff)];
    let h = 0x2545f491;
    for (const n of state) h = Math.imul(h ^ n, 0x9e3779b1) ^ (h >>> 15);
    return this.arbitrary.generate(new fc.Random(xorshift128plus(h | 0)), biasFactor);
  }

  override canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value);
  }

  override shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arbitrary.shrink(value, context);
  }
}

export function independently<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return new Independent(arbitrary);
}
