/**
 * An arbitrary drawn from a random stream of its own: it consumes nothing of the stream it
 * is handed, so whatever is drawn before or after it comes out as it did without it. A new
 * part of a generated input added this way leaves every earlier input unchanged for the
 * same seed (the cases that found a bug still find it).
 *
 * Its stream is seeded from the handed stream's state and its own name: two independents
 * drawn at one state (neighbours in one record or tuple) would otherwise read one stream.
 */
import fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';

function mix(h: number, n: number): number {
  return Math.imul(h ^ n, 0x9e3779b1) ^ (h >>> 15);
}

class Independent<T> extends fc.Arbitrary<T> {
  private readonly salt: number;

  constructor(
    name: string,
    readonly arbitrary: fc.Arbitrary<T>,
  ) {
    super();
    let h = 0x2545f491;
    for (let i = 0; i < name.length; i++) h = mix(h, name.charCodeAt(i));
    this.salt = h;
  }

  override generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const state = mrng.getState() ?? [mrng.clone().nextInt(-0x80000000, 0x7fffffff)];
    let h = this.salt;
    for (const n of state) h = mix(h, n);
    return this.arbitrary.generate(new fc.Random(xorshift128plus(h | 0)), biasFactor);
  }

  override canShrinkWithoutContext(value: unknown): value is T {
    return this.arbitrary.canShrinkWithoutContext(value);
  }

  override shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arbitrary.shrink(value, context);
  }
}

/** `arbitrary` drawn from a stream of its own; `name` tells it apart from other independents drawn at the same place. */
export function independently<T>(name: string, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return new Independent(name, arbitrary);
}
