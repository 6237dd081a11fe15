// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { openImplementation } from '../../src/conformance/open-implementation.ts';
import { runSuite } from '../../src/suite/run-suite.ts';
import { runCli } from '../helpers/run-cli.ts';

const cwd = import.meta.dirname;

describe('--impl module:<path>', () => {
  it('loads the Implementation a module exports, relative to the working directory', async () => {
    // The module declares no interfaceVersion: it is read as written against v1, the first.
    const impl = await openImplementation('module:fixtures/log-only-module.ts', { cwd });
    expect(impl.info).toMatchObject({ name: 'log-only', levels: ['log'] });
    expect(impl.interfaceVersion).toBe('v1');
    expect([impl.load, impl.append, impl.deriveMessages].map((operation) => typeof operation)).toEqual(['function', 'function', 'undefined']);
    const result = await runSuite(impl, PROPERTIES, { runs: 3, seed: 1, only: ['LOG-REFUSE-INVALID', 'FOLD-MATCHES-SPEC'] });
    expect(result.properties.map((p) => p.status)).toEqual(['pass', 'n/a']);
  });

  it('says what is missing when a module is absent or exports something else, and recon check exits 3', async () => {
    await expect(openImplementation('module:fixtures/not-an-implementation.ts', { cwd })).rejects.toMatchObject({
      code: 'IMPL_UNAVAILABLE',
      message: expect.stringContaining('it lacks operations of the levels it declares: append (log), deriveMessages (fold), foldRequestHeader (fold)'),
    });
    const { code, stderr } = await runCli(['check', '--impl', 'module:fixtures/nowhere.ts'], {}, cwd);
    expect(code).toBe(3);
    expect(stderr).toMatch(/IMPL_UNAVAILABLE: module .*nowhere\.ts could not be imported/);
  });

  it('refuses a module written against another version of the interface, and recon check exits 3', async () => {
    await expect(openImplementation('module:fixtures/future-version-module.ts', { cwd })).rejects.toMatchObject({ code: 'IMPL_VERSION', message: expect.stringContaining('declares interfaceVersion "v2"') });
    const { code, stderr } = await runCli(['check', '--impl', 'module:fixtures/future-version-module.ts'], {}, cwd);
    expect(code).toBe(3);
    expect(stderr).toContain('IMPL_VERSION');
  });
});
