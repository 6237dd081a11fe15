// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { LEVELS, LEVEL_OPERATIONS, assertImplementation, hasLevels, referenceImplementation, type Implementation } from '../../src/conformance/index.ts';
import { checkConformance } from '../../src/suite/check-conformance.ts';
import { runSuite } from '../../src/suite/run-suite.ts';
import { describeConformance } from '../../src/vitest/describe-conformance.ts';

/** The reference declaring the log level only, with `append` taken out. */
function logWithoutAppend(): Implementation {
  const { append: _, ...rest } = referenceImplementation({ info: { name: 'no-append', levels: ['log'] } });
  return rest;
}

/** What a plain JavaScript caller can pass, which the types rule out: the reference with its interfaceVersion deleted, or set to `version`. */
function withVersion(version: string | undefined): Implementation {
  const impl = { ...referenceImplementation() };
  if (version === undefined) Reflect.deleteProperty(impl, 'interfaceVersion');
  else Reflect.set(impl, 'interfaceVersion', version);
  return impl;
}

describe('hasLevels', () => {
  it('holds when every level is declared and each of its operations is a function', () => {
    const reference = referenceImplementation();
    expect(hasLevels(reference, LEVELS)).toBe(true);
    const logOnly = referenceImplementation({ info: { levels: ['log'] } });
    expect(hasLevels(logOnly, ['log'])).toBe(true);
    // Undeclared: the operations are there, but the implementation did not claim the level.
    expect(hasLevels(logOnly, ['log', 'fold'])).toBe(false);
    expect(hasLevels(logWithoutAppend(), ['log'])).toBe(false);
    const notAFunction = { ...reference };
    Reflect.set(notAFunction, 'parseStream', 'not a function');
    expect(hasLevels(notAFunction, ['wire'])).toBe(false);
    expect(hasLevels(notAFunction, ['log', 'fold', 'request', 'loop'])).toBe(true);
  });

  it('looks for every operation of a level, each in exactly one level', () => {
    const names = LEVELS.flatMap((level) => LEVEL_OPERATIONS[level]);
    expect(new Set(names).size).toBe(names.length);
    expect(names.toSorted()).toEqual(['append', 'buildRequest', 'deriveMessages', 'foldRequestHeader', 'load', 'parseStream', 'run', 'serialize']);
  });
});

describe('the interface version', () => {
  it('is v1 on every implementation recon builds', () => {
    expect(referenceImplementation().interfaceVersion).toBe('v1');
    expect(() => assertImplementation(referenceImplementation())).not.toThrow();
  });

  it('is required by checkConformance: none, or one it does not know, is IMPL_VERSION with a hint naming v1, before any property runs', async () => {
    for (const [version, said] of [[undefined, 'declares no interfaceVersion'], ['v2', 'declares interfaceVersion "v2"']] as const) {
      const error = await checkConformance(withVersion(version), { runs: 1, seed: 1, regressions: false }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code: 'IMPL_VERSION', message: expect.stringContaining(said), hint: expect.stringContaining("interfaceVersion: 'v1'") });
    }
  });

  it('is required by describeConformance when the file is collected', () => {
    expect(() => describeConformance(withVersion(undefined))).toThrow(expect.objectContaining({ code: 'IMPL_VERSION' }));
  });
});

describe('a declared level without its operations', () => {
  it('is refused by checkConformance as IMPL_UNAVAILABLE, naming what is missing', async () => {
    await expect(checkConformance(logWithoutAppend(), { runs: 1, seed: 1, regressions: false })).rejects.toMatchObject({
      code: 'IMPL_UNAVAILABLE',
      message: expect.stringContaining('no-append lacks operations of the levels it declares: append (log)'),
    });
  });

  it('fails each property of that level as a crash when the runner is called directly, and leaves the others n/a', async () => {
    const result = await runSuite(logWithoutAppend(), PROPERTIES, { runs: 2, seed: 1, only: ['LOG-LOAD-VALID', 'FOLD-MATCHES-SPEC'] });
    expect(result.properties.map((p) => [p.id, p.status, p.runs])).toEqual([
      ['LOG-LOAD-VALID', 'fail', 0],
      ['FOLD-MATCHES-SPEC', 'n/a', 0],
    ]);
    expect(result.properties[0]!.counterexample).toEqual({ kind: 'crashed', message: 'the implementation declares the levels of this property but lacks their operations: append (log)' });
  });
});
