// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { describeDifference, firstDifference, sharedLength } from '../src/first-difference.ts';

describe('the byte diff', () => {
  it('finds the first differing byte of texts (as UTF-8) and of bytes alike', () => {
    expect(firstDifference('aé-x', 'aé-y')).toEqual({ offset: 4, expected: 'aé-x', actual: 'aé-y' });
    expect(firstDifference(Buffer.from('aé-x'), Buffer.from('aé-y'))?.offset).toBe(4);
    expect(firstDifference('same', 'same')).toBeUndefined();
    expect(firstDifference(Buffer.from('same'), Buffer.from('same'))).toBeUndefined();
  });

  it('gives the shorter length when one is a prefix of the other, and cuts the context', () => {
    expect(firstDifference('abc', 'abcdef', 1)).toEqual({ offset: 3, expected: 'c', actual: 'cd' });
  });

  it('tells two texts apart that encode to the same bytes', () => {
    expect(firstDifference('\ud800', '\udc00')).toBeDefined();
  });

  it('counts shared leading elements of any sequence, and describes a difference in three lines', () => {
    expect(sharedLength(['a', 'b', 'c'], ['a', 'b', 'x'])).toBe(2);
    expect(describeDifference({ offset: 2, expected: 'ab', actual: 'ac' }, ['rebuilt', 'sent']).split('\n')).toEqual(['first difference at byte 2:', '  rebuilt …"ab"…', '  sent    …"ac"…']);
  });
});
