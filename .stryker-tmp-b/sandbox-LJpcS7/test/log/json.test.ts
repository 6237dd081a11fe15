// @ts-nocheck
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ReconError } from '../../src/errors.ts';
import { adoptParsedJson, snapshotJson } from '../../src/log/index.ts';

function rejection(value: unknown): string {
  try {
    snapshotJson(value);
  } catch (error) {
    if (ReconError.is(error) && error.code === 'NOT_LOSSLESS_JSON') return error.detail;
    throw error;
  }
  throw new Error('accepted');
}

describe('lossless JSON (spec §1.4)', () => {
  it('accepts null, booleans, strings, finite numbers, dense arrays and plain objects', () => {
    const value = { a: null, b: true, c: 'x', d: 1.5, e: [1, [2]], f: Object.assign(Object.create(null), { g: 0 }) };
    expect(snapshotJson(value)).toEqual(value);
  });

  it.each([
    ['-0', { n: -0 }, 'data.n is -0'],
    ['NaN', [NaN], 'data[0] is NaN'],
    ['Infinity', { x: { y: Infinity } }, 'data.x.y is Infinity'],
    ['an undefined property', { a: undefined }, 'data.a is undefined'],
    ['a bigint', { a: 1n }, 'data.a is a bigint'],
    ['a function', { a: () => 1 }, 'data.a is a function'],
    ['a symbol value', { a: Symbol('s') }, 'data.a is a symbol'],
    ['a sparse array', [1, , 3], 'data is a sparse'],
    ['a decorated array', Object.assign([1, 2], { extra: true }), 'data is a sparse or decorated array'],
    ['a Map', { m: new Map() }, 'data.m is a Map'],
    ['a Date', { d: new Date(0) }, 'data.d is a Date'],
    ['a class instance', { c: new (class Point {})() }, 'data.c is a Point'],
    ['an array subclass', new (class List extends Array {})(), 'data is an array subclass'],
    ['a symbol key', { [Symbol('k')]: 1 }, 'has a symbol key'],
    ['a non-enumerable key', Object.defineProperty({}, 'hidden', { value: 1, enumerable: false }), 'has a non-enumerable key "hidden"'],
  ])('rejects %s and names where it is', (_name, value, detail) => {
    expect(rejection(value)).toContain(detail);
  });

  it('rejects a cycle but copies a shared acyclic reference twice', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = { back: cyclic };
    expect(rejection(cyclic)).toContain('data.self.back is a cycle');
    const shared = { x: 1 };
    const copy = snapshotJson({ a: shared, b: shared }) as { a: object; b: object };
    expect(copy.a).toEqual(shared);
    expect(copy.a).not.toBe(shared);
    expect(copy.a).not.toBe(copy.b);
  });

  it('ignores toJSON, reads each getter once, and lets a getter throw', () => {
    let reads = 0;
    const value = {
      toJSON: 'kept as data',
      get g() {
        reads++;
        return 'read';
      },
    };
    expect(snapshotJson(value)).toEqual({ toJSON: 'kept as data', g: 'read' });
    expect(reads).toBe(1);
    const throwing = {
      get boom(): never {
        throw new Error('getter failed');
      },
    };
    expect(() => snapshotJson(throwing)).toThrow('getter failed');
  });

  it('keeps a __proto__ key as ordinary data and does not set the prototype', () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true}}') as object;
    const copy = snapshotJson(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true}}');
  });

  it('accepts plain objects and arrays from another realm', () => {
    const foreign = vm.runInNewContext('({ list: [1, 2], nested: { ok: true } })') as unknown;
    expect(JSON.stringify(snapshotJson(foreign))).toBe('{"list":[1,2],"nested":{"ok":true}}');
  });

  it('walks values nested deeper than the call stack allows', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(() => snapshotJson(deep)).not.toThrow();
    const text = '['.repeat(5000) + '-0' + ']'.repeat(5000);
    expect(() => adoptParsedJson(JSON.parse(text))).toThrow(/NOT_LOSSLESS_JSON: data(\[0\]){5000} is -0/);
  });

  it('adopts parsed JSON in place: freezes it and refuses -0 and overflowed numbers', () => {
    const value = JSON.parse('{"a":[{"b":1}]}') as { a: Array<{ b: number }> };
    adoptParsedJson(value);
    expect([value, value.a, value.a[0]].every((part) => Object.isFrozen(part))).toBe(true);
    expect(() => adoptParsedJson(JSON.parse('{"a":[1,-0.0]}'))).toThrow('data.a[1] is -0');
    expect(() => adoptParsedJson(JSON.parse('{"big":1e400}'))).toThrow('data.big is Infinity');
  });
});
